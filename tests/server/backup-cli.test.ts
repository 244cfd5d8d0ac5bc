import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, openMigratedDatabase } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema/newsletter";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { spawnCollecting, tempDir } from "../helpers/processes";
import { designForm } from "../helpers/shoppers";

const TSX = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));
const script = (name: string) => fileURLToPath(new URL(`../../scripts/${name}`, import.meta.url));
const running: BoutiqueServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

/** Runs a CLI as an operator's shell would, under the common umask 022 (files readable by all unless made private). */
async function cli(name: string, args: string[], env: Record<string, string>) {
  const child = spawnCollecting("sh", ["-c", 'umask 022 && exec "$@"', "sh", process.execPath, TSX, script(name), ...args], {
    LOG_LEVEL: "silent",
    ...env,
  });
  const { code } = await child.exited;
  return { code, stdout: child.stdout(), stderr: child.stderr() };
}

describe("db:backup and db:restore on the embedded database", () => {
  it("backs up through the running server, refuses to restore beside it, and restores into an empty folder", async () => {
    // Rows written before the server starts, straight into its folder.
    const dataDir = tempDir();
    const seed = await openMigratedDatabase({ engine: "pglite", dataDir });
    await seed.db.insert(newsletterSubscribers).values([{ email: "ava@example.com" }, { email: "bea@example.com", isActive: false }]);
    await seed.close();

    const server = await startBoutique({ DATA_DIR: dataDir });
    running.push(server);
    // A guest's design request with one photo: its picture and thumbnail live in DATA_DIR/uploads, not in the database.
    const form = designForm({ name: "Ada Lovelace", email: "ada@example.com", eventType: "wedding", vision: "A lace gown" });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c9a96e" } })
      .jpeg()
      .toBuffer();
    form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "veil.jpg");
    const sent = await fetch(`${server.url}/custom-design/submit`, { method: "POST", body: form, headers: { origin: server.url } });
    expect(sent.status).toBe(200);
    const uploaded = (await readdir(join(dataDir, "uploads", "design-requests"))).sort();
    expect(uploaded).toHaveLength(2);

    const file = join(tempDir(), "live.ndjson.gz");
    const backup = await cli("db-backup.ts", [file], { DATA_DIR: server.dataDir });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up through the running server (process ${server.process.child.pid})`);
    // Password hashes, two-factor secrets, session tokens and signing keys: for the operator's eyes only.
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const refused = await cli("db-restore.ts", [file], { DATA_DIR: server.dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`in use by process ${server.process.child.pid}`);
    expect(refused.stderr).toContain("stop the server first");

    const target = tempDir();
    const restored = await cli("db-restore.ts", [file], { DATA_DIR: target });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored \d+ rows into \d+ tables and 2 uploaded images/);
    // The pictures came back with their rows, byte for byte.
    expect((await readdir(join(target, "uploads", "design-requests"))).sort()).toEqual(uploaded);
    for (const name of uploaded) {
      expect(await readFile(join(target, "uploads", "design-requests", name))).toEqual(
        await readFile(join(dataDir, "uploads", "design-requests", name)),
      );
    }

    const check = await openDatabase({ engine: "pglite", dataDir: target });
    try {
      const rows = await check.db
        .select({ email: newsletterSubscribers.email, isActive: newsletterSubscribers.isActive })
        .from(newsletterSubscribers)
        .orderBy(newsletterSubscribers.email);
      expect(rows).toEqual([
        { email: "ava@example.com", isActive: true },
        { email: "bea@example.com", isActive: false },
      ]);
    } finally {
      await check.close();
    }

    // A second restore into the same folder is refused: it is no longer empty.
    const twice = await cli("db-restore.ts", [file], { DATA_DIR: target });
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("The database is not empty");
    // A server and three CLI processes, each compiling TypeScript at start: minutes on a busy machine.
  }, 180_000);

  it("writes the backup 0600 under umask 022, also over an existing file, and restores only a file nobody else could change", async () => {
    const dataDir = tempDir();
    const seed = await openMigratedDatabase({ engine: "pglite", dataDir });
    await seed.db.insert(newsletterSubscribers).values({ email: "cleo@example.com" });
    await seed.close();

    // A new file in a folder the backup makes, and an old backup file left readable by all, overwritten.
    const fresh = join(tempDir(), "backups", "fresh.ndjson.gz");
    const old = join(tempDir(), "old.ndjson.gz");
    writeFileSync(old, "an older backup");
    chmodSync(old, 0o644);
    for (const file of [fresh, old]) {
      const backup = await cli("db-backup.ts", [file], { DATA_DIR: dataDir });
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      expect(statSync(file).mode & 0o777, file).toBe(0o600);
    }
    expect(statSync(join(fresh, "..")).mode & 0o777).toBe(0o700);

    // A file others (or the group) can write may have been changed by anyone: refused, and nothing restored.
    for (const mode of [0o666, 0o620]) {
      chmodSync(old, mode);
      const target = tempDir();
      const refused = await cli("db-restore.ts", [old], { DATA_DIR: target });
      expect(refused.code, mode.toString(8)).toBe(1);
      expect(refused.stderr).toContain("can be changed by other users");
      expect(refused.stderr).toContain(`chmod 600 ${old}`);
      expect(refused.stdout).toBe("");
      expect(existsSync(join(target, "pgdata")), "no database was made").toBe(false);
    }

    // One others can only read is restored, with a warning.
    chmodSync(old, 0o644);
    const target = join(tempDir(), "restored");
    mkdirSync(target);
    const restored = await cli("db-restore.ts", [old], { DATA_DIR: target });
    expect(restored.code).toBe(0);
    expect(restored.stderr).toContain("can be read by other users");
    expect(restored.stdout).toMatch(/^Restored \d+ rows/);
    const check = await openDatabase({ engine: "pglite", dataDir: target });
    try {
      expect(await check.db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)).toEqual([
        { email: "cleo@example.com" },
      ]);
    } finally {
      await check.close();
    }
  }, 180_000);

  it("says what to do when there is no database yet, and when no file is given", async () => {
    const empty = await cli("db-backup.ts", [join(tempDir(), "x.gz")], { DATA_DIR: join(tempDir(), "nothing-here") });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("There is no database in");
    const usage = await cli("db-restore.ts", [], { DATA_DIR: tempDir() });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run db:restore <backup-file>");
  });
});
