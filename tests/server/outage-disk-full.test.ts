import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { open, rm } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { UPLOAD_MESSAGES } from "~/modules/uploads/uploads";
import { startOwnBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { postgresEngine, type TestDatabase } from "../helpers/databases";
import { BURST_ENV, filesUnder, sendDesignRequest } from "../helpers/outage-traffic";
import { tempDir } from "../helpers/processes";

// The disk of DATA_DIR full during uploads (issue 27): DATA_DIR is a small tmpfs of its own, filled to the last byte
// while the boutique runs on PostgreSQL. A request with photos is refused plainly (503, in words the shopper can act
// on; the form she filled stays as it was), nothing half-written stays in the uploads folder and no row is stored; a request without
// photos still goes through, and photos are taken again once there is room. Mounting needs root, as CI runs.

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

/** Writes `path` until the disk says it is full (ENOSPC); the file is removed to make room again. */
async function fillDisk(path: string): Promise<void> {
  const file = await open(path, "w");
  const chunk = Buffer.alloc(256 * 1024, 1);
  try {
    for (;;) await file.write(chunk);
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOSPC") throw error;
  } finally {
    await file.close().catch(() => {});
  }
  // What a smaller write still fits in, so the disk is full to the byte.
  const tail = await open(path, "a");
  try {
    for (;;) await tail.write(Buffer.alloc(512, 1));
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOSPC") throw error;
  } finally {
    await tail.close().catch(() => {});
  }
}

describe.skipIf(!asRoot || !postgresEngine)("the disk of DATA_DIR full during uploads", { timeout: 240_000 }, () => {
  let database: TestDatabase | undefined;
  let server: BoutiqueServer | undefined;
  let dataDir: string | undefined;
  let mounted = false;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    if (mounted) await run("umount", [dataDir!]);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it("refuses photos plainly, stores nothing half-done, and takes them again once there is room", async () => {
    database = await postgresEngine!.create();
    dataDir = tempDir("boutique-full-");
    await run("mount", ["-t", "tmpfs", "-o", "size=32m,mode=0700", "tmpfs", dataDir]);
    mounted = true;
    server = await startOwnBoutique({
      ...BURST_ENV,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      APP_SECRET: randomBytes(32).toString("hex"),
      MAIL_TRANSPORT: "log",
    });
    const base = server.url;
    const submissions = async () =>
      (await queryRows<{ email: string }>(database!.handle.db, sql`select email from custom_design_submissions order by email`)).map(
        (row) => row.email,
      );
    const uploads = join(dataDir, "uploads");

    expect((await sendDesignRequest(base, "before@full.example", 2)).status).toBe(200);
    const storedBefore = filesUnder(uploads).filter((path) => !path.startsWith("tmp"));
    expect(storedBefore).toHaveLength(4);

    const filler = join(dataDir, "filler");
    await fillDisk(filler);
    for (const email of ["full-1@full.example", "full-2@full.example"]) {
      const refused = await sendDesignRequest(base, email, 2);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ ok: false, formError: UPLOAD_MESSAGES.storageFull });
    }
    // Nothing half-written: the same files as before, no temporary part, and no row for the refused requests.
    expect(filesUnder(uploads).filter((path) => !path.startsWith("tmp"))).toEqual(storedBefore);
    expect(filesUnder(join(uploads, "tmp"))).toEqual([]);
    expect(await submissions()).toEqual(["before@full.example"]);
    // Without photos a request needs no disk here, and goes through; the server is well.
    expect((await sendDesignRequest(base, "no-photos@full.example", 0)).status).toBe(200);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    await rm(filler);
    expect((await sendDesignRequest(base, "after@full.example", 2)).status).toBe(200);
    expect(await submissions()).toEqual(["after@full.example", "before@full.example", "no-photos@full.example"]);
    expect(filesUnder(uploads).filter((path) => !path.startsWith("tmp"))).toHaveLength(8);
  });
});
