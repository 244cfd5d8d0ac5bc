import { createReadStream, createWriteStream } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { asc, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { restoreBackup, writeBackup } from "~/db/backup.server";
import { queryRows } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { customDesignSubmissions, designRequestImages } from "~/db/schema/design-requests";
import { appointments } from "~/db/schema/fittings";
import { newsletterSubscribers } from "~/db/schema/newsletter";
import { mailOutbox } from "~/db/schema/mail";
import { folderStore } from "~/modules/uploads/store.server";
import { testEngines, withDatabases } from "../../helpers/databases";
import { useTestDatabase, type UsedDatabase } from "../../helpers/test-database";
import { tempDir } from "../../helpers/processes";

async function seed(source: UsedDatabase) {
  const db = source.handle.db;
  await db.insert(newsletterSubscribers).values([{ email: "ava@example.com" }, { email: "bea@example.com", isActive: false }]);
  await db.insert(appointments).values({
    name: "Cleo",
    email: "cleo@example.com",
    preferredDate: "2027-04-10",
    preferredTime: "15:00",
    notes: "Preferred time: 3:00 PM\nBringing my mother",
  });
  await db.insert(auditLog).values([
    { action: "status", entity: "appointments", details: { from: "pending", to: "confirmed" } },
    { action: "delete", entity: "appointments" },
  ]);
  await db.insert(mailOutbox).values({ kind: "test", toAddress: "ava@example.com", subject: "Hello", textBody: "Hi ✨ — naïve café" });
}

const gz = (text: string) => Readable.from([text]).pipe(createGzip());

describe.each(testEngines)("backup and restore on $name", (engine) => {
  const source = useTestDatabase(engine);
  let file: string;
  beforeAll(async () => {
    await seed(source);
    file = join(tempDir(), "backup.ndjson.gz");
    await writeBackup(source.handle.db, createWriteStream(file), null);
  });

  for (const target of testEngines) {
    it(`restores every row, with its types, into an empty ${target.name} database`, async () => {
      await withDatabases([target], async (restored) => {
        const { rows: counts } = await restoreBackup(restored.handle.db, createReadStream(file), null);
        expect(counts).toMatchObject({ newsletter_subscribers: 2, appointments: 1, audit_log: 2, mail_outbox: 1 });
        // The dashboard's counters are the database's own: not in the file, counted again by the restore's inserts.
        expect(counts).not.toHaveProperty("admin_row_counts");
        const counters = await queryRows<{ table_name: string; row_count: string | number }>(
          restored.handle.db,
          sql`select table_name, row_count from admin_row_counts order by table_name`,
        );
        expect(counters.map((c) => [c.table_name, Number(c.row_count)])).toEqual([
          ["appointments", 1],
          ["custom_design_submissions", 0],
          ["newsletter_subscribers", 2],
        ]);
        for (const table of [newsletterSubscribers, appointments, mailOutbox] as const) {
          const before = await source.handle.db.select().from(table).orderBy(asc(table.id));
          const after = await restored.handle.db.select().from(table).orderBy(asc(table.id));
          expect(after).toEqual(before);
        }
        const audit = await restored.handle.db.select().from(auditLog).orderBy(asc(auditLog.id));
        expect(audit.map((a) => a.details)).toEqual([{ from: "pending", to: "confirmed" }, null]);
        // The identity sequence continues after the restored ids.
        const [next] = await restored.handle.db.insert(auditLog).values({ action: "x", entity: "y" }).returning();
        expect(next!.id).toBe(3);
      });
    });
  }

  it("pages by key (no OFFSET) through more rows than one page, every row restored in order", async () => {
    await withDatabases([engine, engine], async (big, restored) => {
      // 2,345 rows: three pages of 1,000, with ties impossible (the key is the primary key).
      const rows = Array.from({ length: 2345 }, (_, i) => ({ action: `a${i}`, entity: "e" }));
      for (let i = 0; i < rows.length; i += 500) await big.handle.db.insert(auditLog).values(rows.slice(i, i + 500));
      const statements: string[] = [];
      const spy = (big.handle.db as unknown as { $client: { query?: (...args: unknown[]) => unknown } }).$client;
      const original = spy.query?.bind(spy);
      if (original) {
        spy.query = (...args: unknown[]) => {
          const text = typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string })?.text ?? "");
          statements.push(text);
          return original(...args);
        };
      }
      const dump = join(tempDir(), "big.ndjson.gz");
      const { rows: counts } = await writeBackup(big.handle.db, createWriteStream(dump), null);
      if (original) spy.query = original;
      expect(counts.audit_log).toBe(2345);
      expect(statements.some((q) => /offset/i.test(q))).toBe(false);
      await restoreBackup(restored.handle.db, createReadStream(dump), null);
      const actions = (await restored.handle.db.select().from(auditLog).orderBy(asc(auditLog.id))).map((a) => a.action);
      expect(actions).toEqual(rows.map((r) => r.action));
    });
  });

  it("refuses to load into a database that already has rows, and changes nothing", async () => {
    await expect(restoreBackup(source.handle.db, createReadStream(file), null)).rejects.toThrow("The database is not empty");
    expect(await source.handle.db.select().from(newsletterSubscribers)).toHaveLength(2);
  });

  it("refuses a file that is not a backup, and a backup from a newer version", async () => {
    await withDatabases([engine], async (empty) => {
      await expect(restoreBackup(empty.handle.db, gz('{"hello":"world"}\n'), null)).rejects.toThrow("not a boutique backup");
      await expect(
        restoreBackup(empty.handle.db, gz('{"format":"hive-boutique-backup","version":1,"migrations":999,"tables":[]}\n'), null),
      ).rejects.toThrow("made by a newer version");
    });
  });

  it("loads all or nothing: a bad row leaves the database empty", async () => {
    await withDatabases([engine], async (empty) => {
      const text =
        '{"format":"hive-boutique-backup","version":1,"migrations":1,"tables":["newsletter_subscribers"]}\n' +
        '{"table":"newsletter_subscribers","row":{"id":"5b0e7f3c-8c4c-4a57-9d68-6a1f3f0a1b11","email":"a@example.com","is_active":true,"subscribed_at":"2026-01-01T00:00:00Z"}}\n' +
        '{"table":"appointments","row":{"id":"not-a-uuid"}}\n';
      await expect(restoreBackup(empty.handle.db, gz(text), null)).rejects.toThrow();
      expect(await empty.handle.db.select().from(newsletterSubscribers)).toHaveLength(0);
    });
  });
});

describe.each(testEngines)("the uploaded images in a backup on $name", (engine) => {
  const submissionId = "0b9f3c1e-7a51-4c1d-9d2e-2f6a4e8b1c01";
  const imageId = "6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
  const picture = Buffer.from("RIFF picture bytes ✨");
  const thumbnail = Buffer.from("RIFF thumbnail bytes");

  async function seedImages(source: UsedDatabase, store: ReturnType<typeof folderStore>) {
    await source.handle.db.insert(customDesignSubmissions).values({
      id: submissionId,
      name: "Ada Lovelace",
      email: "ada@example.com",
      eventType: "wedding",
      vision: "A long lace gown",
    });
    await source.handle.db.insert(designRequestImages).values({
      id: imageId,
      submissionId,
      position: 0,
      key: `design-requests/${imageId}.webp`,
      thumbKey: `design-requests/${imageId}-thumb.webp`,
      width: 1200,
      height: 1600,
      bytes: picture.length,
      sourceType: "image/jpeg",
      sourceBytes: 4096,
    });
    await store.put(`design-requests/${imageId}.webp`, picture);
    await store.put(`design-requests/${imageId}-thumb.webp`, thumbnail);
  }

  const read = async (store: ReturnType<typeof folderStore>, key: string) => {
    const found = await store.open(key);
    return found ? Buffer.concat(await found.stream.toArray()) : null;
  };

  it("carries the files the rows name, and a restore puts them back into the new store", async () => {
    await withDatabases([engine, engine], async (source, restored) => {
      const from = folderStore(tempDir());
      await seedImages(source, from);
      const dump = join(tempDir(), "with-images.ndjson.gz");
      const written = await writeBackup(source.handle.db, createWriteStream(dump), from);
      expect([written.files, written.missingFiles]).toEqual([2, 0]);

      const to = folderStore(tempDir());
      const loaded = await restoreBackup(restored.handle.db, createReadStream(dump), to);
      expect(loaded.files).toBe(2);
      expect(loaded.rows).toMatchObject({ custom_design_submissions: 1, design_request_images: 1 });
      expect(await read(to, `design-requests/${imageId}.webp`)).toEqual(picture);
      expect(await read(to, `design-requests/${imageId}-thumb.webp`)).toEqual(thumbnail);
    });
  });

  it("counts a file the store has lost instead of failing; a restore that fails takes its files away again", async () => {
    await withDatabases([engine, engine], async (source, restored) => {
      const from = folderStore(tempDir());
      await seedImages(source, from);
      await from.remove(`design-requests/${imageId}-thumb.webp`);
      const dump = join(tempDir(), "one-lost.ndjson.gz");
      const written = await writeBackup(source.handle.db, createWriteStream(dump), from);
      expect([written.files, written.missingFiles]).toEqual([1, 1]);

      // A database that already has rows refuses the restore before any file is stored.
      const to = folderStore(tempDir());
      await expect(restoreBackup(source.handle.db, createReadStream(dump), to)).rejects.toThrow("The database is not empty");
      expect(await read(to, `design-requests/${imageId}.webp`)).toBeNull();

      // A bad row after the files: the rows roll back and the stored files go with them.
      const text =
        '{"format":"hive-boutique-backup","version":2,"migrations":1,"tables":["appointments"]}\n' +
        `{"file":"design-requests/${imageId}.webp","data":"${picture.toString("base64")}"}\n` +
        '{"table":"appointments","row":{"id":"not-a-uuid"}}\n';
      await expect(restoreBackup(restored.handle.db, gz(text), to)).rejects.toThrow();
      expect(await read(to, `design-requests/${imageId}.webp`)).toBeNull();
    });
  });
});
