import { describe, expect, it } from "vitest";
import {
  formatByteSize,
  formatDate,
  formatDateTime,
  formatDay,
  formatPrice,
  formatSlot,
  formatTimeOfDay,
  isoDateIn,
  isoDateTimeIn,
  isoSlotIn,
  isTimeZone,
} from "~/lib/format";

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
  const utc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
  const styles = {
    long: utc({ year: "numeric", month: "long", day: "numeric" }),
    weekday: utc({ weekday: "long", month: "long", day: "numeric", year: "numeric" }),
    short: utc({ year: "numeric", month: "short", day: "numeric" }),
    "month-day": utc({ month: "short", day: "numeric" }),
    "month-year": utc({ month: "long", year: "numeric" }),
  } as const;

  it("prints what Intl prints for every day of 2024 to 2027, in every style", () => {
    for (let time = Date.UTC(2024, 0, 1, 12); time < Date.UTC(2028, 0, 1); time += 86_400_000) {
      const day = new Date(time);
      const iso = day.toISOString().slice(0, 10);
      for (const [style, format] of Object.entries(styles)) {
        expect(formatDay(iso, style as keyof typeof styles), `${iso} ${style}`).toBe(format.format(day));
      }
    }
  });

  it("writes SPEC's long date by default, and says so of text that is not a date", () => {
    expect(formatDay("2027-06-12")).toBe("June 12, 2027");
    expect(formatDay("2026-12-31")).toBe("December 31, 2026");
    expect(formatDay("2026-12-01", "weekday")).toBe("Tuesday, December 1, 2026");
    expect(formatDay("not-a-date")).toBe("Invalid Date");
    expect(formatDay("2026-02-30")).toBe("Invalid Date");
  });
});

describe("the boutique's wall clock: fitting slots", () => {
  it("writes a time of day as SPEC's slot labels do", () => {
    expect(["00:00", "09:05", "10:00", "12:00", "13:00", "17:00", "23:59", "14:00:00"].map(formatTimeOfDay)).toEqual([
      "12:00 AM",
      "9:05 AM",
      "10:00 AM",
      "12:00 PM",
      "1:00 PM",
      "5:00 PM",
      "11:59 PM",
      "2:00 PM",
    ]);
    expect(formatTimeOfDay("25:00")).toBe("Invalid Date");
  });

  it("writes a slot long (SPEC) or short (a table)", () => {
    expect(formatSlot("2026-12-01", "14:00")).toBe("Tuesday, December 1, 2026 at 2:00 PM");
    expect(formatSlot("2026-12-01", "14:00", "short")).toBe("Dec 1, 2026, 2:00 PM");
    expect(formatSlot("2026-12-01", "2pm")).toBe("Invalid Date");
  });
});

describe("instants, on a time zone's clock", () => {
  const NY = "America/New_York";

  it("writes a time long (SPEC) or short (a table), on the zone's clock", () => {
    expect(formatDateTime("2026-12-01T19:00:00Z", NY)).toBe("Tuesday, December 1, 2026 at 2:00 PM");
    expect(formatDateTime(new Date("2026-12-01T19:00:00Z"), NY, "short")).toBe("Dec 1, 2026, 2:00 PM");
    expect(formatDateTime("2026-12-01T19:00:00Z", "UTC", "short")).toBe("Dec 1, 2026, 7:00 PM");
    expect(formatDate("2026-12-01T19:00:00Z", NY)).toBe("December 1, 2026");
    expect(formatDate("2026-12-01T19:00:00Z", NY, "short")).toBe("Dec 1, 2026");
  });

  it("puts a time just after midnight UTC on the previous day in New York", () => {
    const at = "2026-12-02T03:30:00Z";
    expect(isoDateIn(at, "UTC")).toBe("2026-12-02");
    expect(isoDateIn(at, NY)).toBe("2026-12-01");
    expect(formatDateTime(at, NY)).toBe("Tuesday, December 1, 2026 at 10:30 PM");
    expect(formatDate(at, NY)).toBe("December 1, 2026");
    expect(isoDateTimeIn(at, NY)).toBe("2026-12-01T22:30:00-05:00");
  });

  it("follows daylight saving: spring forward and fall back in New York", () => {
    // 2026-03-08: 1:59 AM EST is followed by 3:00 AM EDT.
    expect(formatDateTime("2026-03-08T06:59:00Z", NY, "short")).toBe("Mar 8, 2026, 1:59 AM");
    expect(formatDateTime("2026-03-08T07:00:00Z", NY, "short")).toBe("Mar 8, 2026, 3:00 AM");
    expect(isoDateTimeIn("2026-03-08T06:59:00Z", NY)).toBe("2026-03-08T01:59:00-05:00");
    expect(isoDateTimeIn("2026-03-08T07:00:00Z", NY)).toBe("2026-03-08T03:00:00-04:00");
    // 2026-11-01: 1:30 AM happens twice, first in EDT, then in EST.
    expect(isoDateTimeIn("2026-11-01T05:30:00Z", NY)).toBe("2026-11-01T01:30:00-04:00");
    expect(isoDateTimeIn("2026-11-01T06:30:00Z", NY)).toBe("2026-11-01T01:30:00-05:00");
    expect(formatDateTime("2026-11-01T06:30:00Z", NY)).toBe("Sunday, November 1, 2026 at 1:30 AM");
  });

  it("prints what Intl prints, hour by hour through a year in three zones", () => {
    for (const timeZone of [NY, "America/Los_Angeles", "Asia/Kolkata", "Australia/Adelaide", "Australia/Lord_Howe"]) {
      const intl = new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" });
      for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2027, 0, 1); time += 3_600_000 * 7 + 60_000 * 13) {
        // Intl puts a narrow no-break space before AM/PM; we write SPEC's plain space.
        expect(formatDateTime(new Date(time), timeZone, "short")).toBe(intl.format(time).replace(/\u202f/g, " "));
      }
    }
  });

  it("is right minute by minute across a change on a half hour (Adelaide, Lord Howe) and a change in New York", () => {
    for (const [timeZone, change] of [
      ["Australia/Adelaide", Date.UTC(2026, 9, 3, 16, 30)],
      ["Australia/Lord_Howe", Date.UTC(2026, 9, 3, 15, 30)],
      [NY, Date.UTC(2026, 10, 1, 6)],
    ] as const) {
      const intl = new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" });
      for (let time = change - 3_600_000; time <= change + 3_600_000; time += 60_000) {
        expect(formatDateTime(new Date(time), timeZone, "short")).toBe(intl.format(time).replace(/\u202f/g, " "));
        expect(Date.parse(isoDateTimeIn(new Date(time), timeZone))).toBe(time);
      }
    }
  });

  it("gives an ISO 8601 time with the zone's offset, which reads back as the same instant", () => {
    expect(isoDateTimeIn("2026-06-01T12:00:00Z", "Asia/Kolkata")).toBe("2026-06-01T17:30:00+05:30");
    expect(isoDateTimeIn("2026-06-01T12:00:00Z", "UTC")).toBe("2026-06-01T12:00:00+00:00");
    for (const at of ["2026-03-08T07:00:00Z", "2026-11-01T05:30:00Z", "2026-12-31T23:59:59Z"]) {
      expect(Date.parse(isoDateTimeIn(at, NY))).toBe(Date.parse(at));
    }
  });

  it("gives a slot on the boutique's wall clock as the instant it names, with the offset of that day", () => {
    expect(isoSlotIn("2026-12-01", "14:00", NY)).toBe("2026-12-01T14:00:00-05:00");
    expect(isoSlotIn("2026-07-01", "14:00", NY)).toBe("2026-07-01T14:00:00-04:00");
    expect(isoSlotIn("2026-06-01", "10:00", "Asia/Kolkata")).toBe("2026-06-01T10:00:00+05:30");
    // Either side of New York's changes: the offset is the one the clock shows then.
    expect(isoSlotIn("2026-03-08", "01:59", NY)).toBe("2026-03-08T01:59:00-05:00");
    expect(isoSlotIn("2026-03-08", "03:00", NY)).toBe("2026-03-08T03:00:00-04:00");
    expect(isoSlotIn("2026-03-07", "10:00", NY)).toBe("2026-03-07T10:00:00-05:00");
    expect(isoSlotIn("2026-03-09", "10:00", NY)).toBe("2026-03-09T10:00:00-04:00");
    expect(isoSlotIn("2026-10-31", "10:00", NY)).toBe("2026-10-31T10:00:00-04:00");
    expect(isoSlotIn("2026-11-02", "10:00", NY)).toBe("2026-11-02T10:00:00-05:00");
    // 2:30 AM does not happen on 2026-03-08 in New York; it reads as the clock shows it an hour later.
    expect(isoSlotIn("2026-03-08", "02:30", NY)).toBe("2026-03-08T03:30:00-04:00");
    // So too east of New York, where the guess from the wall clock read as UTC lands after the jump.
    expect(isoSlotIn("2026-03-29", "01:30", "Europe/London")).toBe("2026-03-29T02:30:00+01:00");
    expect(isoSlotIn("2026-03-29", "02:15", "Europe/Berlin")).toBe("2026-03-29T03:15:00+02:00");
    expect(isoSlotIn("2026-10-04", "02:00", "Australia/Lord_Howe")).toBe("2026-10-04T02:30:00+11:00");
    // Every slot of a year reads back as the day and time it was.
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      for (const time of ["10:00", "17:00"]) {
        const iso = isoSlotIn(date, time, NY);
        expect(iso.slice(0, 16)).toBe(`${date}T${time}`);
        expect(formatDateTime(iso, NY)).toBe(formatSlot(date, time));
      }
    }
    expect(() => isoSlotIn("2026-02-30", "10:00", NY)).toThrow(RangeError);
    expect(() => isoSlotIn("2026-12-01", "25:00", NY)).toThrow(RangeError);
    expect(() => isoSlotIn("2026-12-01", "10:00", "Not/A_Zone")).toThrow(RangeError);
  });

  it("says so of a time or a zone that is not one", () => {
    expect(formatDateTime("yesterday-ish", NY)).toBe("Invalid Date");
    expect(formatDateTime("2026-12-01T19:00:00Z", "Not/A_Zone")).toBe("Invalid Date");
    expect(() => isoDateIn("nope", NY)).toThrow(RangeError);
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("formatByteSize: a file's real size", () => {
  it("writes small files in bytes, never rounded up to a kilobyte", () => {
    expect(formatByteSize(0)).toBe("0 bytes");
    expect(formatByteSize(1)).toBe("1 byte");
    expect(formatByteSize(38)).toBe("38 bytes");
    expect(formatByteSize(1023)).toBe("1,023 bytes");
  });

  it("writes larger ones in 1024s, one decimal under ten of a unit, whole above", () => {
    expect(formatByteSize(1024)).toBe("1 KB");
    expect(formatByteSize(1536)).toBe("1.5 KB");
    expect(formatByteSize(10_239)).toBe("10 KB");
    expect(formatByteSize(38 * 1024 + 300)).toBe("38 KB");
    expect(formatByteSize(1024 * 1024 - 1)).toBe("1 MB");
    expect(formatByteSize(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatByteSize(9.84 * 1024 * 1024)).toBe("9.8 MB");
    expect(formatByteSize(3 * 1024 ** 3)).toBe("3 GB");
    expect(formatByteSize(2048 * 1024 ** 4)).toBe("2,048 TB");
  });

  it("says so for a size that is not one", () => {
    expect(formatByteSize(-1)).toBe("Unknown size");
    expect(formatByteSize(Number.NaN)).toBe("Unknown size");
  });
});
