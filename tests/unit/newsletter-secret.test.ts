import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/lib/env.server";
import { newsletterSecret, SECRET_FILE_NAME } from "~/modules/newsletter/secret.server";
import { tempDir } from "../helpers/processes";

describe("the unsubscribe-link key", () => {
  it("is NEWSLETTER_SECRET when set", () => {
    const secret = "s".repeat(40);
    expect(newsletterSecret({ NEWSLETTER_SECRET: secret, DATA_DIR: tempDir() })).toBe(secret);
  });

  it("otherwise is generated once in the data folder, private to its owner, and read back after a restart", () => {
    const dataDir = join(tempDir(), "not-yet-created");
    const first = newsletterSecret({ NEWSLETTER_SECRET: undefined, DATA_DIR: dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, SECRET_FILE_NAME);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(newsletterSecret({ NEWSLETTER_SECRET: undefined, DATA_DIR: dataDir })).toBe(first);
  });

  it("refuses a stored key that is too short rather than sign with it", () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, SECRET_FILE_NAME), "short\n");
    expect(() => newsletterSecret({ NEWSLETTER_SECRET: undefined, DATA_DIR: dataDir })).toThrow("holds no usable key");
  });

  it("is checked at start-up: at least 32 characters, required with DATABASE_URL, never echoed", () => {
    expect(() => parseEnv({ NEWSLETTER_SECRET: "too-short" })).toThrowError(ConfigError);
    try {
      parseEnv({ NEWSLETTER_SECRET: "too-short" });
    } catch (error) {
      expect(String(error)).toContain("NEWSLETTER_SECRET: must be at least 32 characters");
      expect(String(error)).not.toContain("too-short");
    }
    expect(() => parseEnv({ DATABASE_URL: "postgres://db/boutique", APP_URL: "https://a.example" })).toThrowError(
      "NEWSLETTER_SECRET: is required when DATABASE_URL is set",
    );
    expect(
      parseEnv({ DATABASE_URL: "postgres://db/boutique", APP_URL: "https://a.example", NEWSLETTER_SECRET: "k".repeat(32) })
        .NEWSLETTER_SECRET,
    ).toBe("k".repeat(32));
    expect(parseEnv({})).toMatchObject({ NEWSLETTER_RATE_LIMIT: 5, NEWSLETTER_RATE_WINDOW_MS: 600_000 });
    expect(parseEnv({}).NEWSLETTER_SECRET).toBeUndefined();
  });
});
