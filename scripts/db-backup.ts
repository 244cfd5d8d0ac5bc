// npm run db:backup [file]: a logical backup of the configured database.
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createBackupFile } from "~/db/backup-file.server";
import { writeBackup } from "~/db/backup.server";
import { createImageStore } from "~/modules/uploads/uploads.server";
import { DataDirLockedError, fail, loadEnv, openForCli, pgliteExists } from "./cli-support";

const env = loadEnv();
const file = resolve(process.argv[2] ?? `backups/boutique-${new Date().toISOString().replace(/[:.]/g, "-")}.ndjson.gz`);

if (!env.DATABASE_URL && !pgliteExists(env))
  fail(`There is no database in ${env.DATA_DIR} yet: start the boutique once (npm start) or set DATA_DIR.`);

try {
  const db = await openForCli(env, "db:backup");
  const images = await createImageStore(env);
  try {
    const summary = await writeBackup(db.handle.db, createBackupFile(file), images);
    const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
    console.log(
      `Backed up ${rows} rows from ${Object.keys(summary.rows).length} tables and ${summary.files} uploaded images to ${file} (${statSync(file).size} bytes).`,
    );
    if (summary.missingFiles > 0) console.warn(`${summary.missingFiles} image files named in the database were not in ${images.where}.`);
  } finally {
    if ("close" in images) images.close();
    await db.close();
  }
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  const control = error.owner.control;
  if (!control) fail(`${error.message}\nThat process offers no backup service; stop it and run npm run db:backup again.`);
  // The server holds the folder: ask it for the backup instead.
  const response = await fetch(`${control.url}/_ops/backup`, { headers: { authorization: `Bearer ${control.token}` } }).catch(
    (cause: Error) =>
      fail(`The server (process ${error.owner.pid}) holds ${env.DATA_DIR} but did not answer at ${control.url}: ${cause.message}`),
  );
  if (!response.ok || !response.body) fail(`The server (process ${error.owner.pid}) refused the backup (HTTP ${response.status}).`);
  await pipeline(Readable.fromWeb(response.body as never), createBackupFile(file));
  console.log(`Backed up through the running server (process ${error.owner.pid}) to ${file} (${statSync(file).size} bytes).`);
}
