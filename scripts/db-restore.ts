// npm run db:restore <file>: loads a backup into an empty database.
import { createReadStream, existsSync } from "node:fs";
import { BackupError, restoreBackup } from "~/db/backup.server";
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
try {
  const counts = await restoreBackup(db.handle.db, createReadStream(file));
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`Restored ${rows} rows into ${Object.keys(counts).length} tables from ${file}.`);
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
} finally {
  await db.close();
}
