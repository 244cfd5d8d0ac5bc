import { beforeAll, describe, expect, it } from "vitest";
import { customDesignSubmissions } from "~/db/schema/design-requests";
import { appointments } from "~/db/schema/fittings";
import { newsletterSubscribers } from "~/db/schema/newsletter";
import { addDays, loadDashboardInsights, weekStartOf } from "~/modules/admin-insights/admin-insights.server";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

const TZ = "America/New_York";
// Wednesday 25 November 2026, 23:30 in Savannah (already Thursday in UTC): the week began Monday 23 November.
const NOW = new Date("2026-11-26T04:30:00Z");

describe("weeks on the boutique's clock", () => {
  it("start on Monday in the boutique's time zone, not in UTC", () => {
    expect(weekStartOf(NOW, TZ)).toBe("2026-11-23");
    expect(weekStartOf(new Date("2026-11-30T04:30:00Z"), TZ)).toBe("2026-11-23"); // Sunday night there
    expect(weekStartOf(new Date("2026-11-30T05:30:00Z"), TZ)).toBe("2026-11-30"); // Monday, 00:30 there
    expect(addDays("2026-03-07", 2)).toBe("2026-03-09"); // across the DST change
  });
});

describe.each(testEngines)("dashboard insights on $name", (engine) => {
  const database = useTestDatabase(engine);

  beforeAll(async () => {
    const db = database.handle.db;
    const fitting = (date: string, time: string, status = "pending") => ({
      name: "A",
      email: "a@example.com",
      preferredDate: date,
      preferredTime: time,
      status,
    });
    await db.insert(appointments).values([
      fitting("2026-09-27", "10:00"), // the Sunday before the first week: outside
      fitting("2026-09-28", "10:00"), // Monday of the first week (8 weeks back)
      fitting("2026-11-23", "10:00", "completed"), // this week
      fitting("2026-11-28", "11:00"), // this week, Saturday
      fitting("2026-11-28", "12:00", "cancelled"), // cancelled: not counted
      fitting("2027-01-17", "10:00"), // the Sunday ending the last week
      fitting("2027-01-18", "10:00"), // past the range
    ]);
    const request = (status: string, createdAt: Date) => ({
      name: "B",
      email: "b@example.com",
      eventType: "gala",
      vision: "A long enough vision",
      status,
      createdAt,
    });
    await db.insert(customDesignSubmissions).values([
      request("pending", new Date("2026-11-20T12:00:00Z")),
      request("pending", new Date("2026-11-01T12:00:00Z")),
      request("in-progress", new Date("2026-10-01T12:00:00Z")),
      request("completed", new Date("2026-01-01T12:00:00Z")), // outside the 90 days
    ]);
    await db.insert(newsletterSubscribers).values([
      { email: "s1@example.com", subscribedAt: new Date("2026-11-24T15:00:00Z") }, // this week
      { email: "s2@example.com", subscribedAt: new Date("2026-11-23T04:30:00Z") }, // Sunday 23:30 there: last week
      { email: "s3@example.com", subscribedAt: new Date("2026-05-26T12:00:00Z") }, // Tuesday 26 May: before the first week
      { email: "s4@example.com", subscribedAt: new Date("2026-06-01T12:00:00Z"), isActive: false }, // Monday 1 June: the first week
    ]);
  });

  it("counts fittings per week: 8 back, this week, 7 ahead; cancelled ones left out", async () => {
    const insights = await loadDashboardInsights(database.handle.db, { timeZone: TZ, now: NOW });
    const weeks = insights.fittingsPerWeek;
    expect(weeks).toHaveLength(16);
    expect(weeks[0]).toMatchObject({ weekStart: "2026-09-28", label: "Sep 28", count: 1, when: "past" });
    expect(weeks[8]).toMatchObject({ weekStart: "2026-11-23", count: 2, when: "current" });
    expect(weeks[15]).toMatchObject({ weekStart: "2027-01-11", count: 1, when: "upcoming" });
    expect(weeks.reduce((sum, w) => sum + w.count, 0)).toBe(4);
  });

  it("counts design requests of the last 90 days by status, every status listed", async () => {
    const insights = await loadDashboardInsights(database.handle.db, { timeZone: TZ, now: NOW });
    expect(insights.requestsByStatus).toEqual([
      { status: "pending", count: 2 },
      { status: "contacted", count: 0 },
      { status: "in-progress", count: 1 },
      { status: "completed", count: 0 },
    ]);
  });

  it("counts newsletter sign-ups per boutique week over 26 weeks", async () => {
    const weeks = (await loadDashboardInsights(database.handle.db, { timeZone: TZ, now: NOW })).subscribersPerWeek;
    expect(weeks).toHaveLength(26);
    expect(weeks[0]).toMatchObject({ weekStart: "2026-06-01", count: 1 });
    expect(weeks[24]).toMatchObject({ weekStart: "2026-11-16", count: 1 });
    expect(weeks[25]).toMatchObject({ weekStart: "2026-11-23", count: 1 });
    expect(weeks.reduce((sum, w) => sum + w.count, 0)).toBe(3);
  });
});
