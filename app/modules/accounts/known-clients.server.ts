// A browser that has given an account's right password carries a signed
// mark of it (a "device cookie"), so that sign-in failures elsewhere never
// lock the owner out of her own browser (decision 0021). The cookie names
// no address: each mark signs a hash of one account's email.
import { createHash } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import type { SignedTokens } from "~/lib/signed-token.server";

export const KNOWN_CLIENT_COOKIE = "hive.known_client";
const PURPOSE = "known-client";
const LIFETIME_SECONDS = 400 * 24 * 60 * 60;
/** Marks kept per browser: a shared family laptop signs in to a few accounts, not to many. */
const MAX_ACCOUNTS = 5;
const SEPARATOR = "~";

function accountTag(email: string) {
  return createHash("sha256").update(`known-client:${email.trim().toLowerCase()}`, "utf8").digest("base64url");
}

function marksOf(request: Request): string[] {
  const value = parseCookies(request.headers.get("cookie") ?? "").get(KNOWN_CLIENT_COOKIE);
  return value ? value.split(SEPARATOR).slice(0, MAX_ACCOUNTS) : [];
}

/** Whether this browser has signed in to the account with this email before. */
export function isKnownClient(request: Request, tokens: SignedTokens, email: string): boolean {
  const tag = accountTag(email);
  return marksOf(request).some((mark) => {
    const verdict = tokens.verify(PURPOSE, mark);
    return verdict.valid && verdict.subject === tag;
  });
}

/** The Set-Cookie value that marks this browser for the account, keeping its marks for other accounts. */
export function knownClientCookie(request: Request, tokens: SignedTokens, email: string, secure: boolean): string {
  const tag = accountTag(email);
  const others = marksOf(request).filter((mark) => {
    const verdict = tokens.verify(PURPOSE, mark);
    return verdict.valid && verdict.subject !== tag;
  });
  const marks = [tokens.sign(PURPOSE, tag, { expiresInSeconds: LIFETIME_SECONDS }), ...others].slice(0, MAX_ACCOUNTS);
  return [
    `${KNOWN_CLIENT_COOKIE}=${marks.join(SEPARATOR)}`,
    "Path=/",
    `Max-Age=${LIFETIME_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
