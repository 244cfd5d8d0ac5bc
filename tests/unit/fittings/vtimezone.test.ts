import { describe, expect, it } from "vitest";
import { vtimezone } from "~/modules/fittings/vtimezone.server";

describe("VTIMEZONE from the platform's zone data", () => {
  it("New York: daylight saving from the second Sunday of March to the first Sunday of November, at 2 AM", () => {
    const text = vtimezone("America/New_York", [2026]);
    expect(text).toBe(
      [
        "BEGIN:VTIMEZONE",
        "TZID:America/New_York",
        "BEGIN:DAYLIGHT",
        "DTSTART:20260308T020000",
        "TZOFFSETFROM:-0500",
        "TZOFFSETTO:-0400",
        "TZNAME:EDT",
        "END:DAYLIGHT",
        "BEGIN:STANDARD",
        "DTSTART:20261101T020000",
        "TZOFFSETFROM:-0400",
        "TZOFFSETTO:-0500",
        "TZNAME:EST",
        "END:STANDARD",
        "END:VTIMEZONE",
        "",
      ].join("\r\n"),
    );
  });

  it("a zone without daylight saving has one standard observance; the southern hemisphere turns the other way", () => {
    expect(vtimezone("Asia/Tokyo", [2026])).toContain(
      "BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:+0900\r\nTZOFFSETTO:+0900",
    );
    const sydney = vtimezone("Australia/Sydney", [2026]);
    expect(sydney).toContain("BEGIN:STANDARD\r\nDTSTART:20260405T030000\r\nTZOFFSETFROM:+1100\r\nTZOFFSETTO:+1000");
    expect(sydney).toContain("BEGIN:DAYLIGHT\r\nDTSTART:20261004T020000\r\nTZOFFSETFROM:+1000\r\nTZOFFSETTO:+1100");
  });
});
