// The Security tab's server side: where two-factor stands for a shopper,
// the QR code of a new TOTP secret, and the shopper's passkeys.
import { and, eq } from "drizzle-orm";
import { generate } from "lean-qr";
import { toSvgDataURL } from "lean-qr/extras/svg";
import type { Database } from "~/db/client.server";
import { passkeys, twoFactors } from "~/db/schema/auth";

export type TwoFactorState = "off" | "pending" | "on";

/**
 * "pending": a secret was made but no code from the app has confirmed it yet
 * (sign-in does not ask for it then); "on": sign-in asks for a code.
 */
export async function twoFactorState(db: Database, user: { id: string; twoFactorEnabled: boolean }): Promise<TwoFactorState> {
  if (user.twoFactorEnabled) return "on";
  const [row] = await db
    .select({ verified: twoFactors.verified })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, user.id), eq(twoFactors.verified, false)))
    .limit(1);
  return row ? "pending" : "off";
}

export interface TotpEnrolment {
  /** The QR code of the otpauth URI, as an SVG data URL drawn on the server. */
  qrDataUrl: string;
  /** The same secret in base32, for typing into an app that cannot scan. */
  secret: string;
  backupCodes: string[];
}

/** What the shopper needs to add the account to an authenticator app; null for a URI that is not TOTP's. */
export function totpEnrolment(totpURI: string, backupCodes: string[]): TotpEnrolment | null {
  let url: URL;
  try {
    url = new URL(totpURI);
  } catch {
    return null;
  }
  const secret = url.searchParams.get("secret");
  if (url.protocol !== "otpauth:" || !secret) return null;
  const qrDataUrl = toSvgDataURL(generate(totpURI), { on: "black", off: "white", pad: 4 });
  return { qrDataUrl, secret: secret.replace(/(.{4})/g, "$1 ").trim(), backupCodes };
}

export interface PasskeySummary {
  id: string;
  name: string | null;
  createdAt: Date | null;
  deviceType: string;
  backedUp: boolean;
}

/** The shopper's own passkeys, newest first. */
export function listPasskeys(db: Database, userId: string): Promise<PasskeySummary[]> {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      deviceType: passkeys.deviceType,
      backedUp: passkeys.backedUp,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt);
}
