import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Env } from "~/lib/env.server";

export const SECRET_FILE_NAME = "newsletter-secret";

const cache = new Map<string, string>();

/**
 * The key that signs unsubscribe links: NEWSLETTER_SECRET when set (required
 * with DATABASE_URL, see env.server.ts), else a random key generated on first
 * use and kept in the data folder, so links in mail already sent keep working
 * after a restart. Backing up the data folder backs up the key with it.
 */
export function newsletterSecret(env: Pick<Env, "NEWSLETTER_SECRET" | "DATA_DIR">): string {
  if (env.NEWSLETTER_SECRET) return env.NEWSLETTER_SECRET;
  const file = join(resolve(env.DATA_DIR), SECRET_FILE_NAME);
  const known = cache.get(file);
  if (known) return known;
  const secret = readOrCreate(file);
  cache.set(file, secret);
  return secret;
}

function readOrCreate(file: string): string {
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
    throw new Error(
      `${file} holds no usable key (fewer than 32 characters); delete it to have a new one made, which invalidates unsubscribe links already sent`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(resolve(file, ".."), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // 'wx': if two requests race to create it, the second reads the first's key.
    writeFileSync(file, `${secret}\n`, { flag: "wx", mode: 0o600 });
    chmodSync(file, 0o600);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
}
