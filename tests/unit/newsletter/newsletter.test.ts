import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newsletterSubscribers } from "~/db/schema/newsletter";
import { mailOutbox } from "~/db/schema/mail";
import { BRAND } from "~/lib/brand";
import { createSignedTokens, type SignedTokens } from "~/lib/signed-token.server";
import { NEWSLETTER_DISCOUNT_CODE } from "~/modules/newsletter/constants";
import { findSubscriptionByToken, subscribeToNewsletter, unsubscribe } from "~/modules/newsletter/newsletter.server";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

const SECRET = "a-test-secret-that-is-long-enough-for-hmac";
const TOKENS = createSignedTokens({ secret: SECRET, legacySecrets: [SECRET] });
const OTHER_TOKENS = createSignedTokens({ secret: "a-different-secret-that-is-also-long-enough" });
const OPTIONS = { appUrl: "https://boutique.example", tokens: TOKENS };

/** The first format, signed before lib/signed-token existed: links in inboxes still carry it. */
function firstFormatToken(id: string, secret: string) {
  return `${id}.${createHmac("sha256", secret).update(`newsletter-unsubscribe:v1:${id}`).digest("base64url")}`;
}

/** A token signed as the welcome mail's link is (its purpose, no expiry), for a subject of the test's choosing. */
const signed = (subject: string, tokens: SignedTokens = TOKENS) => tokens.sign("newsletter-unsubscribe", subject, { neverExpires: true });

describe.each(testEngines)("newsletter on $name", (engine) => {
  const database = useTestDatabase(engine, { emptyBeforeEach: [newsletterSubscribers, mailOutbox] });

  const subscribers = () => database.handle.db.select().from(newsletterSubscribers);
  const welcomeMails = () => database.handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "newsletter-welcome"));
  /** The unsubscribe link in the welcome mail to this address. */
  async function unsubscribeLinkFor(email: string): Promise<string> {
    const [mail] = await database.handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "newsletter-welcome"), eq(mailOutbox.toAddress, email)));
    return /https:\/\/boutique\.example\/newsletter\/unsubscribe\?token=\S+/.exec(mail!.textBody)![0];
  }
  const tokenFor = async (email: string) => new URL(await unsubscribeLinkFor(email)).searchParams.get("token")!;
  /** What the unsubscribe page would find for a token: invalid-token for one that does not verify. */
  const lookup = async (token: unknown, tokens = TOKENS) => (await findSubscriptionByToken(database.handle.db, token, tokens)).status;

  it("stores a new subscriber, trimmed, and queues one welcome mail with the code and a working unsubscribe link", async () => {
    const outcome = await subscribeToNewsletter(database.handle.db, { email: "  ava@example.com  " }, OPTIONS);
    expect(outcome.status).toBe("subscribed");
    const rows = await subscribers();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: outcome.subscriberId, email: "ava@example.com", isActive: true });

    const mails = await welcomeMails();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.toAddress).toBe("ava@example.com");
    expect(mail.textBody).toContain(NEWSLETTER_DISCOUNT_CODE);
    expect(mail.htmlBody).toContain(NEWSLETTER_DISCOUNT_CODE);
    const link = /https:\/\/boutique\.example\/newsletter\/unsubscribe\?token=\S+/.exec(mail.textBody)?.[0];
    expect(link).toBeTruthy();
    expect(mail.htmlBody).toContain(link!);
    // Mail clients offer their own unsubscribe button from this header (RFC 8058).
    expect(mail.listUnsubscribeUrl).toBe(link);
    const token = new URL(link!).searchParams.get("token")!;
    expect(await findSubscriptionByToken(database.handle.db, token, TOKENS)).toEqual({ status: "active", email: "ava@example.com" });
    // In the house layout, with the code, the footer and the reason in both parts.
    expect(mail.subject).toBe("Welcome to the Hive: your 15% off code");
    for (const body of [mail.textBody, mail.htmlBody!]) {
      expect(body).toContain("Welcome to the Hive!");
      expect(body).toContain(`${BRAND.street}, ${BRAND.city}, ${BRAND.region} ${BRAND.postalCode}`);
    }
    expect(mail.textBody).toContain("You are receiving this because ava@example.com joined our newsletter.");
    expect(mail.htmlBody).toContain('href="https://boutique.example/"');
  });

  it("the link's token names the subscriber by id, not by address, and never expires", async () => {
    const { subscriberId } = await subscribeToNewsletter(database.handle.db, { email: "ava@example.com" }, OPTIONS);
    const link = await unsubscribeLinkFor("ava@example.com");
    expect(link.replace("/newsletter/unsubscribe", "")).not.toContain("@");
    const token = new URL(link).searchParams.get("token")!;
    expect(TOKENS.verify("newsletter-unsubscribe", token)).toEqual({ valid: true, subject: subscriberId, expiresAt: null });
    const yearsLater = createSignedTokens({ secret: SECRET, now: () => Date.now() + 20 * 365 * 86_400_000 });
    expect(await lookup(token, yearsLater)).toBe("active");
  });

  it("still honours links mailed in the first format, signed with the same secret", async () => {
    const { subscriberId } = await subscribeToNewsletter(database.handle.db, { email: "ava@example.com" }, OPTIONS);
    expect(await lookup(firstFormatToken(subscriberId, SECRET))).toBe("active");
    expect(await lookup(firstFormatToken(subscriberId, "a-different-secret-that-is-also-long-enough"))).toBe("invalid-token");
    // Tampered first-format links fail as before.
    const other = subscriberId.startsWith("0") ? `1${subscriberId.slice(1)}` : `0${subscriberId.slice(1)}`;
    expect(await lookup(firstFormatToken(subscriberId, SECRET).replace(subscriberId, other))).toBe("invalid-token");
    expect(await lookup(`${firstFormatToken(subscriberId, SECRET)}.x`)).toBe("invalid-token");
  });

  it.each([
    ["another key", (t: string) => t, OTHER_TOKENS],
    ["a changed payload", (t: string) => t.replace(/^t1\.(.)/, (_m, c: string) => `t1.${c === "M" ? "N" : "M"}`), TOKENS],
    ["a changed signature", (t: string) => `${t.slice(0, -2)}${t.endsWith("AA") ? "BB" : "AA"}`, TOKENS],
    ["no signature", (t: string) => t.split(".").slice(0, 2).join("."), TOKENS],
    ["an extra part", (t: string) => `${t}.x`, TOKENS],
    ["an empty string", () => "", TOKENS],
  ])("refuses the link's token with %s", async (_label, tamper, tokens) => {
    await subscribeToNewsletter(database.handle.db, { email: "ava@example.com" }, OPTIONS);
    expect(await lookup(tamper(await tokenFor("ava@example.com")), tokens)).toBe("invalid-token");
  });

  it("refuses a token for another purpose, a subject that is not a subscriber id, and what is not a string", async () => {
    const { subscriberId } = await subscribeToNewsletter(database.handle.db, { email: "ava@example.com" }, OPTIONS);
    expect(await lookup(TOKENS.sign("cancel-appointment", subscriberId, { expiresInSeconds: 3600 }))).toBe("invalid-token");
    expect(await lookup(signed("ava@example.com"))).toBe("invalid-token");
    for (const token of [null, 42, "x".repeat(5000)]) expect(await lookup(token)).toBe("invalid-token");
  });

  it("a repeat sign-up, in any case, neither duplicates nor fails nor mails again", async () => {
    const first = await subscribeToNewsletter(database.handle.db, { email: "Bea@Example.com" }, OPTIONS);
    const second = await subscribeToNewsletter(database.handle.db, { email: "bea@example.com" }, OPTIONS);
    const third = await subscribeToNewsletter(database.handle.db, { email: "BEA@EXAMPLE.COM" }, OPTIONS);
    expect(second).toEqual({ status: "already-subscribed", subscriberId: first.subscriberId });
    expect(third.status).toBe("already-subscribed");
    expect(await subscribers()).toHaveLength(1);
    expect(await welcomeMails()).toHaveLength(1);
  });

  it("refuses an invalid address with SPEC's message and stores nothing", async () => {
    for (const email of ["", "   ", "no-at-sign.com", "a@b", "a @b.com", 42, null, `${"x".repeat(250)}@example.com`]) {
      await expect(subscribeToNewsletter(database.handle.db, { email }, OPTIONS)).rejects.toMatchObject({ name: "NewsletterInputError" });
    }
    await expect(subscribeToNewsletter(database.handle.db, { email: "nope" }, OPTIONS)).rejects.toThrow(
      "Please enter a valid email address",
    );
    expect(await subscribers()).toHaveLength(0);
    expect(await welcomeMails()).toHaveLength(0);
  });

  it("refuses anything but one plain mailbox (lists, display names, quotes, control characters) and stores the domain lower-cased", async () => {
    for (const email of [
      "a@b.co,c@d.co,e@f.co",
      "x@y.co;victim@example.org",
      "Bob<victim@example.org>x@y.co",
      "@@@.@",
      "<script>alert(1)</script>@x.co",
      '"quoted"@x.co',
      "a\u0000b@x.co",
      "a\tb@x.co",
      "a@b@c.co",
      "a..b@x.co",
      "a@-x.co",
    ]) {
      await expect(subscribeToNewsletter(database.handle.db, { email }, OPTIONS), email).rejects.toThrow(
        "Please enter a valid email address",
      );
    }
    expect(await subscribers()).toHaveLength(0);
    await subscribeToNewsletter(database.handle.db, { email: "  O'Neil+Gowns@Mail.EXAMPLE.com " }, OPTIONS);
    expect((await subscribers())[0]?.email).toBe("O'Neil+Gowns@mail.example.com");
  });

  it("mails one welcome per address per day, however often it is signed up, unsubscribed and signed up again", async () => {
    await subscribeToNewsletter(database.handle.db, { email: "gia@example.com" }, OPTIONS);
    const token = await tokenFor("gia@example.com");
    for (let i = 0; i < 3; i++) {
      await unsubscribe(database.handle.db, token, TOKENS);
      expect((await subscribeToNewsletter(database.handle.db, { email: "gia@example.com" }, OPTIONS)).status).toBe("resubscribed");
    }
    expect(await welcomeMails()).toHaveLength(1);
    // A day later, a new sign-up after leaving is welcomed again.
    await database.handle.db.execute(sql`update newsletter_subscribers set subscribed_at = now() - interval '25 hours'`);
    await unsubscribe(database.handle.db, token, TOKENS);
    await subscribeToNewsletter(database.handle.db, { email: "gia@example.com" }, OPTIONS);
    expect(await welcomeMails()).toHaveLength(2);
  });

  it("unsubscribes with the signed token, idempotently, and a new sign-up makes the subscriber active again", async () => {
    const { subscriberId } = await subscribeToNewsletter(database.handle.db, { email: "cleo@example.com" }, OPTIONS);
    const token = await tokenFor("cleo@example.com");

    expect(await findSubscriptionByToken(database.handle.db, token, TOKENS)).toEqual({ status: "active", email: "cleo@example.com" });
    expect(await unsubscribe(database.handle.db, token, TOKENS)).toEqual({ status: "unsubscribed", email: "cleo@example.com" });
    expect((await subscribers())[0]?.isActive).toBe(false);
    expect(await unsubscribe(database.handle.db, token, TOKENS)).toEqual({ status: "already-unsubscribed", email: "cleo@example.com" });
    expect(await findSubscriptionByToken(database.handle.db, token, TOKENS)).toEqual({ status: "inactive", email: "cleo@example.com" });

    const again = await subscribeToNewsletter(database.handle.db, { email: "Cleo@example.com" }, OPTIONS);
    expect(again).toEqual({ status: "resubscribed", subscriberId });
    const rows = await subscribers();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.isActive).toBe(true);
    // Within a day of the first welcome: not mailed again.
    expect(await welcomeMails()).toHaveLength(1);
  });

  it("changes nothing for a bad or foreign token, and says which it was", async () => {
    const { subscriberId } = await subscribeToNewsletter(database.handle.db, { email: "dora@example.com" }, OPTIONS);
    expect(await unsubscribe(database.handle.db, "garbage", TOKENS)).toEqual({ status: "invalid-token" });
    expect(await unsubscribe(database.handle.db, signed(subscriberId, OTHER_TOKENS), TOKENS)).toEqual({
      status: "invalid-token",
    });
    expect(await unsubscribe(database.handle.db, signed("00000000-0000-4000-8000-000000000000"), TOKENS)).toEqual({
      status: "not-found",
    });
    expect((await subscribers())[0]?.isActive).toBe(true);
  });

  it("writes neither the subscriber nor the mail when the transaction fails", async () => {
    // A trigger that fails the outbox insert stands in for any failure after the upsert.
    await database.handle.db.execute(
      sql`create or replace function fail_outbox() returns trigger language plpgsql as $$ begin raise exception 'outbox down'; end $$`,
    );
    await database.handle.db.execute(
      sql`create trigger fail_outbox before insert on mail_outbox for each row execute function fail_outbox()`,
    );
    try {
      await expect(subscribeToNewsletter(database.handle.db, { email: "eve@example.com" }, OPTIONS)).rejects.toThrow();
      expect(await subscribers()).toHaveLength(0);
    } finally {
      await database.handle.db.execute(sql`drop trigger fail_outbox on mail_outbox`);
    }
  });

  it("many sign-ups of one address at once make one subscriber and one welcome mail", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        subscribeToNewsletter(database.handle.db, { email: i % 2 ? "fay@example.com" : "FAY@example.com" }, OPTIONS),
      ),
    );
    expect(results.filter((r) => r.status === "subscribed")).toHaveLength(1);
    expect(new Set(results.map((r) => r.subscriberId)).size).toBe(1);
    expect(await subscribers()).toHaveLength(1);
    expect(await welcomeMails()).toHaveLength(1);
  });
});
