import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "~/db/schema/newsletter";
import { mailOutbox } from "~/db/schema/mail";
import { NEWSLETTER_DISCOUNT_CODE } from "~/modules/newsletter/constants";
import {
  findSubscriptionByToken,
  NewsletterInputError,
  signUnsubscribeToken,
  subscribeToNewsletter,
  unsubscribe,
  unsubscribeUrl,
  verifyUnsubscribeToken,
  WELCOME_MAIL_KIND,
} from "~/modules/newsletter/newsletter.server";
import { testEngines, type TestDatabase } from "../helpers/databases";

const SECRET = "a-test-secret-that-is-long-enough-for-hmac";
const OPTIONS = { appUrl: "https://boutique.example", secret: SECRET };

describe("unsubscribe tokens", () => {
  const id = "0b9d3c55-7f5e-4b6e-9a51-2f7f7b0c1d2e";

  it("round-trips the subscriber id", () => {
    const token = signUnsubscribeToken(id, SECRET);
    expect(token.startsWith(`${id}.`)).toBe(true);
    expect(verifyUnsubscribeToken(token, SECRET)).toBe(id);
  });

  it("does not put the address in the link", () => {
    const link = unsubscribeUrl(id, OPTIONS);
    expect(link).toMatch(/^https:\/\/boutique\.example\/newsletter\/unsubscribe\?token=/);
    expect(link).not.toContain("@");
  });

  it.each([
    ["another key", (t: string) => t, "a-different-secret-that-is-also-long-enough"],
    ["a changed id", (t: string) => t.replace(/^0b9d/, "1b9d"), SECRET],
    ["a changed signature", (t: string) => `${t.slice(0, -2)}${t.endsWith("AA") ? "BB" : "AA"}`, SECRET],
    ["no signature", (t: string) => t.split(".")[0]!, SECRET],
    [
      "a last character changed only in its spare bits (decodes to the same bytes)",
      (t: string) => {
        const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        const twin = alphabet[alphabet.indexOf(t.at(-1)!) ^ 1]!;
        return `${t.slice(0, -1)}${twin}`;
      },
      SECRET,
    ],
    ["an extra part", (t: string) => `${t}.x`, SECRET],
    ["an id that is not a UUID", () => `not-a-uuid.${signUnsubscribeToken(id, SECRET).split(".")[1]}`, SECRET],
    ["an empty string", () => "", SECRET],
  ])("rejects %s", (_label, tamper, secret) => {
    expect(verifyUnsubscribeToken(tamper(signUnsubscribeToken(id, SECRET)), secret)).toBeNull();
  });

  it("rejects what is not a string at all", () => {
    expect(verifyUnsubscribeToken(null, SECRET)).toBeNull();
    expect(verifyUnsubscribeToken(42, SECRET)).toBeNull();
    expect(verifyUnsubscribeToken("x".repeat(5000), SECRET)).toBeNull();
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
    const token = new URL(link!).searchParams.get("token")!;
    expect(verifyUnsubscribeToken(token, SECRET)).toBe(outcome.subscriberId);
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

  it("unsubscribes with the signed token, idempotently, and a new sign-up makes the subscriber active again with a fresh welcome", async () => {
    const { subscriberId } = await subscribeToNewsletter(database.handle.db, { email: "cleo@example.com" }, OPTIONS);
    const token = signUnsubscribeToken(subscriberId, SECRET);

    expect(await findSubscriptionByToken(database.handle.db, token, SECRET)).toEqual({ status: "active", email: "cleo@example.com" });
    expect(await unsubscribe(database.handle.db, token, SECRET)).toEqual({ status: "unsubscribed", email: "cleo@example.com" });
    expect((await subscribers())[0]?.isActive).toBe(false);
    expect(await unsubscribe(database.handle.db, token, SECRET)).toEqual({ status: "already-unsubscribed", email: "cleo@example.com" });
    expect(await findSubscriptionByToken(database.handle.db, token, SECRET)).toEqual({ status: "inactive", email: "cleo@example.com" });

    const again = await subscribeToNewsletter(database.handle.db, { email: "Cleo@example.com" }, OPTIONS);
    expect(again).toEqual({ status: "resubscribed", subscriberId });
    const rows = await subscribers();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.isActive).toBe(true);
    expect(await welcomeMails()).toHaveLength(2);
  });

  it("changes nothing for a bad or foreign token, and says which it was", async () => {
    const { subscriberId } = await subscribeToNewsletter(database.handle.db, { email: "dora@example.com" }, OPTIONS);
    expect(await unsubscribe(database.handle.db, "garbage", SECRET)).toEqual({ status: "invalid-token" });
    expect(
      await unsubscribe(database.handle.db, signUnsubscribeToken(subscriberId, "some-other-secret-of-enough-length!!"), SECRET),
    ).toEqual({ status: "invalid-token" });
    expect(await unsubscribe(database.handle.db, signUnsubscribeToken("00000000-0000-4000-8000-000000000000", SECRET), SECRET)).toEqual({
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
