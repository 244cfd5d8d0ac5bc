import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "~/lib/env.server";
import { catalogueConfigFromEnv, describeStore } from "~/modules/catalogue/catalogue.server";

describe("configuration", () => {
  it("runs on the embedded defaults with nothing set", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: "127.0.0.1", DATA_DIR: "./data", APP_URL: "http://localhost:3000", LOG_LEVEL: "info" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    // Unset (or empty, as in .env.example): the server decides by whether stdout is a terminal.
    expect(env.LOG_FORMAT).toBeUndefined();
    expect(parseEnv({ LOG_FORMAT: "" }).LOG_FORMAT).toBeUndefined();
    expect(parseEnv({ LOG_FORMAT: "json" }).LOG_FORMAT).toBe("json");
  });

  it("reads PORT, HOST and DATA_DIR", () => {
    expect(parseEnv({ PORT: "8080", HOST: "0.0.0.0", DATA_DIR: "/var/lib/boutique" })).toMatchObject({
      PORT: 8080,
      HOST: "0.0.0.0",
      DATA_DIR: "/var/lib/boutique",
      APP_URL: "http://localhost:8080",
    });
  });

  it.each([
    [{ PORT: "abc" }, "PORT: must be a whole number between 1 and 65535"],
    [{ PORT: "70000" }, "PORT: must be a whole number between 1 and 65535"],
    [{ DATABASE_URL: "mysql://x", APP_URL: "https://a.example" }, "DATABASE_URL: must be a postgres:// URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL: must be an smtp:// or smtps:// URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL: must be one of"],
    [{ STAFF_NOTIFICATIONS: "some" }, 'STAFF_NOTIFICATIONS: must be all, design-only or none (got "some")'],
    [{ LOG_FORMAT: "colour" }, "LOG_FORMAT: must be json or pretty"],
    [{ DATABASE_URL: "postgres://db.internal/boutique" }, "APP_URL: is required when DATABASE_URL is set"],
  ])("stops with a message naming the variable: %o", (source, message) => {
    expect(() => parseEnv(source)).toThrowError(ConfigError);
    expect(() => parseEnv(source)).toThrowError(message);
  });

  describe("the mail transport", () => {
    const postgres = { DATABASE_URL: "postgres://db.internal/boutique", APP_URL: "https://a.example", APP_SECRET: "k".repeat(32) };

    it("is the log on the embedded defaults, in production too (npm start must run with nothing set)", () => {
      expect(parseEnv({}).MAIL_TRANSPORT).toBe("log");
      expect(parseEnv({ MAIL_TRANSPORT: "", SMTP_URL: "" }).MAIL_TRANSPORT).toBe("log");
      expect(parseEnv({ NODE_ENV: "production" }).MAIL_TRANSPORT).toBe("log");
    });

    it("is SMTP whenever SMTP_URL is set", () => {
      expect(parseEnv({ SMTP_URL: "smtp://mail.example:587" }).MAIL_TRANSPORT).toBe("smtp");
      expect(parseEnv({ ...postgres, NODE_ENV: "production", SMTP_URL: "smtp://mail.example:587" }).MAIL_TRANSPORT).toBe("smtp");
    });

    it("refuses the log for a production deployment on PostgreSQL unless asked for by name", () => {
      expect(() => parseEnv({ ...postgres, NODE_ENV: "production" })).toThrowError(
        "SMTP_URL: is required in production (NODE_ENV=production with DATABASE_URL)",
      );
      // NODE_ENV defaults to production: an unset NODE_ENV is no way around it.
      expect(() => parseEnv(postgres)).toThrowError("SMTP_URL: is required in production");
      expect(parseEnv({ ...postgres, NODE_ENV: "production", MAIL_TRANSPORT: "log" }).MAIL_TRANSPORT).toBe("log");
      expect(parseEnv({ ...postgres, NODE_ENV: "development" }).MAIL_TRANSPORT).toBe("log");
    });

    it("refuses MAIL_TRANSPORT=smtp without SMTP_URL, and an unknown transport", () => {
      expect(() => parseEnv({ MAIL_TRANSPORT: "smtp" })).toThrowError("SMTP_URL: is required when MAIL_TRANSPORT=smtp");
      expect(() => parseEnv({ MAIL_TRANSPORT: "carrier-pigeon" })).toThrowError("MAIL_TRANSPORT: must be smtp or log");
    });
  });

  it("never echoes a URL that may carry a password", () => {
    try {
      parseEnv({ DATABASE_URL: "mysql://admin:s3cret@db", APP_URL: "https://a.example" });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain("s3cret");
    }
  });

  describe("the catalogue's store", () => {
    it("is the built-in storefront when no Shopify variable is set", () => {
      const config = catalogueConfigFromEnv(parseEnv({ PORT: "8080" }));
      expect(config).toEqual({ timeoutMs: 10000, store: { kind: "built-in", siteUrl: "http://localhost:8080" } });
      expect(describeStore(config.store)).toBe("built-in storefront (demo collection, no Shopify account)");
    });

    it("is Shopify's 2025-07 Storefront API on the store's domain when a domain and a token are set", () => {
      const config = catalogueConfigFromEnv(
        parseEnv({
          SHOPIFY_STORE_DOMAIN: "https://The-Hive.myshopify.com/",
          SHOPIFY_STOREFRONT_ACCESS_TOKEN: "0123456789abcdef0123456789abcdef",
        }),
      );
      expect(config.store).toEqual({
        kind: "shopify",
        endpoint: "https://the-hive.myshopify.com/api/2025-07/graphql.json",
        token: "0123456789abcdef0123456789abcdef",
        domain: "the-hive.myshopify.com",
      });
      expect(describeStore(config.store)).toBe("Shopify store the-hive.myshopify.com (Storefront API 2025-07)");
    });

    it("takes a full endpoint URL (for tests against a local store) and a timeout", () => {
      const env = parseEnv({
        SHOPIFY_STOREFRONT_API_URL: "http://127.0.0.1:9999/api/2025-07/graphql.json",
        SHOPIFY_STOREFRONT_ACCESS_TOKEN: "local-token-123",
        SHOPIFY_STOREFRONT_TIMEOUT_MS: "2500",
      });
      expect(catalogueConfigFromEnv(env)).toEqual({
        timeoutMs: 2500,
        store: { kind: "shopify", endpoint: "http://127.0.0.1:9999/api/2025-07/graphql.json", token: "local-token-123", domain: null },
      });
    });

    it.each([
      [{ SHOPIFY_STORE_DOMAIN: "the-hive.myshopify.com" }, "SHOPIFY_STOREFRONT_ACCESS_TOKEN: is required when SHOPIFY_STORE_DOMAIN is set"],
      [
        { SHOPIFY_STOREFRONT_API_URL: "http://127.0.0.1:9999/graphql" },
        "SHOPIFY_STOREFRONT_ACCESS_TOKEN: is required when SHOPIFY_STOREFRONT_API_URL is set",
      ],
      [
        { SHOPIFY_STOREFRONT_ACCESS_TOKEN: "0123456789abcdef" },
        "SHOPIFY_STORE_DOMAIN: is required when SHOPIFY_STOREFRONT_ACCESS_TOKEN is set",
      ],
      [
        { SHOPIFY_STORE_DOMAIN: "not a domain", SHOPIFY_STOREFRONT_ACCESS_TOKEN: "0123456789abcdef" },
        "SHOPIFY_STORE_DOMAIN: must be a store's host name",
      ],
      [
        { SHOPIFY_STOREFRONT_API_URL: "ftp://x", SHOPIFY_STOREFRONT_ACCESS_TOKEN: "0123456789abcdef" },
        "SHOPIFY_STOREFRONT_API_URL: must be an http(s) URL",
      ],
    ])("half a Shopify configuration stops start-up, naming the variable: %o", (source, message) => {
      expect(() => parseEnv(source)).toThrowError(ConfigError);
      expect(() => parseEnv(source)).toThrowError(message);
    });

    it("never echoes the access token", () => {
      try {
        parseEnv({ SHOPIFY_STOREFRONT_ACCESS_TOKEN: "secret token with spaces", SHOPIFY_STORE_DOMAIN: "the-hive.myshopify.com" });
        expect.unreachable();
      } catch (error) {
        expect(String(error)).toContain("SHOPIFY_STOREFRONT_ACCESS_TOKEN");
        expect(String(error)).not.toContain("secret token");
      }
    });
  });
});
