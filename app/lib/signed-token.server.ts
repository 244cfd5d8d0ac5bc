import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Signed tokens for links in mail (unsubscribe, cancel a fitting, confirm an
 * address...): `t1.<payload>.<mac>`, both parts base64url.
 *
 * - The payload is `<expiry in epoch seconds, 0 for never>:<subject>` in
 *   UTF-8. It is signed, not encrypted: put an opaque id in the subject, never
 *   an address or anything private.
 * - Each purpose signs with its own key, derived from the app secret with
 *   HKDF-SHA256 (info = the purpose), so a token made for one purpose never
 *   verifies for another, and a leak of one derived key exposes no other.
 * - The MAC is HMAC-SHA256 over the exact text `t1.<payload>`, compared in
 *   constant time. Comparing the text (not decoded bytes) also refuses
 *   twins that differ only in base64's spare bits.
 * - The expiry sits inside the signed payload; it is read only after the
 *   MAC holds, so a forged token learns nothing about expiry.
 */

const VERSION = "t1";
const MAC_LENGTH = 43; // 32 bytes of HMAC-SHA256 in unpadded base64url
const MAX_TOKEN_LENGTH = 2048;
const MAX_SUBJECT_LENGTH = 512;
const PURPOSE = /^[a-z][a-z0-9-]{0,63}$/;
const SHAPE = /^t1\.([A-Za-z0-9_-]{4,2000})\.([A-Za-z0-9_-]{43})$/;
const PAYLOAD = /^(0|[1-9]\d{0,11}):([\s\S]+)$/;
const HKDF_SALT = "the-hive/signed-token/v1";

export type TokenLifetime =
  /** Valid for this many seconds from now. */
  | { expiresInSeconds: number }
  | { expiresAt: Date }
  /** For links whose whole point is to keep working, such as unsubscribe links in mail: say why at the call site. */
  | { neverExpires: true };

export type TokenVerdict =
  | { valid: true; subject: string; expiresAt: Date | null }
  /**
   * `malformed`: not a token of ours at all (truncated, garbage, wrong
   * version); `forged`: well-formed but the MAC does not hold (tampered,
   * another purpose, another key); `expired`: ours and intact, but too old.
   */
  | { valid: false; reason: "malformed" | "forged" | "expired" };

export interface SignedTokens {
  sign(purpose: string, subject: string, lifetime: TokenLifetime): string;
  /** Never throws for any `token`: whatever arrives from a URL or a form may be passed as is. */
  verify(purpose: string, token: unknown): TokenVerdict;
  /**
   * Raw secrets that signed links in formats older than this one (today: the
   * newsletter's first unsubscribe links). Only code that still accepts such
   * a format reads them; everything new uses `sign` and `verify`.
   */
  readonly legacySecrets: readonly string[];
}

export interface SignedTokenOptions {
  /** The app secret (APP_SECRET, see app-secret.server.ts): 32 characters or more. */
  secret: string;
  legacySecrets?: readonly string[];
  /** For tests: the clock, in milliseconds. */
  now?: () => number;
}

export function createSignedTokens({ secret, legacySecrets = [], now = Date.now }: SignedTokenOptions): SignedTokens {
  if (secret.length < 32) throw new Error("createSignedTokens: the secret must be at least 32 characters");
  const keys = new Map<string, Buffer>();
  const keyFor = (purpose: string): Buffer => {
    // A purpose is a literal in our code, never input: a bad one is a bug and should fail loudly.
    if (!PURPOSE.test(purpose)) throw new TypeError(`signed token purpose must match ${PURPOSE}, got ${JSON.stringify(purpose)}`);
    let key = keys.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, purpose, 32));
      keys.set(purpose, key);
    }
    return key;
  };
  const mac = (key: Buffer, signed: string) => createHmac("sha256", key).update(signed).digest("base64url");

  return {
    legacySecrets,
    sign(purpose, subject, lifetime) {
      const key = keyFor(purpose);
      if (subject.length === 0 || subject.length > MAX_SUBJECT_LENGTH) {
        throw new RangeError(`signed token subject must be 1 to ${MAX_SUBJECT_LENGTH} characters`);
      }
      const expiry = expirySeconds(lifetime, now());
      const signed = `${VERSION}.${Buffer.from(`${expiry}:${subject}`, "utf8").toString("base64url")}`;
      return `${signed}.${mac(key, signed)}`;
    },
    verify(purpose, token) {
      const key = keyFor(purpose);
      if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return { valid: false, reason: "malformed" };
      const shape = SHAPE.exec(token);
      if (!shape) return { valid: false, reason: "malformed" };
      const signed = `${VERSION}.${shape[1]!}`;
      const given = Buffer.from(shape[2]!, "ascii");
      const expected = Buffer.from(mac(key, signed), "ascii");
      if (given.length !== MAC_LENGTH || !timingSafeEqual(given, expected)) return { valid: false, reason: "forged" };

      // Signed by us, so well-formed unless the format itself changed; checked anyway, never trusted blindly.
      let payload: string;
      try {
        payload = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(shape[1]!, "base64url"));
      } catch {
        return { valid: false, reason: "malformed" };
      }
      const parts = PAYLOAD.exec(payload);
      if (!parts) return { valid: false, reason: "malformed" };
      const expiry = Number(parts[1]);
      if (expiry !== 0 && expiry * 1000 <= now()) return { valid: false, reason: "expired" };
      return { valid: true, subject: parts[2]!, expiresAt: expiry === 0 ? null : new Date(expiry * 1000) };
    },
  };
}

function expirySeconds(lifetime: TokenLifetime, nowMs: number): number {
  if ("neverExpires" in lifetime) return 0;
  const atMs = "expiresAt" in lifetime ? lifetime.expiresAt.getTime() : nowMs + lifetime.expiresInSeconds * 1000;
  if (!Number.isFinite(atMs) || atMs <= nowMs) throw new RangeError("signed token expiry must lie in the future");
  return Math.ceil(atMs / 1000);
}
