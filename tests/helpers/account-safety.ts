import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { expect } from "vitest";
import type { BoutiqueServer } from "./boutique-server";
import type { ReceivedMail, TestSmtpServer } from "./smtp";

/**
 * A shopper's (or an attacker's) browser against a built server: a cookie
 * jar, and a client address sent as X-Forwarded-For (the server trusts it
 * when started with TRUST_PROXY=loopback), so one test plays many clients.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** The page's origin that requests carry: the server's own, or APP_URL's when several instances share one. */
  origin: string;

  readonly server: BoutiqueServer;
  /** The client address the server sees (X-Forwarded-For); unset: the loopback address itself. */
  address: string | undefined;

  constructor(server: BoutiqueServer, address?: string) {
    this.server = server;
    this.address = address;
    this.origin = server.url;
  }

  cookieHeader(extra: string[] = []): string {
    return [...extra, ...[...this.cookies].map(([name, value]) => `${name}=${value}`)].join("; ");
  }

  /** Keeps what a response sets; a cookie set empty or expired is dropped. */
  keep(response: Response): Response {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  private headers(extraCookies: string[] = []): Record<string, string> {
    const cookie = this.cookieHeader(extraCookies);
    return {
      origin: this.origin,
      ...(cookie ? { cookie } : {}),
      ...(this.address ? { "x-forwarded-for": this.address } : {}),
    };
  }

  /** A GET as a browser navigates: redirects are not followed, so each step can be looked at. */
  async get(path: string): Promise<Response> {
    return this.keep(await fetch(new URL(path, this.server.url), { redirect: "manual", headers: this.headers() }));
  }

  /** A document form post (no JavaScript): urlencoded, with this site's Origin. */
  async form(path: string, fields: Record<string, string>): Promise<Response> {
    return this.keep(
      await fetch(new URL(path, this.server.url), {
        method: "POST",
        redirect: "manual",
        headers: { ...this.headers(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      }),
    );
  }

  /** A JSON call to Better Auth's endpoints below /api/auth, as the browser's scripts make them. */
  async api(path: string, body: unknown, { extraCookies = [] as string[] } = {}): Promise<Response> {
    return this.keep(
      await fetch(new URL(`/api/auth${path}`, this.server.url), {
        method: "POST",
        redirect: "manual",
        headers: { ...this.headers(extraCookies), "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  }

  /** The signed-in user, or null (Better Auth's own session endpoint). */
  async sessionUser(): Promise<{ id: string; email: string; emailVerified: boolean } | null> {
    const response = await fetch(new URL("/api/auth/get-session", this.server.url), { headers: this.headers() });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user?: { id: string; email: string; emailVerified: boolean } } | null;
    return body?.user ?? null;
  }
}

let addresses = 0;
/** A client address no other request of this test process has used. */
export function freshAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

let shoppers = 0;
export function newShopper(label: string) {
  shoppers += 1;
  const id = `${Date.now().toString(36)}${shoppers}`;
  return { name: `${label} Shopper`, email: `${label.toLowerCase()}-${id}@example.com`, password: `secret-${id}` };
}
export type Shopper = ReturnType<typeof newShopper>;

/** Signs a shopper up through /auth's form (the form signs her in): her browser, with a session. */
export async function signUp(server: BoutiqueServer, who: Shopper, address = freshAddress()): Promise<Browser> {
  const browser = new Browser(server, address);
  const response = await browser.form("/auth", { intent: "sign-up", fullName: who.name, email: who.email, password: who.password });
  expect(response.status, `sign-up of ${who.email}`).toBe(302);
  expect(await browser.sessionUser(), `${who.email} is signed in after sign-up`).not.toBeNull();
  return browser;
}

/** The name of a session cookie among a response's Set-Cookie lines that sets a value, or null. */
export function sessionCookieSet(response: Response): string | null {
  const line = response.headers.getSetCookie().find((c) => /^[^=]*session_token=[^;]+/.test(c));
  return line ? line.split("=", 1)[0]! : null;
}

/** The path and query of the first link in a mail's text whose path starts with `pathPrefix`. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const url = /https?:\/\/\S+/g;
  for (const match of mail.text.matchAll(url)) {
    const link = new URL(match[0]);
    if (link.pathname.startsWith(pathPrefix)) return link.pathname + link.search;
  }
  throw new Error(`no link to ${pathPrefix} in "${mail.subject}":\n${mail.text}`);
}

/** The verification link mailed to `email` at sign-up. */
export async function verificationLink(smtp: TestSmtpServer, email: string): Promise<string> {
  const [mail] = await smtp.waitFor((m) => m.to.includes(email) && m.subject === "Confirm your email address");
  return linkIn(mail!, "/api/auth/verify-email");
}

/**
 * Asks for a reset link through /auth's form, from a browser that is not
 * signed in, and answers the token of the `nth` reset mail (1-based) to `email`.
 */
export async function requestResetToken(smtp: TestSmtpServer, server: BoutiqueServer, email: string, nth: number): Promise<string> {
  const response = await new Browser(server, freshAddress()).form("/auth?tab=forgot", { intent: "forgot", email });
  expect(response.status, "reset requested").toBe(200);
  const mails = await smtp.waitFor((m) => m.to.includes(email) && m.subject === "Reset your password", { count: nth });
  const link = linkIn(mails[nth - 1]!, "/api/auth/reset-password/");
  return decodeURIComponent(link.split("?", 1)[0]!.slice("/api/auth/reset-password/".length));
}

/** Sets a new password with a reset link's token through /auth/reset-password's form. */
export function resetWith(browser: Browser, token: string, password: string): Promise<Response> {
  return browser.form("/auth/reset-password", { token, password });
}

/** The TOTP secret of an enrolment URI, as an authenticator app reads it. */
export function totpSecret(totpURI: string): string {
  const key = new URL(totpURI).searchParams.get("secret") ?? "";
  return new TextDecoder().decode(base32.decode(key));
}

export function totpCode(secret: string): Promise<string> {
  return createOTP(secret).totp();
}

/** A six-digit code that is not the one the app shows now. */
export async function wrongCode(secret: string): Promise<string> {
  const right = Number(await totpCode(secret));
  return String((right + 500_000) % 1_000_000).padStart(6, "0");
}

/**
 * Turns TOTP on for a signed-in shopper through Better Auth's endpoints, as
 * the Security tab does: her password (one password check), then a code
 * from the app (one code check). Answers the secret.
 */
export async function turnOnTotp(browser: Browser, password: string): Promise<string> {
  const enabled = await browser.api("/two-factor/enable", { password });
  expect(enabled.status, "two-factor enrolment").toBe(200);
  const secret = totpSecret(((await enabled.json()) as { totpURI: string }).totpURI);
  const verified = await browser.api("/two-factor/verify-totp", { code: await totpCode(secret) });
  expect(verified.status, "two-factor turned on").toBe(200);
  return secret;
}

/** What SPEC's 429 of an auth attempt says. */
export const TOO_MANY_ATTEMPTS = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

/** Asserts a 429 of Better Auth's endpoints: Retry-After in seconds, and SPEC's words. */
export async function expectTooManyAttempts(response: Response, what: string): Promise<void> {
  expect(response.status, what).toBe(429);
  // The one JSON 429 (too-many-requests.server.ts): the message as our `error` and as Better Auth's `message` with `code`.
  const body = (await response.json()) as { ok: unknown; error: string; code: unknown; message: unknown };
  expect(body.error, what).toMatch(TOO_MANY_ATTEMPTS);
  expect(body, what).toEqual({ ok: false, error: body.error, code: "TOO_MANY_REQUESTS", message: body.error });
  expect(Number(response.headers.get("retry-after")), `${what}: Retry-After`).toBeGreaterThan(0);
}

/** The cookie that marks a browser which has given an account's right password (known-clients.server.ts). */
export const KNOWN_CLIENT_COOKIE = "hive.known_client";

/** The account page's Profile tab, where its owner deletes the account (intent=delete-account, with her password). */
export const PROFILE_TAB = "/account/profile";
/** Where the account page's Logout button posts (intent=logout). */
export const LOGOUT_ACTION = "/account";
