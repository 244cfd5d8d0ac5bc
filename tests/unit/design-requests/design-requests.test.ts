import { describe, expect, it } from "vitest";
import { customDesignSubmissions } from "~/db/schema/design-requests";
import { mailOutbox } from "~/db/schema/mail";
import { isoDateIn } from "~/lib/format";
import { submitDesignRequest } from "~/modules/design-requests/design-requests.server";
import { checkStep, DESIGN_MESSAGES, designRequestSchema } from "~/modules/design-requests/schema";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

const valid = { name: "Ada Lovelace", email: "ada@example.com", eventType: "wedding", vision: "A long lace gown with sleeves" };
const firstMessage = (input: Record<string, unknown>) => {
  const parsed = designRequestSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe("SPEC §5's schema, every message", () => {
  it.each([
    [{ name: "" }, "Name is required"],
    [{ name: "   " }, "Name is required"],
    [{ name: "x".repeat(101) }, "Name must be less than 100 characters"],
    [{ email: "nope" }, "Invalid email address"],
    [{ email: `${"a".repeat(250)}@example.com` }, "Email must be less than 255 characters"],
    [{ phone: "1".repeat(21) }, "Phone must be less than 20 characters"],
    [{ eventType: "" }, "Event type is required"],
    [{ eventType: "funeral" }, "Event type is required"],
    [{ venue: "v".repeat(201) }, "Venue must be less than 200 characters"],
    [{ stylePreference: "s".repeat(101) }, "Style preference must be less than 100 characters"],
    [{ colors: "c".repeat(101) }, "Colors must be less than 100 characters"],
    [{ vision: "too short" }, "Please provide at least 10 characters describing your vision"],
    [{ vision: "v".repeat(1001) }, "Vision must be less than 1000 characters"],
  ])("%o → %s", (change, message) => {
    expect(firstMessage({ ...valid, ...change })).toBe(message);
  });

  it("trims, and stores empty optional fields as null", () => {
    expect(designRequestSchema.parse({ ...valid, name: "  Ada  ", phone: "", venue: " ", budget: "", eventDate: "" })).toMatchObject({
      name: "Ada",
      phone: null,
      venue: null,
      budget: null,
      eventDate: null,
    });
    expect(firstMessage({ ...valid, budget: "a-lot" })).toBe("Please choose a budget from the list");
  });

  it("the step checks: name and email, the event, the vision", () => {
    expect(checkStep(1, { email: "ada@example.com" })?.message).toBe(DESIGN_MESSAGES.step1);
    expect(checkStep(1, { name: "Ada" })?.message).toBe(DESIGN_MESSAGES.step1);
    expect(checkStep(1, { name: "Ada", email: "nope" })?.message).toBe("Invalid email address");
    expect(checkStep(1, { name: "Ada", email: "ada@example.com" })).toBeNull();
    expect(checkStep(2, {})?.message).toBe(DESIGN_MESSAGES.step2);
    expect(checkStep(2, { eventType: "gala" })).toBeNull();
    expect(checkStep(3, {})?.message).toBe(DESIGN_MESSAGES.step3);
    expect(checkStep(3, { vision: "   " })?.message).toBe(DESIGN_MESSAGES.step3);
    // Step 3 asks only what SPEC's step rule asks (a vision); the schema's lengths wait for the submit.
    expect(checkStep(3, { vision: "short" })).toBeNull();
    expect(checkStep(3, { vision: "v".repeat(1001), stylePreference: "s".repeat(101) })).toBeNull();
    expect(
      designRequestSchema.safeParse({ name: "Ada", email: "ada@example.com", eventType: "gala", vision: "short" }).error?.issues[0]
        ?.message,
    ).toBe("Please provide at least 10 characters describing your vision");
  });
});

describe("the boutique's date", () => {
  it("is read on the boutique's clock", () => {
    expect(isoDateIn(new Date("2026-11-25T03:00:00Z"), "America/New_York")).toBe("2026-11-24");
    expect(isoDateIn(new Date("2026-11-25T05:00:00Z"), "America/New_York")).toBe("2026-11-25");
  });
});

describe.each(testEngines)("design requests on $name", (engine) => {
  const database = useTestDatabase(engine, { emptyBeforeEach: [customDesignSubmissions, mailOutbox] });
  const options = {
    settings: { BOUTIQUE_TIME_ZONE: "America/New_York", BOUTIQUE_EMAIL: "studio@boutique.example", STAFF_NOTIFICATIONS: "all" as const },
    userId: null,
    appUrl: "https://boutique.example",
    now: new Date("2026-11-24T15:00:00Z"),
  };

  it("stores SPEC's row and queues the confirmation and the boutique's notice", async () => {
    const db = database.handle.db;
    const outcome = await submitDesignRequest(
      db,
      designRequestSchema.parse({ ...valid, eventDate: "2027-06-12", budget: "2500-5000", colors: "ivory" }),
      options,
    );
    expect(outcome).toMatchObject({ status: "submitted", shortNotice: false });
    const [row] = await db.select().from(customDesignSubmissions);
    expect(row).toMatchObject({
      name: "Ada Lovelace",
      eventType: "wedding",
      eventDate: "2027-06-12",
      budget: "2500-5000",
      colors: "ivory",
      phone: null,
      venue: null,
      userId: null,
      status: "pending",
    });
    const mails = await db.select().from(mailOutbox);
    expect(mails.map((m) => [m.kind, m.toAddress]).sort()).toEqual([
      ["design-request-confirmation", "ada@example.com"],
      ["design-request-notice", "studio@boutique.example"],
    ]);
    // Both mails write the event date as SPEC writes dates, never as the stored 2027-06-12.
    for (const mail of mails) {
      expect(mail.textBody).toContain("June 12, 2027");
      expect(`${mail.textBody}${mail.htmlBody}`).not.toContain("2027-06-12");
    }
    // The boutique's notice says when it came in on the boutique's clock (15:00 UTC is 10 AM in New York), and the
    // budget by its label.
    const notice = mails.find((m) => m.kind === "design-request-notice")!;
    expect(notice.textBody).toContain("Tuesday, November 24, 2026 at 10:00 AM");
    expect(notice.textBody).toContain("$2,500 - $5,000");
  });

  it("refuses an event date in the past and stores nothing", async () => {
    const db = database.handle.db;
    const outcome = await submitDesignRequest(db, designRequestSchema.parse({ ...valid, eventDate: "2026-11-23" }), options);
    expect(outcome).toEqual({ status: "refused", field: "eventDate", message: DESIGN_MESSAGES.pastDate });
    expect(await db.select().from(customDesignSubmissions)).toHaveLength(0);
    expect(await db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("reads today on the boutique's clock: an event on the 24th is still today at 10 PM in New York, past at midnight", async () => {
    const db = database.handle.db;
    const input = designRequestSchema.parse({ ...valid, eventDate: "2026-11-24" });
    // 2026-11-25 03:00 UTC is 10 PM on the 24th in New York; 05:00 UTC is midnight.
    const lateEvening = await submitDesignRequest(db, input, { ...options, now: new Date("2026-11-25T03:00:00Z") });
    expect(lateEvening).toMatchObject({ status: "submitted", shortNotice: true });
    const midnight = await submitDesignRequest(db, input, { ...options, now: new Date("2026-11-25T05:00:00Z") });
    expect(midnight).toEqual({ status: "refused", field: "eventDate", message: DESIGN_MESSAGES.pastDate });
  });

  it("accepts an event under 8 weeks away, says so, and tells the boutique", async () => {
    const db = database.handle.db;
    const today = await submitDesignRequest(db, designRequestSchema.parse({ ...valid, eventDate: "2026-11-24" }), options);
    expect(today).toMatchObject({ status: "submitted", shortNotice: true });
    const sevenWeeks = await submitDesignRequest(db, designRequestSchema.parse({ ...valid, eventDate: "2027-01-18" }), options);
    expect(sevenWeeks).toMatchObject({ status: "submitted", shortNotice: true });
    const eightWeeks = await submitDesignRequest(db, designRequestSchema.parse({ ...valid, eventDate: "2027-01-19" }), options);
    expect(eightWeeks).toMatchObject({ status: "submitted", shortNotice: false });
    const notices = await db.select().from(mailOutbox);
    expect(notices.filter((m) => m.subject.includes("(under 8 weeks)"))).toHaveLength(2);
  });
});
