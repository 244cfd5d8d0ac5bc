import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/lib/env.server";

describe("configuration", () => {
  it("runs on the embedded defaults with nothing set", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "127.0.0.1", DATA_DIR: "./data", APP_URL: "http://localhost:3000", LOG_LEVEL: "info" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("reads PORT, HOST and DATA_DIR", () => {
    expect(parseEnv({ PORT: "8080", HOST: "0.0.0.0", DATA_DIR: "/var/lib/boutique" })).toMatchObject({ PORT: 8080, HOST: "0.0.0.0", DATA_DIR: "/var/lib/boutique", APP_URL: "http://localhost:8080" });
  });

  it.each([
    [{ PORT: "abc" }, "PORT: must be a whole number between 1 and 65535"],
    [{ PORT: "70000" }, "PORT: must be a whole number between 1 and 65535"],
    [{ DATABASE_URL: "mysql://x", APP_URL: "https://a.example" }, "DATABASE_URL: must be a postgres:// URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL: must be an smtp:// or smtps:// URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL: must be one of"],
    [{ DATABASE_URL: "postgres://db.internal/boutique" }, "APP_URL: is required when DATABASE_URL is set"],
  ])("stops with a message naming the variable: %o", (source, message) => {
    expect(() => parseEnv(source)).toThrowError(ConfigError);
    expect(() => parseEnv(source)).toThrowError(message);
  });

  it("never echoes a URL that may carry a password", () => {
    try {
      parseEnv({ DATABASE_URL: "mysql://admin:s3cret@db", APP_URL: "https://a.example" });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain("s3cret");
    }
  });
});
