import { describe, expect, it } from "vitest";
import { formatCalendarDay, formatLongDate, formatMonthYear, formatPrice, formatWeekdayDay } from "~/lib/format";

// The formats are written out by hand rather than with Intl (see lib/format.ts): they must print exactly what
// en-US formatting prints, which these tests check against Intl itself over many values.

const amountFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe("formatPrice, against en-US number formatting", () => {
  it("prints what Intl prints for whole, cent and sub-cent amounts, large and negative ones", () => {
    const amounts = [
      "0",
      "0.5",
      "1",
      "9.99",
      "19.999",
      "0.125",
      "1.005",
      "999.995",
      "1000",
      "1249.0",
      "12500",
      "1234567.891",
      "-5",
      "-0.125",
    ];
    // And a spread of prices in cents and tenths of cents.
    for (let i = 0; i < 2000; i++) amounts.push((((i * 7919) % 250_000) / 10).toString(), (((i * 104_729) % 10_000_000) / 100).toString());
    for (const amount of amounts) {
      expect(formatPrice({ amount, currencyCode: "USD" }), amount).toBe(`USD $${amountFormat.format(Number(amount))}`);
    }
  });
});

describe("calendar days, against en-US date formatting", () => {
  const long = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  const weekday = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
  const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

  it("prints what Intl prints for every day of 2024 to 2027", () => {
    for (let time = Date.UTC(2024, 0, 1, 12); time < Date.UTC(2028, 0, 1); time += 86_400_000) {
      const day = new Date(time);
      expect(formatCalendarDay(day)).toBe(long.format(day));
      expect(formatWeekdayDay(day)).toBe(weekday.format(day));
      expect(formatMonthYear(day)).toBe(monthYear.format(day));
    }
  });

  it("reads an ISO date as that calendar day, and says so of one that is not a date", () => {
    expect(formatLongDate("2026-03-04")).toBe("March 4, 2026");
    expect(formatLongDate("2026-12-31")).toBe("December 31, 2026");
    expect(formatLongDate("not-a-date")).toBe("Invalid Date");
  });
});
