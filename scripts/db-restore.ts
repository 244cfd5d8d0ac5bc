// npm run db:restore <file>: loads a backup into an empty database.
import { existsSync } from "node:fs";
import { openBackupFile } from "~/db/backup-file.server";
import { BackupError, restoreBackup } from "~/db/backup.server";
import { createImageStore } from "~/modules/uploads/uploads.server";
import { DataDirLockedError, fail, loadEnv, openForCli } from "./cli-support";

const file = process.argv[2];
if (!file) fail("Usage: npm run db:restore <backup-file>", 2);
if (!existsSync(file)) fail(`No such file: ${file}`);
// Judged before anything is opened or written: a backup others could have changed is not loaded at all.
const backup = openBackupFile(file);
if ("refused" in backup) fail(backup.refused);
if (backup.warning) process.stderr.write(`${backup.warning}\n`);
const env = loadEnv();

let db: Awaited<ReturnType<typeof openForCli>>;
try {
  db = await openForCli(env, "db:restore");
} catch (error) {
  if (error instanceof DataDirLockedError) fail(`${error.message}\nA restore needs the database to itself: stop the server first.`);
  throw error;
}
const images = await createImageStore(env);
try {
  const summary = await restoreBackup(db.handle.db, backup.stream, images);
  const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
  console.log(
    `Restored ${rows} rows into ${Object.keys(summary.rows).length} tables and ${summary.files} uploaded images into ${images.where} from ${file}.`,
  );
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
} finally {
  if ("close" in images) images.close();
  await db.close();
}
