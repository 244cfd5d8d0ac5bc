import { assert, describe, expect, it } from "vitest";
// The clock's rules themselves (the module's own file: pages reach them through the front door's calendar and bookings).
import { judgeDay, judgeSlot, slotStart } from "~/modules/fittings/availability.server";
import { addDays, isIsoDate, slotLabel, SLOT_TIMES } from "~/modules/fittings/fittings";
import { FITTING_MESSAGES, fittingBookingSchema, firstFittingMessage } from "~/modules/fittings/schema";

const NY = "America/New_York";
const CHICAGO = "America/Chicago";
const clock = (iso: string, timeZone = NY, horizonDays = 90) => ({ now: new Date(iso), timeZone, horizonDays });

describe("the boutique's day against UTC", () => {
  it("is still yesterday in New York just after midnight UTC", () => {
    // 2026-11-25 03:30 UTC is 22:30 on the 24th in New York (EST, UTC-5): the 24th is today until midnight there.
    expect(judgeDay("2026-11-24", clock("2026-11-25T03:30:00Z"))).toBe("open");
    expect(judgeDay("2026-11-24", clock("2026-11-25T05:00:00Z"))).toBe("past");
    expect(judgeDay("2026-11-24", clock("2026-11-25T05:59:00Z", CHICAGO))).toBe("open");
    expect(judgeDay("2026-11-24", clock("2026-11-25T06:00:00Z", CHICAGO))).toBe("past");
  });

  it("lets a late-evening shopper (UTC already tomorrow) still see today as today, then refuses it once the boutique's day ends", () => {
    // Tuesday 2026-11-24, 9:30 PM in New York = Wednesday 02:30 UTC: the 24th's slots have all started.
    const late = clock("2026-11-25T02:30:00Z");
    expect(judgeDay("2026-11-24", late)).toBe("open");
    expect(judgeSlot("2026-11-24", "17:00", late)).toBe("started");
    expect(judgeSlot("2026-11-25", "10:00", late)).toBe("open");
  });

  it("refuses slots that have started and keeps later ones", () => {
    const at1030 = clock("2026-11-24T15:30:00Z"); // 10:30 AM EST
    expect(judgeSlot("2026-11-24", "10:00", at1030)).toBe("started");
    expect(judgeSlot("2026-11-24", "11:00", at1030)).toBe("open");
    const exactly11 = clock("2026-11-24T16:00:00Z");
    expect(judgeSlot("2026-11-24", "11:00", exactly11)).toBe("started");
  });

  it("puts a slot at the right instant on both sides of a daylight-saving change", () => {
    // US clocks go back on 2026-11-01 and forward on 2026-03-08.
    expect(slotStart("2026-10-31", "10:00", NY).toISOString()).toBe("2026-10-31T14:00:00.000Z");
    expect(slotStart("2026-11-02", "10:00", NY).toISOString()).toBe("2026-11-02T15:00:00.000Z");
    expect(slotStart("2026-03-07", "17:00", NY).toISOString()).toBe("2026-03-07T22:00:00.000Z");
    expect(slotStart("2026-03-09", "17:00", NY).toISOString()).toBe("2026-03-09T21:00:00.000Z");
    expect(slotStart("2026-03-09", "10:00", CHICAGO).toISOString()).toBe("2026-03-09T15:00:00.000Z");
  });

  it("keeps the boutique's date on the night the clocks change", () => {
    // 2026-03-08 04:30 UTC is 11:30 PM on the 7th (EST); 05:30 UTC is 1:30 AM on the 8th.
    expect(judgeDay("2026-03-07", clock("2026-03-08T04:30:00Z"))).toBe("open");
    expect(judgeDay("2026-03-07", clock("2026-03-08T05:30:00Z"))).toBe("past");
    // 2026-11-01 04:30 UTC is 12:30 AM EDT on the 1st (a Sunday): the 31st is over.
    expect(judgeDay("2026-10-31", clock("2026-11-01T04:30:00Z"))).toBe("past");
    expect(judgeDay("2026-11-01", clock("2026-11-01T04:30:00Z"))).toBe("closed");
  });
});

describe("open days", () => {
  const now = clock("2026-11-24T12:00:00Z"); // Tuesday 7 AM in New York
  it("opens Monday to Saturday and closes Sunday", () => {
    expect(judgeDay("2026-11-29", now)).toBe("closed");
    expect(judgeDay("2026-11-28", now)).toBe("open");
    expect(judgeDay("2026-11-30", now)).toBe("open");
  });
  it("refuses past days and days beyond the horizon", () => {
    expect(judgeDay("2026-11-23", now)).toBe("past");
    expect(judgeDay(addDays("2026-11-24", 90), now)).not.toBe("beyond");
    expect(judgeDay(addDays("2026-11-24", 91), now)).toBe("beyond");
  });
  it("refuses times outside the eight slots", () => {
    expect(judgeSlot("2026-11-25", "09:00", now)).toBe("closed");
    expect(judgeSlot("2026-11-25", "18:00", now)).toBe("closed");
  });
});

describe("slots and dates", () => {
  it("labels the eight slots as SPEC lists them", () => {
    expect(SLOT_TIMES.map(slotLabel)).toEqual(["10:00 AM", "11:00 AM", "12:00 PM", "1:00 PM", "2:00 PM", "3:00 PM", "4:00 PM", "5:00 PM"]);
  });
  it("knows real dates", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("28/02/2026")).toBe(false);
  });
});

describe("the booking schema", () => {
  const valid = { date: "2026-11-28", name: "Ada", email: "ada@example.com", time: "10:00" };
  it("asks for a date first, then name and email", () => {
    const noDate = fittingBookingSchema.safeParse({ ...valid, date: "", name: "" });
    assert(!noDate.success, "a booking without a date is refused");
    expect(firstFittingMessage(noDate.error)).toBe(FITTING_MESSAGES.date);
    for (const input of [
      { ...valid, name: "  " },
      { ...valid, email: "" },
      { ...valid, name: undefined },
    ]) {
      const parsed = fittingBookingSchema.safeParse(input);
      assert(!parsed.success, `refused: ${JSON.stringify(input)}`);
      expect(firstFittingMessage(parsed.error)).toBe("Please fill in your name and email");
    }
  });
  it("checks the address and the time", () => {
    const bad = fittingBookingSchema.safeParse({ ...valid, email: "not-an-address" });
    expect(bad.success || firstFittingMessage(bad.error)).toBe("Invalid email address");
    const time = fittingBookingSchema.safeParse({ ...valid, time: "9:00" });
    expect(time.success).toBe(false);
  });
  it("trims, and turns empty optional fields into null", () => {
    const parsed = fittingBookingSchema.parse({ ...valid, name: "  Ada  ", phone: " ", notes: "" });
    expect(parsed).toMatchObject({ name: "Ada", phone: null, notes: null });
  });
});
