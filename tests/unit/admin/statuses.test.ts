import { describe, expect, it } from "vitest";
import { APPOINTMENT_STATUSES, isActiveAppointmentStatus } from "~/db/constants";
import { DASHBOARD_TABS, statusBadgeVariant, statusLabel } from "~/modules/admin/admin";

// Issue 26: a fitting the customer missed is filed as no-show (one she came to, arrived), with a badge, a filter choice and a CSV value of its own.
describe("appointment statuses", () => {
  it("has arrived and no-show beside SPEC's four, offered by the appointments tab's filter and select", () => {
    expect(APPOINTMENT_STATUSES).toEqual(["pending", "confirmed", "arrived", "completed", "cancelled", "no-show"]);
    const offered = DASHBOARD_TABS.find((tab) => tab.id === "appointments")!.statuses;
    expect(offered).toContain("no-show");
    expect(offered).toContain("arrived");
    expect(statusLabel("no-show")).toBe("No-show");
    expect(statusLabel("arrived")).toBe("Arrived");
    expect(statusLabel("in-progress")).toBe("In progress");
  });

  it("treats only pending and confirmed as holding a seat", () => {
    expect(APPOINTMENT_STATUSES.filter(isActiveAppointmentStatus)).toEqual(["pending", "confirmed"]);
    expect(isActiveAppointmentStatus("no-show")).toBe(false);
  });

  it("styles each status as SPEC §4 says, and no-show outlined", () => {
    expect(statusBadgeVariant("pending")).toBe("secondary");
    expect(statusBadgeVariant(null)).toBe("secondary");
    expect(statusBadgeVariant("cancelled")).toBe("destructive");
    for (const status of ["contacted", "in-progress", "confirmed", "completed", "active"])
      expect(statusBadgeVariant(status)).toBe("default");
    expect(statusBadgeVariant("no-show")).toBe("outline");
  });
});
