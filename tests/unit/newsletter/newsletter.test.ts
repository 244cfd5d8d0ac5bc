import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "~/db/schema/newsletter";
import { mailOutbox } from "~/db/schema/mail";
import { createSignedTokens } from "~/lib/signed-token.server";
import { NEWSLETTER_DISCOUNT_CODE } from "~/modules/newsletter/constants";
import {
  findSubscriptionByToken,
  NewsletterInputError,
  signUnsubscribeToken,
  subscribeToNewsletter,
  unsubscribe,
  UNSUBSCRIBE_TOKEN_PURPOSE,
  unsubscribeUrl,
  verifyUnsubscribeToken,
  WELCOME_MAIL_KIND,
} from "~/modules/newsletter/newsletter.server";
import { testEngines, type TestDatabase } from "../../helpers/databases";

const SECRET = "a-test-secret-that-is-long-enough-for-hmac";
const TOKENS = createSignedTokens({ secret: SECRET, legacySecrets: [SECRET] });
const OTHER_TOKENS = createSignedTokens({ secret: "a-different-secret-that-is-also-long-enough" });
const OPTIONS = { appUrl: "https://boutique.example", tokens: TOKENS };

/** The first format, signed before lib/signed-token existed: links in inboxes still carry it. */
function firstFormatToken(id: string, secret: string) {
  return `${id}.${createHmac("sha256", secret).update(`newsletter-unsubscribe:v1:${id}`).digest("base64url")}`;
}

describe("unsubscribe tokens", () => {
  const id = "0b9d3c55-7f5e-4b6e-9a51-2f7f7b0c1d2e";

  it("round-trips the subscriber id, and never expires", () => {
    const token = signUnsubscribeToken(id, TOKENS);
    expect(verifyUnsubscribeToken(token, TOKENS)).toBe(id);
    expect(TOKENS.verify(UNSUBSCRIBE_TOKEN_PURPOSE, token)).toEqual({ valid: true, subject: id, expiresAt: null });
    const yearsLater = createSignedTokens({ secret: SECRET, now: () => Date.now() + 20 * 365 * 86_400_000 });
    expect(verifyUnsubscribeToken(token, yearsLater)).toBe(id);
  });

  it("does not put the address in the link", () => {
    const link = unsubscribeUrl(id, OPTIONS);
    expect(link).toMatch(/^https:\/\/boutique\.example\/newsletter\/unsubscribe\?token=/);
    expect(link).not.toContain("@");
  });

  it("still honours links mailed in the first format, signed with the same secret", () => {
    expect(verifyUnsubscribeToken(firstFormatToken(id, SECRET), TOKENS)).toBe(id);
    expect(verifyUnsubscribeToken(firstFormatToken(id, "a-different-secret-that-is-also-long-enough"), TOKENS)).toBeNull();
    // Tampered first-format links fail as before.
    expect(verifyUnsubscribeToken(firstFormatToken(id, SECRET).replace(/^0b9d/, "1b9d"), TOKENS)).toBeNull();
    expect(verifyUnsubscribeToken(`${firstFormatToken(id, SECRET)}.x`, TOKENS)).toBeNull();
  });

  it.each([
    ["another key", (t: string) => t, OTHER_TOKENS],
    ["a changed payload", (t: string) => t.replace(/^t1\.(.)/, (_m, c: string) => `t1.${c === "M" ? "N" : "M"}`), TOKENS],
    ["a changed signature", (t: string) => `${t.slice(0, -2)}${t.endsWith("AA") ? "BB" : "AA"}`, TOKENS],
    ["no signature", (t: string) => t.split(".").slice(0, 2).join("."), TOKENS],
    ["an extra part", (t: string) => `${t}.x`, TOKENS],
    ["an empty string", () => "", TOKENS],
  ])("rejects %s", (_label, tamper, tokens) => {
    expect(verifyUnsubscribeToken(tamper(signUnsubscribeToken(id, TOKENS)), tokens)).toBeNull();
  });

  it("rejects a token signed for another purpose, even with the same subject", () => {
    const cancel = TOKENS.sign("cancel-appointment", id, { expiresInSeconds: 3600 });
    expect(verifyUnsubscribeToken(cancel, TOKENS)).toBeNull();
  });

  it("rejects a valid token whose subject is not a subscriber id", () => {
    expect(verifyUnsubscribeToken(TOKENS.sign(UNSUBSCRIBE_TOKEN_PURPOSE, "ava@example.com", { neverExpires: true }), TOKENS)).toBeNull();
  });

  it("rejects what is not a string at all", () => {
    expect(verifyUnsubscribeToken(null, TOKENS)).toBeNull();
    expect(verifyUnsubscribeToken(42, TOKENS)).toBeNull();
    expect(verifyUnsubscribeToken("x".repeat(5000), TOKENS)).toBeNull();
  });
});

describe.each(testEngines)("newsletter on $name", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await engine.create();
  });
  afterAll(() => database.drop());
  beforeEach(async () => {
    await database.handle.db.delete(newsletterSubscribers);
    await database.handle.db.delete(mailOutbox);
  });

  const subscribers = () => database.handle.db.select().from(newsletterSubscribers);
  const welcomeMails = () => database.handle.db.select().from(mailOutbox).where(eq(mailOutbox.kind, WELCOME_MAIL_KIND));

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
    expect(verifyUnsubscribeToken(token, TOKENS)).toBe(outcome.subscriberId);
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
      await expect(subscribeToNewsletter(database.handle.db, { email }, OPTIONS)).rejects.toThrow(NewsletterInputError);
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
    const { subscriberId } = await subscribeToNewsletter(database.handle.db, { email: "gia@example.com" }, OPTIONS);
    const token = signUnsubscribeToken(subscriberId, TOKENS);
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
    const token = signUnsubscribeToken(subscriberId, TOKENS);

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
    expect(await unsubscribe(database.handle.db, signUnsubscribeToken(subscriberId, OTHER_TOKENS), TOKENS)).toEqual({
      status: "invalid-token",
    });
    expect(await unsubscribe(database.handle.db, signUnsubscribeToken("00000000-0000-4000-8000-000000000000", TOKENS), TOKENS)).toEqual({
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
