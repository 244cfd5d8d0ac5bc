import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { addDays, agendaDays, parseAgendaDay, weekStart } from "~/modules/admin/admin";
import { changeStatus, loadAgenda } from "~/modules/admin/admin.server";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

// The agenda (issue 26): its days are the boutique's calendar days, its fittings in time order with their pull lists.

describe("the agenda's days", () => {
  it("runs weeks Monday to Sunday and steps across months and years", () => {
    expect(weekStart("2026-12-05")).toBe("2026-11-30");
    expect(weekStart("2026-11-30")).toBe("2026-11-30");
    expect(weekStart("2026-12-06")).toBe("2026-11-30");
    expect(agendaDays("week", "2027-01-01")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
    expect(agendaDays("day", "2026-12-05")).toEqual(["2026-12-05"]);
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  it("takes only real days", () => {
    expect(parseAgendaDay("2026-12-05")).toBe("2026-12-05");
    for (const bad of ["2026-02-31", "2026-13-01", "26-12-05", "2026-12-05x", "", "1999-12-31", null]) {
      expect(parseAgendaDay(bad)).toBeNull();
    }
  });
});

describe.each(testEngines)("the agenda on $name", (engine) => {
  const database = useTestDatabase(engine);
  const db = () => database.handle.db;
  // 11:30 PM on Sunday, November 1, 2026 in New York, the night the clocks went back: already Monday in UTC.
  const clock = { now: new Date("2026-11-02T04:30:00Z"), timeZone: "America/New_York" };

  beforeAll(async () => {
    await db().execute(sql`
      insert into appointments (name, email, phone, preferred_date, preferred_time, seat, status, notes) values
        ('Before the week', 'a@example.com', null, '2026-10-25', '17:00', 1, 'confirmed', null),
        ('Monday late', 'b@example.com', null, '2026-10-26', '15:00', 1, 'pending', null),
        ('Monday early', 'c@example.com', '912-555-0101', '2026-10-26', '10:00', 1, 'confirmed', 'Preferred time: 10:00 AM'),
        ('Monday early too', 'd@example.com', null, '2026-10-26', '10:00', 2, 'pending', null),
        ('Called off', 'e@example.com', null, '2026-10-27', '11:00', 1, 'cancelled', null),
        ('Sunday night', 'f@example.com', null, '2026-11-01', '17:00', 1, 'pending', null),
        ('After the week', 'g@example.com', null, '2026-11-02', '10:00', 1, 'pending', null)`);
    const [early] = await queryRows<{ id: string }>(db(), sql`select id from appointments where name = 'Monday early'`);
    await db().execute(sql`
      insert into appointment_pull_items (appointment_id, product_id, product_handle, product_title, product_image_url)
      values (${early!.id}, 'gid://1', 'magnolia-lace-ball-gown', 'Magnolia Lace Ball Gown', '/images/gowns/magnolia.webp')`);
  }, 120_000);

  it("reads today and its week on the boutique's clock, in time order, without cancelled fittings", async () => {
    const week = await loadAgenda(db(), { view: "week", date: null }, clock);
    expect(week.today).toBe("2026-11-01");
    expect(week.days.map((d) => d.date)).toEqual(agendaDays("week", "2026-10-26"));
    const names = week.days.flatMap((d) => d.entries.map((e) => e.name));
    expect(names).toEqual(["Monday early", "Monday early too", "Monday late", "Sunday night"]);
    expect(week.days[1]!.entries).toEqual([]);
    const early = week.days[0]!.entries[0]!;
    expect(early).toMatchObject({ phone: "912-555-0101", notes: "Preferred time: 10:00 AM", status: "confirmed", time: "10:00" });
    expect(early.pullList).toEqual([
      { handle: "magnolia-lace-ball-gown", title: "Magnolia Lace Ball Gown", imageUrl: "/images/gowns/magnolia.webp" },
    ]);
    expect(week.truncated).toBe(false);

    const day = await loadAgenda(db(), { view: "day", date: null }, clock);
    expect(day.days.map((d) => [d.date, d.entries.map((e) => e.name)])).toEqual([["2026-11-01", ["Sunday night"]]]);
  });

  it("lets the first of two staff changing one fitting win, and tells the second", async () => {
    const [row] = await queryRows<{ id: string }>(db(), sql`select id from appointments where name = 'Monday late'`);
    const input = { tab: "appointments", id: row!.id };
    const first = changeStatus(db(), { id: "a1", email: "one@example.com" }, { ...input, status: "arrived", from: "pending" });
    const second = changeStatus(db(), { id: "a2", email: "two@example.com" }, { ...input, status: "no-show", from: "pending" });
    const outcomes = await Promise.all([first, second]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const loser = outcomes.find((o) => !o.ok);
    const winner = outcomes[0]!.ok ? "arrived" : "no-show";
    expect(loser).toEqual({ ok: false, reason: "stale", now: winner });
    const [stored] = await queryRows<{ status: string }>(db(), sql`select status from appointments where id = ${row!.id}`);
    expect(stored!.status).toBe(winner);
    // A status it is not drawn from, or not one at all, is refused as bad input.
    expect(await changeStatus(db(), { id: "a1", email: "one@example.com" }, { ...input, status: "arrived", from: "gone" })).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});
