import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrateDatabase, queryRows } from "~/db/client.server";
import { customDesignSubmissions } from "~/db/schema/design-requests";
import { appointments } from "~/db/schema/fittings";
import { newsletterSubscribers } from "~/db/schema/newsletter";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

describe.each(testEngines)("migrations on $name", (engine) => {
  const database = useTestDatabase(engine);

  it("creates every table SPEC §3 stores, plus the outbox and audit log", async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        "addresses",
        "appointments",
        "audit_log",
        "custom_design_submissions",
        "mail_outbox",
        "newsletter_subscribers",
        "profiles",
        "user_roles",
        "wishlist_items",
      ]),
    );
  });

  it("applies again without error (already up to date)", async () => {
    await expect(migrateDatabase(database.handle, database.url)).resolves.toBeUndefined();
  });

  it("rejects a status outside SPEC's list", async () => {
    await expect(
      database.handle.db
        .insert(customDesignSubmissions)
        .values({ name: "Ava", email: "ava@example.com", eventType: "wedding", vision: "A long lace sleeve gown", status: "lost" }),
    ).rejects.toThrow();
    await expect(
      database.handle.db
        .insert(appointments)
        .values({ name: "Ava", email: "ava@example.com", preferredDate: "2027-01-05", preferredTime: "10:00", status: "maybe" }),
    ).rejects.toThrow();
  });

  it("holds one active booking per slot, and frees it when cancelled", async () => {
    const db = database.handle.db;
    const [first] = await db
      .insert(appointments)
      .values({ name: "Ava", email: "a@example.com", preferredDate: "2027-02-01", preferredTime: "11:00" })
      .returning();
    await expect(
      db.insert(appointments).values({ name: "Bea", email: "b@example.com", preferredDate: "2027-02-01", preferredTime: "11:00" }),
    ).rejects.toThrow();
    await db
      .update(appointments)
      .set({ status: "cancelled" })
      .where(sql`id = ${first!.id}`);
    await expect(
      db.insert(appointments).values({ name: "Bea", email: "b@example.com", preferredDate: "2027-02-01", preferredTime: "11:00" }),
    ).resolves.toBeDefined();
  });

  it("keeps one subscriber per address whatever its case", async () => {
    const db = database.handle.db;
    await db.insert(newsletterSubscribers).values({ email: "Mia@Example.com" });
    await expect(db.insert(newsletterSubscribers).values({ email: "mia@example.COM" })).rejects.toThrow();
  });

  it("has pg_trgm for the admin and catalogue search indexes", async () => {
    const rows = await queryRows<{ extname: string }>(database.handle.db, sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect(rows).toHaveLength(1);
    const indexes = await queryRows<{ indexname: string }>(
      database.handle.db,
      sql`select indexname from pg_indexes where indexdef like '%gin_trgm_ops%' order by indexname`,
    );
    expect(indexes.map((r) => r.indexname)).toEqual([
      "appointments_search_idx",
      "catalogue_products_search_text_idx",
      "custom_design_submissions_search_idx",
      "newsletter_subscribers_search_idx",
    ]);
  });
});
