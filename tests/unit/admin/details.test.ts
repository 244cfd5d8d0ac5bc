import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { deleteItem, loadDashboard, parseView } from "~/modules/admin/admin.server";
import type { AppointmentRow, SubmissionRow } from "~/modules/admin/types";
import { folderStore } from "~/modules/uploads/store.server";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

/** Now, for the dashboard: which fittings are still to come (those cannot be deleted before they are cancelled). */
const clock = { now: new Date("2026-11-25T12:00:00Z"), timeZone: "America/New_York" };

const actor = { id: "admin-1", email: "boss@example.com" };
const view = (query: string) => parseView(new URL(`http://x/admin/dashboard?${query}`));
const work = mkdtempSync(join(tmpdir(), "admin-details-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(testEngines)("a row's details on $name", (engine) => {
  const database = useTestDatabase(engine);
  const db = () => database.handle.db;

  beforeAll(async () => {
    // Mia: three requests under two spellings of her email and one under her account with another email,
    // seven appointments; a stranger with a look-alike email; the newest request first.
    await db().execute(sql`
      insert into custom_design_submissions (name, email, event_type, event_date, vision, user_id, status, created_at) values
        ('Mia Rose', 'mia@example.com', 'wedding', '2027-05-01', 'An ivory lace gown with a long train', 'user-mia', 'pending', timestamptz '2026-03-01 10:00:00+00'),
        ('Mia Rose', 'MIA@Example.com', 'prom', null, 'A blush tulle gown for prom night', null, 'contacted', timestamptz '2026-02-01 10:00:00+00'),
        ('Mia R.', 'mia.work@example.com', 'gala', null, 'A navy velvet column for the gala', 'user-mia', 'completed', timestamptz '2026-01-01 10:00:00+00'),
        ('Not Mia', 'xmia@example.com', 'other', null, 'Someone else entirely, with a look-alike email', null, 'pending', timestamptz '2026-02-15 10:00:00+00')`);
    await db().execute(sql`
      insert into appointments (name, email, preferred_date, preferred_time, seat, status, user_id, created_at)
      select 'Mia Rose', case when n % 2 = 0 then 'mia@example.com' else 'Mia@example.COM' end, date '2026-12-01' + n, '10:00', 1,
             'confirmed', null, timestamptz '2026-01-01 00:00:00+00' + n * interval '1 day'
      from generate_series(1, 7) n`);
    await db().execute(sql`
      insert into appointments (name, email, preferred_date, preferred_time, seat, status, created_at)
      values ('Not Mia', 'xmia@example.com', '2026-12-20', '11:00', 1, 'pending', timestamptz '2026-02-20 00:00:00+00')`);
  }, 120_000);

  it("shows a submission's images, and the customer's other requests and appointments, newest first and a few", async () => {
    const [newest] = await queryRows<{ id: string }>(db(), sql`select id from custom_design_submissions where email = 'mia@example.com'`);
    const imageId = randomUUID();
    await db().execute(sql`
      insert into design_request_images (id, submission_id, position, key, thumb_key, width, height, bytes, source_type, source_bytes)
      values (${imageId}, ${newest!.id}, 0, ${`design/${imageId}.webp`}, ${`design/${imageId}-thumb.webp`}, 800, 600, 1000, 'image/jpeg', 2000)`);

    const page = await loadDashboard(db(), view("tab=submissions"), clock);
    const mia = page.rows.find((r) => r.id === newest!.id) as SubmissionRow;
    expect(mia.images).toEqual([
      {
        id: imageId,
        url: `/custom-design/images/${imageId}`,
        thumbUrl: `/custom-design/images/${imageId}?size=thumb`,
        width: 800,
        height: 600,
      },
    ]);
    // Same email in another case, and same account under another email; never herself, never the look-alike.
    expect(mia.otherRequests.map((r) => [r.eventType, r.status])).toEqual([
      ["prom", "contacted"],
      ["gala", "completed"],
    ]);
    expect(mia.appointments).toHaveLength(5);
    expect(mia.appointments.map((a) => a.preferredDate)).toEqual(["2026-12-08", "2026-12-07", "2026-12-06", "2026-12-05", "2026-12-04"]);

    // The guest request (no account) finds hers by email only: the account's other-email request is not hers to see.
    const prom = page.rows.find((r) => r.kind === "submissions" && r.eventType === "prom") as SubmissionRow;
    expect(prom.otherRequests.map((r) => r.eventType)).toEqual(["wedding"]);
    expect(prom.images).toEqual([]);
    const stranger = page.rows.find((r) => r.kind === "submissions" && r.name === "Not Mia") as SubmissionRow;
    expect(stranger.otherRequests).toEqual([]);
    expect(stranger.appointments.map((a) => a.preferredDate)).toEqual(["2026-12-20"]);
  });

  it("shows an appointment's pull list", async () => {
    const [fitting] = await queryRows<{ id: string }>(db(), sql`select id from appointments where preferred_date = '2026-12-03'`);
    await db().execute(sql`
      insert into appointment_pull_items (appointment_id, product_id, product_handle, product_title, product_image_url)
      values (${fitting!.id}, 'gid://shopify/Product/1', 'aurora-gown', 'Aurora Gown', 'https://cdn.example.com/aurora.jpg'),
             (${fitting!.id}, 'gid://shopify/Product/2', 'belle-satin', 'Belle Satin', null)`);
    const page = await loadDashboard(db(), view("tab=appointments"), clock);
    const row = page.rows.find((r) => r.id === fitting!.id) as AppointmentRow;
    expect(row.pullList).toEqual([
      { handle: "aurora-gown", title: "Aurora Gown", imageUrl: "https://cdn.example.com/aurora.jpg" },
      { handle: "belle-satin", title: "Belle Satin", imageUrl: null },
    ]);
    expect((page.rows.find((r) => r.id !== fitting!.id) as AppointmentRow).pullList).toEqual([]);
  });

  it("finds the customer's rows by index, not by reading the table", async () => {
    // The same query shape customerHistory builds (one lookup per customer): the plan names the indexes and no sequential scan.
    await db().execute(sql`analyze custom_design_submissions`);
    await db().execute(sql`set enable_seqscan = off`);
    try {
      const plan = await queryRows<{ "QUERY PLAN": string }>(
        db(),
        sql`explain select * from (
              select c.k, r.id, row_number() over (partition by c.k order by r.created_at desc nulls last, r.id desc) as n
              from (values (0, 'mia@example.com', 'user-mia', gen_random_uuid()), (1, 'pia@example.com', null, gen_random_uuid())) as c(k, email, user_id, row_id)
              join custom_design_submissions r on (lower(r.email) = c.email or r.user_id = c.user_id) and r.id <> c.row_id
            ) found where n <= 5`,
      );
      const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
      expect(text).toContain("custom_design_submissions_email_idx");
      expect(text).toContain("custom_design_submissions_user_id_idx");
    } finally {
      await db().execute(sql`reset enable_seqscan`);
    }
  });

  it("deletes a submission's image files once the delete has committed, and only then", async () => {
    const store = folderStore(join(work, engine.name));
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`insert into custom_design_submissions (name, email, event_type, vision) values ('Pia', 'pia@example.com', 'gala', 'A silver column gown') returning id`,
    );
    const imageId = randomUUID();
    const key = `design/${imageId}.webp`;
    const thumbKey = `design/${imageId}-thumb.webp`;
    await store.put(key, Buffer.from("picture"));
    await store.put(thumbKey, Buffer.from("thumb"));
    await db().execute(sql`
      insert into design_request_images (id, submission_id, position, key, thumb_key, width, height, bytes, source_type, source_bytes)
      values (${imageId}, ${row!.id}, 0, ${key}, ${thumbKey}, 10, 10, 7, 'image/png', 70)`);
    const path = (k: string) => join(work, engine.name, k);
    expect(existsSync(path(key))).toBe(true);

    // A bad id or tab removes nothing.
    expect(await deleteItem(db(), actor, { tab: "submissions", id: "nope" }, { store, ...clock })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(existsSync(path(key))).toBe(true);

    // A failing store does not undo the delete: the row is gone, the failure is reported.
    const failures: string[][] = [];
    const broken = { ...store, remove: async () => Promise.reject(new Error("disk gone")) };
    expect(
      await deleteItem(
        db(),
        actor,
        { tab: "submissions", id: row!.id },
        { store: broken, ...clock, onFileError: (_e, keys) => failures.push([...keys]) },
      ),
    ).toEqual({ ok: true });
    expect(failures).toEqual([[key, thumbKey]]);
    expect(await queryRows(db(), sql`select 1 from design_request_images where id = ${imageId}`)).toHaveLength(0);

    // The normal case: a second request with files, deleted, leaves no file behind.
    const [again] = await queryRows<{ id: string }>(
      db(),
      sql`insert into custom_design_submissions (name, email, event_type, vision) values ('Pia', 'pia@example.com', 'gala', 'A silver column gown') returning id`,
    );
    const second = randomUUID();
    await store.put(`design/${second}.webp`, Buffer.from("picture"));
    await store.put(`design/${second}-thumb.webp`, Buffer.from("thumb"));
    await db().execute(sql`
      insert into design_request_images (id, submission_id, position, key, thumb_key, width, height, bytes, source_type, source_bytes)
      values (${second}, ${again!.id}, 0, ${`design/${second}.webp`}, ${`design/${second}-thumb.webp`}, 10, 10, 7, 'image/png', 70)`);
    expect(await deleteItem(db(), actor, { tab: "submissions", id: again!.id }, { store, ...clock })).toEqual({ ok: true });
    expect(existsSync(path(`design/${second}.webp`))).toBe(false);
    expect(existsSync(path(`design/${second}-thumb.webp`))).toBe(false);
    // Deleting it again: not found, and nothing else happens.
    expect(await deleteItem(db(), actor, { tab: "submissions", id: again!.id }, { store, ...clock })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });
});
