import { describe, expect, it } from "vitest";
import { fittingInvitation } from "~/modules/fittings/invitation.server";
import { slotStart } from "~/modules/fittings/availability.server";
import { readIcsStrictly } from "../../helpers/ics";

/** The invitation's text (an attachment's content may be bytes). */
const ics = (input: Parameters<typeof fittingInvitation>[0]) => String(fittingInvitation(input).content);

const base = {
  appointmentId: "0b8a3f8e-7a4b-4c1d-9f0e-2a1b3c4d5e6f",
  timeZone: "America/New_York",
  attendee: { name: "Ada Lovelace", email: "ada@example.com" },
  organizerEmail: "hello@thehivebridal.com",
  localWhen: "Saturday, June 12, 2027 at 2:00 PM",
};

describe("a fitting's invitation, read strictly (ical.js and RFC 5545)", () => {
  it("a request and its cancellation: one event, same UID, DTSTAMP in UTC, the slot as its instant on the boutique's clock", () => {
    const request = readIcsStrictly(ics({ ...base, date: "2027-06-12", time: "14:00", method: "request", sequence: 0 }));
    expect(request.method).toBe("REQUEST");
    expect(request.status).toBe("CONFIRMED");
    expect(request.sequence).toBe(0);
    expect(request.start.toISOString()).toBe(slotStart("2027-06-12", "14:00", "America/New_York").toISOString());
    expect(request.end.getTime() - request.start.getTime()).toBe(3600_000);

    const cancel = readIcsStrictly(ics({ ...base, date: "2027-12-04", time: "10:00", method: "cancel", sequence: 2 }));
    expect(cancel.method).toBe("CANCEL");
    expect(cancel.status).toBe("CANCELLED");
    expect(cancel.uid).toBe(request.uid);
    expect(cancel.sequence).toBe(2);
    // Winter: EST, five hours behind UTC.
    expect(cancel.start.toISOString()).toBe("2027-12-04T15:00:00.000Z");
  });

  it("writes X-WR-TIMEZONE once and no TIMEZONE-ID", () => {
    const text = ics({ ...base, date: "2027-06-12", time: "10:00", method: "request", sequence: 1 });
    expect(text.match(/^X-WR-TIMEZONE:/gm)).toHaveLength(1);
    expect(text).not.toContain("TIMEZONE-ID");
  });
});
