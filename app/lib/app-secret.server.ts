import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Env } from "./env.server";

export const APP_SECRET_FILE = "app-secret";
/** Where the embedded defaults kept the key before APP_SECRET existed; adopted once, then left alone. */
export const LEGACY_SECRET_FILE = "newsletter-secret";

export interface AppSecrets {
  /** Signs every token (see signed-token.server.ts), which derives a key per purpose from it. */
  secret: string;
  /** Secrets that may have signed links still sitting in inboxes, in older formats. */
  legacySecrets: string[];
  /** Where the secret came from, for the start-up log (never the secret itself). */
  source: "APP_SECRET" | "NEWSLETTER_SECRET" | "data folder";
}

/**
 * The app's one secret:
 * 1. APP_SECRET, when set (required with DATABASE_URL: every instance must sign alike);
 * 2. else NEWSLETTER_SECRET, its former name, still honoured;
 * 3. else `DATA_DIR/app-secret`, generated on first start (the embedded
 *    defaults). An install that already had `DATA_DIR/newsletter-secret`
 *    adopts that key, so links already mailed keep verifying.
 *
 * Backing up the data folder backs up the key with it.
 */
export function resolveAppSecrets(env: Pick<Env, "APP_SECRET" | "NEWSLETTER_SECRET" | "DATA_DIR" | "DATABASE_URL">): AppSecrets {
  const legacy = new Set<string>();
  if (env.NEWSLETTER_SECRET) legacy.add(env.NEWSLETTER_SECRET);
  const legacyFileSecret = env.DATABASE_URL ? null : readKeyFile(join(resolve(env.DATA_DIR), LEGACY_SECRET_FILE));
  if (legacyFileSecret) legacy.add(legacyFileSecret);

  let secret: string;
  let source: AppSecrets["source"];
  if (env.APP_SECRET) {
    secret = env.APP_SECRET;
    source = "APP_SECRET";
  } else if (env.NEWSLETTER_SECRET) {
    secret = env.NEWSLETTER_SECRET;
    source = "NEWSLETTER_SECRET";
  } else {
    // env.server.ts refuses DATABASE_URL without a secret, so this is the embedded default.
    const file = join(resolve(env.DATA_DIR), APP_SECRET_FILE);
    secret = readKeyFile(file) ?? createKeyFile(file, legacyFileSecret ?? randomBytes(32).toString("base64url"));
    source = "data folder";
  }
  // An operator who renamed NEWSLETTER_SECRET to APP_SECRET keeps the old links working too.
  legacy.add(secret);
  return { secret, legacySecrets: [...legacy], source };
}

function readKeyFile(file: string): string | null {
  let stored: string;
  try {
    stored = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  if (stored.length >= 32) return stored;
  throw new Error(
    `${file} holds no usable key (fewer than 32 characters). Restore it from a backup, or delete it to have a new one made (links already mailed then stop working).`,
  );
}

function createKeyFile(file: string, secret: string): string {
  mkdirSync(resolve(file, ".."), { recursive: true, mode: 0o700 });
  try {
    // 'wx': if two processes race to create it, the second reads the first's key.
    writeFileSync(file, `${secret}\n`, { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readKeyFile(file) ?? secret;
    throw error;
  }
}
