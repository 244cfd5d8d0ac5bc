import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { changeStatus, deleteItem, exportCsv, loadDashboard, parseView } from "~/modules/admin/admin.server";
// The read model's own steps: how a search is planned is not visible in the rows it finds, so it is tested here.
import { exportBatches, indexedSearch, listPage, readCounts } from "~/modules/admin/dashboard-read-model.server";
import { appointmentSearchText } from "~/db/schema/fittings";
import { submissionSearchText } from "~/db/schema/design-requests";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

const actor = { id: "admin-1", email: "boss@example.com" };
// Nothing here has image files; details.test.ts covers their removal.
/** Now, for the dashboard: which fittings are still to come (those cannot be deleted before they are cancelled). */
const clock = { now: new Date("2026-11-25T12:00:00Z"), timeZone: "America/New_York" };
const files = { store: { kind: "folder" as const, where: "nowhere", put: async () => {}, open: async () => null, remove: async () => {} } };
const view = (query: string) => parseView(new URL(`http://x/admin/dashboard?${query}`));

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe.each(testEngines)("the dashboard's queries on $name", (engine) => {
  const database = useTestDatabase(engine);
  const db = () => database.handle.db;

  beforeAll(async () => {
    // 60 submissions a minute apart (the newest is n=59), every fourth one contacted.
    await db().execute(sql`
      insert into custom_design_submissions (name, email, event_type, vision, status, venue, created_at)
      select 'Client ' || n, 'client' || n || '@example.com', 'wedding', 'A flowing silk gown, number ' || n,
             case when n % 4 = 0 then 'contacted' else 'pending' end,
             case when n = 7 then '=cmd|'' /C calc''!A0' when n = 8 then 'The "Grand" Hall' else null end,
             timestamptz '2026-01-01 00:00:00+00' + n * interval '1 minute'
      from generate_series(0, 59) n`);
    await db().execute(sql`
      insert into custom_design_submissions (name, email, event_type, vision, created_at)
      values ('Zoë 100% Lace', 'ZOE@Example.com', 'prom', 'Lace with 100% silk lining', timestamptz '2025-06-01 00:00:00+00')`);
    await db().execute(sql`
      insert into appointments (name, email, preferred_date, preferred_time, seat, notes, status)
      values ('Ada Fit', 'ada@example.com', '2026-12-01', '10:00', 1, 'Preferred time: 10:00 AM', 'cancelled'),
             ('Bea Fit', 'bea@example.com', '2026-12-01', '10:00', 1, 'Preferred time: 10:00 AM', 'pending'),
             ('Cy Fit', 'cy@example.com', '2026-12-02', '11:00', 1, null, 'confirmed')`);
    await db().execute(sql`
      insert into newsletter_subscribers (email, is_active) values ('one@example.com', true), ('two@example.com', false), ('three@example.com', true)`);
  }, 120_000);

  it("counts exactly, kept by the triggers through bulk inserts and deletes", async () => {
    expect(await readCounts(db())).toEqual({ submissions: 61, appointments: 3, subscribers: 3 });
    await db().execute(sql`insert into newsletter_subscribers (email) select 'bulk' || n || '@example.com' from generate_series(1, 50) n`);
    expect((await readCounts(db())).subscribers).toBe(53);
    await db().execute(sql`delete from newsletter_subscribers where email like 'bulk%'`);
    expect((await readCounts(db())).subscribers).toBe(3);
  });

  it("pages newest first by keyset, both ways, without losing or repeating a row", async () => {
    const seen: string[] = [];
    let page = await listPage(db(), { tab: "submissions", q: "", status: "all", limit: 25 });
    expect(page.hasNewer).toBe(false);
    expect(page.rows[0]?.name).toBe("Client 59");
    seen.push(...page.rows.map((r) => String(r.name)));
    const cursors = [];
    while (page.hasOlder) {
      const last = page.rows.at(-1)!;
      cursors.push({ at: last.sort_at, id: last.id });
      page = await listPage(db(), { tab: "submissions", q: "", status: "all", after: cursors.at(-1), limit: 25 });
      seen.push(...page.rows.map((r) => String(r.name)));
    }
    expect(seen).toHaveLength(61);
    expect(new Set(seen).size).toBe(61);
    expect(seen.at(-1)).toBe("Zoë 100% Lace");
    // Back from the last page: the page before it, in the same order.
    const first = page.rows[0]!;
    const back = await listPage(db(), { tab: "submissions", q: "", status: "all", before: { at: first.sort_at, id: first.id }, limit: 25 });
    expect(back.rows.map((r) => r.name)).toEqual(seen.slice(25, 50));
    expect(back.hasNewer).toBe(true);
  });

  it("searches case-insensitively over the fields, with LIKE's wildcards taken literally", async () => {
    const names = async (q: string, tab: "submissions" | "appointments" | "subscribers" = "submissions") =>
      (await listPage(db(), { tab, q, status: "all", limit: 100 })).rows.map((r) => r.name ?? r.email);
    expect(await names("zoe@EXAMPLE")).toEqual(["Zoë 100% Lace"]);
    expect(await names("zoë")).toEqual(["Zoë 100% Lace"]);
    expect(await names("100%")).toEqual(["Zoë 100% Lace"]);
    expect(await names("0%")).toEqual(["Zoë 100% Lace"]);
    expect(await names("_")).toEqual([]);
    expect(await names("grand")).toEqual(["Client 8"]);
    expect(await names("SILK GOWN, NUMBER 5")).toEqual([
      "Client 59",
      "Client 58",
      "Client 57",
      "Client 56",
      "Client 55",
      "Client 54",
      "Client 53",
      "Client 52",
      "Client 51",
      "Client 50",
      "Client 5",
    ]);
    // One statement, one time: the random id orders them.
    expect((await names("10:00 am", "appointments")).sort()).toEqual(["Ada Fit", "Bea Fit"]);
    expect(await names("TWO", "subscribers")).toEqual(["two@example.com"]);
  });

  it("finds the same page whether the newest rows hold it or the trigram index must", async () => {
    // 'client 5' is among the newest; 'zoë' only far back, past the window of newest rows the search reads first.
    const recent = await listPage(db(), { tab: "submissions", q: "client 5", status: "all", limit: 3 });
    expect(recent.rows.map((r) => r.name)).toEqual(["Client 59", "Client 58", "Client 57"]);
    expect(recent.hasOlder).toBe(true);
    const last = recent.rows.at(-1)!;
    const next = await listPage(db(), {
      tab: "submissions",
      q: "client 5",
      status: "all",
      after: { at: last.sort_at, id: last.id },
      limit: 3,
    });
    expect(next.rows.map((r) => r.name)).toEqual(["Client 56", "Client 55", "Client 54"]);
    const back = await listPage(db(), {
      tab: "submissions",
      q: "client 5",
      status: "all",
      before: { at: next.rows[0]!.sort_at, id: next.rows[0]!.id },
      limit: 3,
    });
    expect(back.rows.map((r) => r.name)).toEqual(["Client 59", "Client 58", "Client 57"]);
  });

  it("asks the trigram index for a term's uncommon stretches and still finds exactly the rows a plain ILIKE finds", async () => {
    // Every row holds 'client' and 'example.com', so their pieces are common: the index is asked for the rest.
    expect((await indexedSearch(db(), "submissions", "client59@")).stretches).toEqual(["t59@"]);
    expect((await indexedSearch(db(), "submissions", "CLIENT42@EXAMPLE.COM")).stretches).toEqual(["T42@E"]);
    expect((await indexedSearch(db(), "submissions", "number 17")).stretches).toEqual([" 17"]);
    // Nothing common (the whole term is the best ask), nothing uncommon, or not plain ASCII: the whole term.
    expect((await indexedSearch(db(), "submissions", "grand")).stretches).toBeNull();
    expect((await indexedSearch(db(), "submissions", "example.com")).stretches).toBeNull();
    expect((await indexedSearch(db(), "submissions", "zoë@example")).stretches).toBeNull();
    const tables = {
      submissions: { table: sql.raw("custom_design_submissions"), text: submissionSearchText, time: sql.raw("created_at") },
      appointments: { table: sql.raw("appointments"), text: appointmentSearchText, time: sql.raw("created_at") },
      subscribers: { table: sql.raw("newsletter_subscribers"), text: sql.raw("email"), time: sql.raw("subscribed_at") },
    };
    const terms: Array<[keyof typeof tables, string]> = [
      ["submissions", "client59@"],
      ["submissions", "CLIENT42@EXAMPLE.COM"],
      ["submissions", "client5@example"],
      ["submissions", "t5"],
      ["submissions", "59@ex"],
      ["submissions", "client1"],
      ["submissions", "number 17"],
      ["submissions", "silk gown, number 5"],
      ["submissions", "gown, number 4"],
      ["submissions", "ample.com client"],
      ["submissions", "m client"],
      ["submissions", "1@example.com client 1"],
      ["submissions", "zoe@example.com"],
      ["submissions", "zoë 100%"],
      ["submissions", "100% lace"],
      ["submissions", "% lace"],
      ["submissions", "_"],
      ["submissions", "ent_"],
      ["submissions", "wedding"],
      ["submissions", "pending"],
      ["submissions", "xyz@example.com"],
      ["appointments", "preferred time: 10"],
      ["appointments", "ada@example.com"],
      ["appointments", "fit cy@"],
      ["subscribers", "one@example.com"],
      ["subscribers", "o@ex"],
      ["subscribers", "example.com"],
    ];
    for (const [tab, q] of terms) {
      const { table, text, time } = tables[tab];
      const expected = await queryRows<{ id: string }>(
        db(),
        sql`select id from ${table} where strpos(lower(${text}), lower(${q})) > 0 order by ${time} desc nulls last, id desc nulls last`,
      );
      const page = await listPage(db(), { tab, q, status: "all", limit: 100 });
      expect([tab, q, page.rows.map((r) => r.id)]).toEqual([tab, q, expected.map((r) => r.id)]);
    }
  });

  it("filters by status, and subscribers by active or inactive", async () => {
    const contacted = await listPage(db(), { tab: "submissions", q: "", status: "contacted", limit: 100 });
    expect(contacted.rows).toHaveLength(15);
    expect(contacted.rows.every((r) => r.status === "contacted")).toBe(true);
    const inactive = await listPage(db(), { tab: "subscribers", q: "", status: "inactive", limit: 100 });
    expect(inactive.rows.map((r) => r.email)).toEqual(["two@example.com"]);
    const both = await listPage(db(), { tab: "submissions", q: "client 1", status: "contacted", limit: 100 });
    expect(both.rows.map((r) => r.name)).toEqual(["Client 16", "Client 12"]);
  });

  it("loads a view: counts, a page with its cursors, badges' statuses", async () => {
    const dashboard = await loadDashboard(db(), view("tab=subscribers&status=active"), clock);
    // Inserted by one statement, so one time: the id breaks the tie.
    expect(dashboard.rows.map((r) => [r.kind === "subscribers" && r.email, r.status]).sort()).toEqual([
      ["one@example.com", "active"],
      ["three@example.com", "active"],
    ]);
    const first = await loadDashboard(db(), view("tab=submissions"), clock);
    expect(first.newer).toBeNull();
    expect(first.older).not.toBeNull();
    const second = await loadDashboard(db(), view(`tab=submissions&after=${first.older}&page=2`), clock);
    expect(second.view.page).toBe(2);
    expect(second.rows[0]?.kind === "submissions" && second.rows[0].name).toBe("Client 34");
    expect(second.newer).not.toBeNull();
  });

  it("changes a status in any order and audits who, what, from and to", async () => {
    const [row] = await queryRows<{ id: string }>(db(), sql`select id from custom_design_submissions where name = 'Client 1'`);
    expect(await changeStatus(db(), actor, { tab: "submissions", id: row!.id, status: "completed" })).toEqual({ ok: true });
    expect(await changeStatus(db(), actor, { tab: "submissions", id: row!.id, status: "pending" })).toEqual({ ok: true });
    const dashboard = await loadDashboard(db(), view("tab=submissions&q=client1%40"), clock);
    const shown = dashboard.rows.find((r) => r.id === row!.id)!;
    expect(shown.status).toBe("pending");
    expect(shown.history.map((h) => [h.action, h.from, h.to, h.actor])).toEqual([
      ["status-change", "completed", "pending", "boss@example.com"],
      ["status-change", "pending", "completed", "boss@example.com"],
    ]);
  });

  it("refuses a bad status, tab or id, and stores nothing", async () => {
    const [row] = await queryRows<{ id: string }>(db(), sql`select id from custom_design_submissions where name = 'Client 2'`);
    const before = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from audit_log`);
    expect(await changeStatus(db(), actor, { tab: "submissions", id: row!.id, status: "confirmed" })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await changeStatus(db(), actor, { tab: "subscribers", id: row!.id, status: "active" })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await changeStatus(db(), actor, { tab: "submissions", id: "1; drop table x", status: "pending" })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await changeStatus(db(), actor, { tab: "submissions", id: "00000000-0000-4000-8000-000000000000", status: "pending" })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await deleteItem(db(), actor, { tab: "orders", id: row!.id }, { ...files, ...clock })).toEqual({ ok: false, reason: "invalid" });
    const after = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from audit_log`);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("an appointment takes its place back only if it is free", async () => {
    const ids = Object.fromEntries(
      (await queryRows<{ id: string; name: string }>(db(), sql`select id, name from appointments`)).map((r) => [r.name, r.id]),
    );
    expect(await changeStatus(db(), actor, { tab: "appointments", id: ids["Ada Fit"], status: "confirmed" })).toEqual({
      ok: false,
      reason: "conflict",
    });
    expect(await changeStatus(db(), actor, { tab: "appointments", id: ids["Bea Fit"], status: "cancelled" })).toEqual({ ok: true });
    const [bea] = await queryRows<{ cancelled_at: unknown }>(db(), sql`select cancelled_at from appointments where name = 'Bea Fit'`);
    expect(bea!.cancelled_at).not.toBeNull();
    expect(await changeStatus(db(), actor, { tab: "appointments", id: ids["Ada Fit"], status: "confirmed" })).toEqual({ ok: true });
    // A no-show frees the seat as a cancellation does, is found by its filter and exported as 'no-show'.
    expect(await changeStatus(db(), actor, { tab: "appointments", id: ids["Ada Fit"], status: "no-show" })).toEqual({ ok: true });
    expect(await changeStatus(db(), actor, { tab: "appointments", id: ids["Bea Fit"], status: "pending" })).toEqual({ ok: true });
    const missed = await loadDashboard(db(), view("tab=appointments&status=no-show"), clock);
    expect(missed.view.status).toBe("no-show");
    expect(missed.rows.map((r) => (r.kind === "appointments" ? r.name : ""))).toEqual(["Ada Fit"]);
    const csv = await text(
      (await exportCsv(db(), { tab: "appointments", q: "", status: "no-show" }, { timeZone: "America/New_York" }))!.body,
    );
    const [header, line] = csv.replace(/^\uFEFF/, "").split("\r\n");
    expect(header).toBe(
      '"id","name","email","phone","appointment_type","preferred_date","preferred_time","preferred_at_iso","notes","user_id","status","created_at","created_at_iso"',
    );
    expect(line).toContain(
      '"Ada Fit","ada@example.com","","Fitting","Tuesday, December 1, 2026","10:00 AM","2026-12-01T10:00:00-05:00","Preferred time: 10:00 AM","","no-show",',
    );
  });

  it("refuses to delete a fitting still to come ('Cancel it first'), and deletes it once it is cancelled or over", async () => {
    const [bea] = await queryRows<{ id: string }>(db(), sql`select id from appointments where name = 'Bea Fit'`);
    const audits = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from audit_log`))[0]!.n;
    const before = await audits();
    // Pending, on 2026-12-01 at 10 AM in New York: still to come on the 25th of November.
    const page = await loadDashboard(db(), view("tab=appointments&q=bea"), clock);
    expect(page.rows.map((r) => r.kind === "appointments" && r.upcoming)).toEqual([true]);
    expect(await deleteItem(db(), actor, { tab: "appointments", id: bea!.id }, { ...files, ...clock })).toEqual({
      ok: false,
      reason: "upcoming",
    });
    expect(await queryRows(db(), sql`select 1 from appointments where id = ${bea!.id}`)).toHaveLength(1);
    expect(await audits()).toBe(before);
    // Still refused while it is under way (10:30 AM), allowed once its hour is over.
    const during = { now: new Date("2026-12-01T15:30:00Z"), timeZone: "America/New_York" };
    expect(await deleteItem(db(), actor, { tab: "appointments", id: bea!.id }, { ...files, ...during })).toMatchObject({ ok: false });
    const after = { now: new Date("2026-12-01T16:00:00Z"), timeZone: "America/New_York" };
    expect(
      (await loadDashboard(db(), view("tab=appointments&q=bea"), after)).rows.map((r) => r.kind === "appointments" && r.upcoming),
    ).toEqual([false]);
    // A cancelled fitting to come can go: cancelling is what told the customer.
    expect(await changeStatus(db(), actor, { tab: "appointments", id: bea!.id, status: "cancelled" })).toEqual({ ok: true });
    expect(await deleteItem(db(), actor, { tab: "appointments", id: bea!.id }, { ...files, ...clock })).toEqual({ ok: true });
    expect(await queryRows(db(), sql`select 1 from appointments where id = ${bea!.id}`)).toHaveLength(0);
  });

  it("deletes, keeps the history in audit_log, and shows it in the recent activity", async () => {
    const [row] = await queryRows<{ id: string }>(db(), sql`select id from newsletter_subscribers where email = 'one@example.com'`);
    expect(await deleteItem(db(), actor, { tab: "subscribers", id: row!.id }, { ...files, ...clock })).toEqual({ ok: true });
    expect(await deleteItem(db(), actor, { tab: "subscribers", id: row!.id }, { ...files, ...clock })).toEqual({
      ok: false,
      reason: "not-found",
    });
    const audit = await queryRows<{ action: string; actor_id: string; details: unknown }>(
      db(),
      sql`select action, actor_id, details from audit_log where entity_id = ${row!.id}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "delete", actor_id: "admin-1" });
    const dashboard = await loadDashboard(db(), view("tab=subscribers"), clock);
    expect(dashboard.counts.subscribers).toBe(2);
    expect(dashboard.activity[0]).toMatchObject({
      action: "delete",
      entity: "subscribers",
      entityId: row!.id,
      label: "one@example.com",
      from: "active",
    });
  });

  it("exports what the view shows, in keyset batches, quoted and neutralised", async () => {
    const csv = await exportCsv(
      db(),
      { tab: "submissions", q: "", status: "all" },
      { timeZone: "UTC", now: new Date("2026-11-25T12:00:00Z"), batchSize: 7 },
    );
    expect(csv!.fileName).toBe("Custom Design Submissions 2026-11-25.csv");
    // The day is the boutique's: 10 PM in New York is still the 25th there.
    const late = await exportCsv(
      db(),
      { tab: "submissions", q: "", status: "all" },
      { timeZone: "America/New_York", now: new Date("2026-11-26T03:00:00Z") },
    );
    expect(late!.fileName).toBe("Custom Design Submissions 2026-11-25.csv");
    await late!.body.cancel();
    expect(csv!.headers["Content-Type"]).toBe("text/csv; charset=utf-8");
    const body = await text(csv!.body);
    const lines = body
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toBe(
      '"id","name","email","phone","event_type","event_date","venue","style_preference","colors","vision","budget","user_id","status","created_at","created_at_iso"',
    );
    expect(lines).toHaveLength(62);
    expect(body).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(body).toContain(`"The ""Grand"" Hall"`);
    // created_at in ISO 8601 with its offset (a spreadsheet reads it as a date); on the boutique's clock when it has one.
    // created_at as SPEC writes times, then beside it in ISO 8601 with its offset.
    expect(lines.at(-2)).toMatch(/,"Thursday, January 1, 2026 at 12:00 AM","2026-01-01T00:00:00\+00:00"$/);
    const newYork = await text(
      (await exportCsv(db(), { tab: "submissions", q: "client0@", status: "all" }, { timeZone: "America/New_York" }))!.body,
    );
    expect(newYork).toContain(`"Wednesday, December 31, 2025 at 7:00 PM","2025-12-31T19:00:00-05:00"`);
    const filtered = await text((await exportCsv(db(), { tab: "submissions", q: "grand", status: "all" }, { timeZone: "UTC" }))!.body);
    expect(filtered.split("\r\n").filter(Boolean)).toHaveLength(2);
    expect(await exportCsv(db(), { tab: "submissions", q: "no such thing", status: "all" }, { timeZone: "UTC" })).toBeNull();
    let batches = 0;
    for await (const batch of exportBatches(db(), { tab: "submissions", q: "", status: "all" }, 10)) {
      expect(batch.length).toBeLessThanOrEqual(10);
      batches++;
    }
    expect(batches).toBe(7);
  });
});
