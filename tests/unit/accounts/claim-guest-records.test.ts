import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "~/db/constants";
import { users } from "~/db/schema/auth";
import { customDesignSubmissions } from "~/db/schema/design-requests";
import { appointments } from "~/db/schema/fittings";
import { mailOutbox } from "~/db/schema/mail";
import { claimGuestRecords } from "~/modules/accounts/profile.server";
import { claimGuestDesignRequests } from "~/modules/design-requests/design-requests.server";
import { claimGuestFittings } from "~/modules/fittings/fittings.server";
import { testEngines } from "../../helpers/databases";
import { testAuth } from "../../helpers/test-auth";
import { useTestDatabase } from "../../helpers/test-database";

// A fitting booked or a design sent as a guest joins her account once she verifies the address it was sent with:
// each table's owner claims its own rows (fittings, design-requests); the accounts module only asks, and only for a
// verified address.
describe.each(testEngines)("guest records joining an account on $name", (engine) => {
  const database = useTestDatabase(engine, { emptyBeforeEach: [appointments, customDesignSubmissions, mailOutbox, users] });

  /** Guest rows: two in her address (one in other capitals), one in another's, one already someone else's. */
  async function seedGuestRows(owner: string) {
    const db = database.handle.db;
    await db.insert(users).values({ id: owner, name: "Other", email: `${owner}@example.com` });
    const rows = [
      { email: "ada@example.com", userId: null },
      { email: "  ADA@Example.COM", userId: null },
      { email: "bea@example.com", userId: null },
      { email: "ada@example.com", userId: owner },
    ];
    await db.insert(appointments).values(
      rows.map((row, seat) => ({
        ...row,
        email: row.email.trim(),
        name: "Ada",
        preferredDate: `2026-11-2${seat + 1}`,
        preferredTime: "10:00",
        seat: 1,
      })),
    );
    await db.insert(customDesignSubmissions).values(
      rows.map((row) => ({
        ...row,
        email: row.email.trim(),
        name: "Ada",
        eventType: EVENT_TYPES[0],
        vision: "Ivory lace, long sleeves",
      })),
    );
  }

  const owners = async () => {
    const db = database.handle.db;
    const fittings = await db.select({ email: appointments.email, userId: appointments.userId }).from(appointments);
    const requests = await db
      .select({ email: customDesignSubmissions.email, userId: customDesignSubmissions.userId })
      .from(customDesignSubmissions);
    const sorted = (list: { email: string; userId: string | null }[]) =>
      list.map((row) => `${row.email.toLowerCase()}:${row.userId ?? "-"}`).sort();
    return { fittings: sorted(fittings), requests: sorted(requests) };
  };

  it("each owner claims only unowned rows whose email matches, in any case", async () => {
    const db = database.handle.db;
    await seedGuestRows("zoe");
    await db.insert(users).values({ id: "ada", name: "Ada", email: "ada@example.com", emailVerified: true });
    expect(await claimGuestFittings(db, "ada", "Ada@Example.com")).toBe(2);
    expect(await claimGuestDesignRequests(db, "ada", "Ada@Example.com")).toBe(2);
    const expected = ["ada@example.com:ada", "ada@example.com:ada", "ada@example.com:zoe", "bea@example.com:-"];
    expect(await owners()).toEqual({ fittings: expected, requests: expected });
    // A second claim finds nothing left.
    expect(await claimGuestFittings(db, "ada", "ada@example.com")).toBe(0);
  });

  it("an active guest booking of a slot she already holds stays a guest's (one active booking per slot); a cancelled one joins", async () => {
    const db = database.handle.db;
    await db.insert(users).values({ id: "ada", name: "Ada", email: "ada@example.com", emailVerified: true });
    const slot = { name: "Ada", preferredDate: "2026-12-01", preferredTime: "14:00" };
    await db.insert(appointments).values([
      { ...slot, email: "ada@example.com", userId: "ada", seat: 1 },
      { ...slot, email: "ada@example.com", userId: null, seat: 2 },
      { ...slot, email: "ada@example.com", userId: null, seat: 3, status: "cancelled" },
    ]);
    expect(await claimGuestFittings(db, "ada", "ada@example.com")).toBe(1);
    const rows = await db.select({ seat: appointments.seat, userId: appointments.userId }).from(appointments).orderBy(appointments.seat);
    expect(rows).toEqual([
      { seat: 1, userId: "ada" },
      { seat: 2, userId: null },
      { seat: 3, userId: "ada" },
    ]);
  });

  it("an address not yet verified claims nothing", async () => {
    const db = database.handle.db;
    await seedGuestRows("zoe");
    await db.insert(users).values({ id: "ada", name: "Ada", email: "ada@example.com" });
    expect(await claimGuestRecords(db, { id: "ada", email: "ada@example.com", emailVerified: false })).toEqual({
      fittings: 0,
      designRequests: 0,
    });
    const untouched = ["ada@example.com:-", "ada@example.com:-", "ada@example.com:zoe", "bea@example.com:-"];
    expect(await owners()).toEqual({ fittings: untouched, requests: untouched });
  });

  it("signing up claims nothing; following the verification link claims her guest rows, not another address's", async () => {
    const db = database.handle.db;
    await seedGuestRows("zoe");
    const auth = testAuth(db);
    await auth.api.signUpEmail({ body: { name: "Ada Lovelace", email: "Ada@Example.com", password: "secret12" } });
    const untouched = ["ada@example.com:-", "ada@example.com:-", "ada@example.com:zoe", "bea@example.com:-"];
    expect(await owners()).toEqual({ fittings: untouched, requests: untouched });

    const [mail] = await db.select({ text: mailOutbox.textBody }).from(mailOutbox).where(eq(mailOutbox.kind, "email-verification"));
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\?token=[\w.-]+\S*/.exec(mail?.text ?? "")?.[0];
    expect(link, "a verification link in the mail").toBeTruthy();
    const answer = await auth.handler(new Request(link!));
    expect(answer.status).toBeLessThan(400);

    const [ada] = await db
      .select({ id: users.id, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, "ada@example.com"));
    expect(ada?.emailVerified).toBe(true);
    const claimed = [`ada@example.com:${ada!.id}`, `ada@example.com:${ada!.id}`, "ada@example.com:zoe", "bea@example.com:-"].sort();
    expect(await owners()).toEqual({ fittings: claimed, requests: claimed });
  });
});
