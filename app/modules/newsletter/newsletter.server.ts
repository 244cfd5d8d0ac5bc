import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { queryRows, type Database, type Executor } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema/newsletter";
import { BRAND } from "~/lib/brand";
import type { SignedTokens } from "~/lib/signed-token.server";
import { verifyLinkToken } from "~/lib/token-landing.server";
import { isUuid } from "~/lib/uuid";
import { brandedMail, enqueueMail, type MailMessage } from "~/modules/mail/mail.server";
import { NEWSLETTER_DISCOUNT_CODE, NEWSLETTER_DISCOUNT_PERCENT } from "./constants";
import { newsletterSignupSchema } from "./schema";

const WELCOME_MAIL_KIND = "newsletter-welcome";
const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

class NewsletterInputError extends Error {
  override name = "NewsletterInputError";
}

type SubscribeOutcome =
  /** A new address: stored, welcome mail queued. */
  | { status: "subscribed"; subscriberId: string }
  /** An address that had unsubscribed: active again, welcome mail queued. */
  | { status: "resubscribed"; subscriberId: string }
  /** Already on the list: nothing changes and no second mail goes out. */
  | { status: "already-subscribed"; subscriberId: string };

interface NewsletterOptions {
  /** The public address links in mail point at, e.g. https://thehivebridal.com. */
  appUrl: string;
  /** Signs unsubscribe links (AppServices.tokens). */
  tokens: SignedTokens;
}

/**
 * SPEC's newsletter-signup function. One subscriber per address whatever its
 * case: the unique index on lower(email) decides, so two sign-ups racing on
 * PostgreSQL still make one row and one welcome mail. The mail is queued in
 * the same transaction; the caller nudges the mail worker after it returns.
 */
export async function subscribeToNewsletter(
  db: Database,
  input: { email: unknown },
  options: NewsletterOptions,
): Promise<SubscribeOutcome> {
  const parsed = newsletterSignupSchema.safeParse(input);
  if (!parsed.success) throw new NewsletterInputError(parsed.error.issues[0]?.message ?? "Please enter a valid email address");
  const { email } = parsed.data;

  return db.transaction(async (tx) => {
    // Inserted, or reactivated when it had unsubscribed; an active row is
    // left alone (the WHERE on the update), and then nothing is returned.
    // `previous_at` is the sign-up time before this statement (its snapshot).
    const [changed] = await queryRows<{ id: string; inserted: boolean; recent: boolean | null }>(
      tx,
      sql`with previous as (select subscribed_at from newsletter_subscribers where lower(email) = lower(${email}))
          insert into newsletter_subscribers (email) values (${email})
          on conflict (lower(email)) do update set is_active = true, subscribed_at = now()
            where newsletter_subscribers.is_active = false
          returning id, (xmax = 0) as inserted,
            (select subscribed_at > now() - interval '1 day' from previous) as recent`,
    );
    if (!changed) {
      const [existing] = await tx
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()));
      if (!existing) throw new Error("subscribeToNewsletter: the subscriber vanished inside the transaction");
      return { status: "already-subscribed", subscriberId: existing.id };
    }
    // One welcome mail per address per day: signing someone up, unsubscribing and signing up again mails them once.
    if (changed.inserted || !changed.recent) {
      await enqueueMail(tx, welcomeMail({ to: email, unsubscribeLink: unsubscribeUrl(changed.id, options), appUrl: options.appUrl }));
    }
    return { status: changed.inserted ? "subscribed" : "resubscribed", subscriberId: changed.id };
  });
}

type UnsubscribeOutcome =
  | { status: "unsubscribed"; email: string }
  | { status: "already-unsubscribed"; email: string }
  /** The token was signed by us but its subscriber has since been deleted. */
  | { status: "not-found" }
  /** Malformed, tampered with, or signed with another key. */
  | { status: "invalid-token" };

type SubscriptionLookup = { status: "active" | "inactive"; email: string } | { status: "not-found" } | { status: "invalid-token" };

/** What an unsubscribe link points at, changing nothing: the page asks before it acts. */
export async function findSubscriptionByToken(db: Database, token: unknown, tokens: SignedTokens): Promise<SubscriptionLookup> {
  const id = verifyUnsubscribeToken(token, tokens);
  if (!id) return { status: "invalid-token" };
  const [row] = await db
    .select({ email: newsletterSubscribers.email, isActive: newsletterSubscribers.isActive })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  if (!row) return { status: "not-found" };
  return { status: row.isActive ? "active" : "inactive", email: row.email };
}

/** Sets is_active to false for the subscriber the signed token names. Safe to repeat. */
export async function unsubscribe(db: Database, token: unknown, tokens: SignedTokens): Promise<UnsubscribeOutcome> {
  const id = verifyUnsubscribeToken(token, tokens);
  if (!id) return { status: "invalid-token" };
  const [updated] = await db
    .update(newsletterSubscribers)
    .set({ isActive: false })
    .where(sql`${newsletterSubscribers.id} = ${id} and ${newsletterSubscribers.isActive}`)
    .returning({ email: newsletterSubscribers.email });
  if (updated) return { status: "unsubscribed", email: updated.email };
  const [existing] = await db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  return existing ? { status: "already-unsubscribed", email: existing.email } : { status: "not-found" };
}

// --- unsubscribe tokens -------------------------------------------------------
// A signed token (lib/signed-token.server.ts) whose subject is the
// subscriber's id: a random UUID, not the address, so a forwarded or logged
// URL does not reveal who subscribed. These tokens never expire, on purpose:
// an unsubscribe link must work for as long as the mail that carries it is
// read (the law wants at least 30 days; people open old mail years later),
// the token can do nothing but end a subscription, and the page asks before
// it acts.

const UNSUBSCRIBE_TOKEN_PURPOSE = "newsletter-unsubscribe";

function signUnsubscribeToken(subscriberId: string, tokens: SignedTokens): string {
  return tokens.sign(UNSUBSCRIBE_TOKEN_PURPOSE, subscriberId, { neverExpires: true });
}

/** The subscriber id when the token is ours and intact (in today's format or the first one), else null. Never throws. */
function verifyUnsubscribeToken(token: unknown, tokens: SignedTokens): string | null {
  const verdict = verifyLinkToken(tokens, UNSUBSCRIBE_TOKEN_PURPOSE, token);
  if (verdict.valid) return verdict.id;
  return verdict.reason === "malformed" && typeof token === "string" ? verifyFirstFormatToken(token.trim(), tokens.legacySecrets) : null;
}

/**
 * Links mailed before signed tokens existed: "<id>.<HMAC-SHA256(secret,
 * 'newsletter-unsubscribe:v1:' + id)>" with the raw secret. Still honoured,
 * so no reader is stranded; nothing new is signed this way.
 */
function verifyFirstFormatToken(token: string, secrets: readonly string[]): string | null {
  if (token.length > 200) return null;
  const [id, mac, extra] = token.split(".");
  if (!id || !mac || extra !== undefined || !isUuid(id)) return null;
  // Compare the text, not decoded bytes: base64url's last character carries
  // spare bits, so different texts can decode alike. Only our exact text passes.
  const given = Buffer.from(mac);
  for (const secret of secrets) {
    const expected = Buffer.from(createHmac("sha256", secret).update(`newsletter-unsubscribe:v1:${id}`).digest("base64url"));
    if (given.length === expected.length && timingSafeEqual(given, expected)) return id;
  }
  return null;
}

function unsubscribeUrl(subscriberId: string, { appUrl, tokens }: NewsletterOptions): string {
  const url = new URL(UNSUBSCRIBE_PATH, appUrl);
  url.searchParams.set("token", signUnsubscribeToken(subscriberId, tokens));
  return url.toString();
}

// --- the welcome mail ---------------------------------------------------------

function welcomeMail({ to, unsubscribeLink, appUrl }: { to: string; unsubscribeLink: string; appUrl: string }): MailMessage {
  return brandedMail({
    kind: WELCOME_MAIL_KIND,
    to,
    subject: `Welcome to the Hive: your ${NEWSLETTER_DISCOUNT_PERCENT}% off code`,
    preheader: `Your ${NEWSLETTER_DISCOUNT_PERCENT}% off code is inside, with first word of new arrivals and trunk shows.`,
    blocks: [
      { kind: "heading", text: "Welcome to the Hive!" },
      {
        kind: "paragraph",
        text: `Thank you for joining ${BRAND.fullName}. As promised, here is ${NEWSLETTER_DISCOUNT_PERCENT}% off your first purchase:`,
      },
      { kind: "code", text: NEWSLETTER_DISCOUNT_CODE },
      {
        kind: "paragraph",
        text: "Enter the code at checkout. From now on you will be the first to hear about new arrivals, trunk shows and fitting-room events.",
      },
      { kind: "button", label: "Visit the boutique", url: new URL("/", appUrl).toString() },
      { kind: "paragraph", text: `With love from ${BRAND.city},\n${BRAND.fullName}` },
    ],
    unsubscribe: {
      url: unsubscribeLink,
      reason: `You are receiving this because ${to} joined our newsletter. To stop receiving it, unsubscribe here:`,
    },
  });
}

/** Deletes a subscriber for staff, inside the caller's transaction; what it was, or null when there was none. */
export async function deleteSubscriberRow(tx: Executor, id: string): Promise<{ email: string; active: boolean } | null> {
  const [gone] = await queryRows<{ email: string; is_active: boolean }>(
    tx,
    sql`delete from newsletter_subscribers where id = ${id} returning email, is_active`,
  );
  return gone ? { email: gone.email, active: gone.is_active } : null;
}
