// npm run db:restore <file>: loads a backup into an empty database.
import { createReadStream, existsSync } from "node:fs";
import { BackupError, restoreBackup } from "~/db/backup.server";
import { createImageStore } from "~/modules/uploads/uploads.server";
import { DataDirLockedError, fail, loadEnv, openForCli } from "./cli-support";

const file = process.argv[2];
if (!file) fail("Usage: npm run db:restore <backup-file>", 2);
if (!existsSync(file)) fail(`No such file: ${file}`);
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
  const summary = await restoreBackup(db.handle.db, createReadStream(file), images);
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
