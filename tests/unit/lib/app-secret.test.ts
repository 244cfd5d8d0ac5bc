import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { APP_SECRET_FILE, LEGACY_SECRET_FILE, resolveAppSecrets } from "~/lib/app-secret.server";
import { ConfigError, parseEnv } from "~/lib/env.server";
import { tempDir } from "../../helpers/processes";

const embedded = (dataDir: string, extra: Record<string, string> = {}) => {
  const env = parseEnv({ DATA_DIR: dataDir, ...extra });
  return resolveAppSecrets(env);
};

describe("the app secret", () => {
  it("is APP_SECRET when set", () => {
    const secret = "s".repeat(40);
    expect(embedded(tempDir(), { APP_SECRET: secret })).toMatchObject({ secret, source: "APP_SECRET" });
  });

  it("falls back to NEWSLETTER_SECRET, its former name", () => {
    const secret = "n".repeat(40);
    expect(embedded(tempDir(), { NEWSLETTER_SECRET: secret })).toMatchObject({ secret, source: "NEWSLETTER_SECRET" });
  });

  it("is generated once into the data folder, readable by its owner only, and the same on the next start", () => {
    const dataDir = tempDir();
    const first = embedded(dataDir);
    expect(first.source).toBe("data folder");
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, APP_SECRET_FILE);
    expect(readFileSync(file, "utf8").trim()).toBe(first.secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(embedded(dataDir).secret).toBe(first.secret);
    expect(embedded(tempDir()).secret).not.toBe(first.secret);
  });

  it("adopts the key an older install generated for unsubscribe links, so links already mailed keep working", () => {
    const dataDir = tempDir();
    const old = "o".repeat(43);
    writeFileSync(join(dataDir, LEGACY_SECRET_FILE), `${old}\n`);
    const secrets = embedded(dataDir);
    expect(secrets.secret).toBe(old);
    expect(secrets.legacySecrets).toContain(old);
    expect(readFileSync(join(dataDir, APP_SECRET_FILE), "utf8").trim()).toBe(old);
  });

  it("keeps an old NEWSLETTER_SECRET for old links when a new APP_SECRET takes over", () => {
    const secrets = embedded(tempDir(), { APP_SECRET: "a".repeat(40), NEWSLETTER_SECRET: "n".repeat(40) });
    expect(secrets.secret).toBe("a".repeat(40));
    expect(secrets.legacySecrets).toEqual(expect.arrayContaining(["a".repeat(40), "n".repeat(40)]));
  });

  it("refuses a key file too short to be a key, saying what to do", () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, APP_SECRET_FILE), "short\n");
    expect(() => embedded(dataDir)).toThrow(/holds no usable key.*delete it to have a new one made/);
  });

  it("is checked at start-up: too short, or missing with DATABASE_URL", () => {
    expect(() => parseEnv({ APP_SECRET: "too-short" })).toThrowError(ConfigError);
    expect(() => parseEnv({ APP_SECRET: "too-short" })).toThrowError("APP_SECRET: must be at least 32 characters");
    expect(() => parseEnv({ NEWSLETTER_SECRET: "too-short" })).toThrowError("NEWSLETTER_SECRET: must be at least 32 characters");
    const production = { DATABASE_URL: "postgres://db/boutique", APP_URL: "https://a.example", SMTP_URL: "smtp://mail.example" };
    expect(() => parseEnv(production)).toThrowError("APP_SECRET: is required when DATABASE_URL is set");
    expect(parseEnv({ ...production, APP_SECRET: "k".repeat(32) }).APP_SECRET).toBe("k".repeat(32));
    expect(parseEnv({ ...production, NEWSLETTER_SECRET: "k".repeat(32) }).NEWSLETTER_SECRET).toBe("k".repeat(32));
    expect(parseEnv({}).APP_SECRET).toBeUndefined();
  });

  it("is never echoed back in a configuration error", () => {
    try {
      parseEnv({ APP_SECRET: "my-real-but-short-key" });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain("my-real-but-short-key");
    }
  });
});
