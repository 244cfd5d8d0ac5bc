import { isIP } from "node:net";
import * as z from "zod/mini";
import { isTimeZone } from "./format";

/**
 * Every environment variable the boutique reads, checked once at start-up.
 * A bad value stops the process with a message naming the variable, rather
 * than failing later in the middle of a request.
 */
const PORT_HINT = "must be a whole number between 1 and 65535";
const port = z.coerce.number({ error: PORT_HINT }).check(z.int(PORT_HINT), z.minimum(1, PORT_HINT), z.maximum(65535, PORT_HINT));

const POSITIVE_INT_HINT = "must be a positive whole number";
const positiveInt = (fallback: number) =>
  z._default(z.coerce.number({ error: POSITIVE_INT_HINT }).check(z.int(POSITIVE_INT_HINT), z.positive(POSITIVE_INT_HINT)), fallback);

/** A setting's trimmed text, or undefined when unset or blank. */
const optionalSetting = () =>
  z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((value: string | undefined) => (value ? value : undefined)),
  );

/**
 * A transform's own issue, as classic zod's `ctx.addIssue` made it: it stops the
 * parse, so the cross-variable checks below do not run on top of it.
 */
function reject(ctx: z.core.ParsePayload, message: string): never {
  ctx.issues.push({ code: "custom", message, input: ctx.value });
  return z.NEVER;
}

const optionalUrl = (protocols: string[], hint: string) =>
  optionalSetting().check(
    z.refine((value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, hint),
  );

const secretValue = z
  .pipe(
    z.optional(z.string()),
    z.transform((value: string | undefined) => (value ? value : undefined)),
  )
  .check(
    z.refine(
      (value) => value === undefined || value.length >= 32,
      "must be at least 32 characters (for example the output of `openssl rand -base64 32`)",
    ),
  );

const TRUST_PROXY_HINT =
  "must be false, a number of proxies in front (1, 2...), or a comma-separated list of proxy addresses or ranges (10.0.0.1, 10.0.0.0/8, loopback, uniquelocal)";
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(value: string): boolean {
  const [address = "", bits, ...rest] = value.split("/");
  if (rest.length > 0) return false;
  const family = isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For / -Proto to believe, as Express's `trust
 * proxy` takes it: a hop count (the client is that many addresses from the
 * right of X-Forwarded-For), or the proxies' addresses. Never "everyone": the
 * left-most X-Forwarded-For entry is whatever the client wrote. `true` means
 * one proxy in front.
 */
const trustProxy = z.pipe(
  z.optional(z.string().check(z.trim())),
  z.transform((value: string | undefined, ctx): false | number | string[] => {
    const text = (value ?? "").toLowerCase();
    if (text === "" || text === "false" || text === "0") return false;
    if (text === "true") return 1;
    if (/^\d+$/.test(text)) return Number(text);
    const list = text
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every((item) => PROXY_NAMES.has(item) || isAddressOrRange(item))) return list;
    return reject(ctx, TRUST_PROXY_HINT);
  }),
);

export const envSchema = z
  .object({
    NODE_ENV: z._default(z.enum(["development", "production", "test"], { error: "must be development, production or test" }), "production"),
    HOST: z._default(z.string().check(z.trim(), z.minLength(1, "must not be empty")), "127.0.0.1"),
    PORT: z._default(port, 3000),
    APP_URL: optionalUrl(["http:", "https:"], "must be an http(s) URL such as https://boutique.example"),
    DATA_DIR: z._default(z.string().check(z.trim(), z.minLength(1, "must not be empty")), "./data"),
    DATABASE_URL: optionalUrl(["postgres:", "postgresql:"], "must be a postgres:// URL"),
    DATABASE_POOL_SIZE: positiveInt(10),
    SMTP_URL: optionalUrl(["smtp:", "smtps:"], "must be an smtp:// or smtps:// URL"),
    /**
     * `smtp` (needs SMTP_URL) or `log`. Unset: smtp when SMTP_URL is set, else
     * log. A production deployment (NODE_ENV=production with DATABASE_URL) must
     * say MAIL_TRANSPORT=log out loud to run without SMTP.
     */
    MAIL_TRANSPORT: z.pipe(
      z.optional(z.enum(["smtp", "log", ""], { error: "must be smtp or log" })),
      z.transform((value) => (value ? value : undefined)),
    ),
    MAIL_FROM: z._default(
      z.string().check(z.trim(), z.minLength(3, 'must be an address such as "The Hive <hello@example.com>"')),
      "The Hive Bridal Boutique <hello@thehive.local>",
    ),
    MAIL_POLL_MS: positiveInt(2000),
    MAIL_RETRY_BASE_MS: positiveInt(5000),
    MAIL_MAX_ATTEMPTS: positiveInt(12),
    LOG_LEVEL: z._default(
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      }),
      "info",
    ),
    /** Unset: readable lines when stdout is a terminal, JSON lines otherwise (a collector, a pipe). */
    LOG_FORMAT: z.pipe(
      z.optional(z.enum(["json", "pretty", ""], { error: "must be json or pretty" })),
      z.transform((value) => (value ? value : undefined)),
    ),
    TRUST_PROXY: trustProxy,
    /** Largest form or JSON body, in bytes: counted while it arrives, 413 past it. */
    BODY_LIMIT_BYTES: positiveInt(64 * 1024),
    /** Largest body of a route that accepts uploads, in bytes: the custom design form's 6 images of 10 MB and its fields. */
    UPLOAD_LIMIT_BYTES: positiveInt(64 * 1024 * 1024),
    SHUTDOWN_TIMEOUT_MS: positiveInt(10000),
    SHUTDOWN_DRAIN_MS: z._default(
      z.coerce
        .number({ error: "must be a whole number of milliseconds" })
        .check(z.int("must be a whole number of milliseconds"), z.minimum(0, "must be a whole number of milliseconds")),
      1000,
    ),
    // A real Shopify store; with none set, the built-in storefront and its demo collection.
    SHOPIFY_STORE_DOMAIN: z
      .pipe(
        z.optional(z.string().check(z.trim(), z.toLowerCase())),
        z.transform((value: string | undefined) => (value ? value.replace(/^https?:\/\//, "").replace(/\/+$/, "") : undefined)),
      )
      .check(
        z.refine(
          (value) => value === undefined || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(value),
          "must be a store's host name, such as the-hive.myshopify.com",
        ),
      ),
    SHOPIFY_STOREFRONT_ACCESS_TOKEN: optionalSetting().check(
      z.refine(
        (value) => value === undefined || /^[\w-]{8,200}$/.test(value),
        "must be a Storefront API access token (letters, digits, - and _)",
      ),
    ),
    /** The whole endpoint, for tests against a local fake; normally derived from the domain. */
    SHOPIFY_STOREFRONT_API_URL: optionalUrl(
      ["http:", "https:"],
      "must be an http(s) URL such as https://the-hive.myshopify.com/api/2025-07/graphql.json",
    ),
    SHOPIFY_STOREFRONT_TIMEOUT_MS: positiveInt(10000),
    /**
     * The one secret that signs links in mail (unsubscribe, cancel...); each
     * purpose derives its own key from it. Unset on the embedded defaults: a
     * random key is generated once and kept in DATA_DIR (one instance, one key).
     */
    APP_SECRET: secretValue,
    /** APP_SECRET's former name, still read when APP_SECRET is unset. */
    NEWSLETTER_SECRET: secretValue,
    /** Newsletter sign-ups allowed per client address within the window (counted in the database: shared by every instance). */
    NEWSLETTER_RATE_LIMIT: positiveInt(5),
    NEWSLETTER_RATE_WINDOW_MS: positiveInt(600_000),
    /**
     * How often each instance re-checks the session and admin role behind its
     * open admin event streams (one query for all of them): a stream ends at
     * most this long after its session is signed out or revoked, the account
     * deleted, or the role removed, on any instance.
     */
    ADMIN_STREAM_RECHECK_MS: positiveInt(5_000),
    /** Addresses that get the admin role once verified, comma-separated. */
    ADMIN_EMAILS: z.pipe(
      z.optional(z.string()),
      z.transform((value: string | undefined) =>
        (value ?? "")
          .split(",")
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      ),
    ),
    /** Attempts allowed per window on sign-in, sign-up, password reset and two-factor verification (per client; per account it is half). */
    AUTH_RATE_LIMIT: positiveInt(20),
    AUTH_RATE_WINDOW_MS: positiveInt(900_000),
    /** Verification mails a signed-in shopper may ask again for, per account within the window. */
    VERIFICATION_MAIL_RATE_LIMIT: positiveInt(3),
    VERIFICATION_MAIL_RATE_WINDOW_MS: positiveInt(900_000),
    /** The boutique's clock: fitting days and slots are read in this IANA time zone. */
    BOUTIQUE_TIME_ZONE: z
      ._default(z.string().check(z.trim()), "America/New_York")
      .check(z.refine(isTimeZone, "must be an IANA time zone such as America/New_York")),
    /** Where staff notices go: new fittings, customers' cancellations and new design requests. */
    BOUTIQUE_EMAIL: z._default(z.email("must be an email address"), "hello@thehivebridal.com"),
    /** Which of those notices are mailed: all of them, only new design requests, or none. */
    STAFF_NOTIFICATIONS: z.pipe(
      z._default(z.string().check(z.trim(), z.toLowerCase()), "all"),
      z.enum(["all", "design-only", "none"], { error: "must be all, design-only or none" }),
    ),
    /** Shoppers who may book the same fitting slot (fitters on duty). */
    FITTING_SLOT_CAPACITY: positiveInt(1).check(z.refine((value) => value <= 100, "must be at most 100")),
    /** How many days ahead a fitting may be booked. */
    FITTING_HORIZON_DAYS: positiveInt(90),
    /** How long before a fitting its reminder is mailed (once), in milliseconds: 24 hours. */
    FITTING_REMINDER_LEAD_MS: positiveInt(24 * 3600_000),
    /** How often each instance looks for reminders that have come due. */
    FITTING_REMINDER_POLL_MS: positiveInt(60_000),
    /** Fitting bookings and design requests allowed per client address within the window. */
    BOOKING_RATE_LIMIT: positiveInt(10),
    BOOKING_RATE_WINDOW_MS: positiveInt(600_000),
    /** Carts (checkouts) a client address may create within the window. */
    CHECKOUT_RATE_LIMIT: positiveInt(30),
    CHECKOUT_RATE_WINDOW_MS: positiveInt(600_000),
    /** Orders placed per client address, and per email address, within the window. */
    ORDER_RATE_LIMIT: positiveInt(5),
    ORDER_RATE_WINDOW_MS: positiveInt(3_600_000),
    /** How long a reserved, unpaid order holds its gowns before they go back on sale. */
    ORDER_HOLD_HOURS: positiveInt(48).check(z.refine((value) => value <= 24 * 30, "must be at most 720 (30 days)")),
    /** Uploaded images in an S3-compatible bucket instead of DATA_DIR/uploads: set with both keys, or not at all. */
    S3_BUCKET: optionalSetting().check(
      z.refine(
        (value) => value === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(value),
        "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens",
      ),
    ),
    S3_REGION: z
      .pipe(
        z.optional(z.string().check(z.trim())),
        z.transform((value: string | undefined) => value || "us-east-1"),
      )
      .check(z.refine((value) => /^[a-z0-9-]{2,40}$/.test(value), "must be a region such as us-east-1")),
    /** For an S3-compatible service (MinIO, R2, a local test server); unset: AWS's own endpoint for the region. */
    S3_ENDPOINT: optionalUrl(["http:", "https:"], "must be an http(s) URL such as https://s3.example.com"),
    S3_ACCESS_KEY_ID: optionalSetting(),
    S3_SECRET_ACCESS_KEY: optionalSetting(),
    /** Bucket in the path (https://host/bucket/key) rather than the host name: most self-hosted S3-compatible services need it. */
    S3_FORCE_PATH_STYLE: z.pipe(
      z.optional(z.string().check(z.trim(), z.toLowerCase())),
      z.transform((value: string | undefined, ctx) => {
        if (!value || value === "false" || value === "0") return false;
        if (value === "true" || value === "1") return true;
        return reject(ctx, "must be true or false");
      }),
    ),
  })
  .check(
    z.superRefine((env, ctx) => {
      // Links in mail must point at the real site once we run in production
      // on a shared database; on the embedded defaults localhost is right.
      if (env.DATABASE_URL && !env.APP_URL) {
        ctx.addIssue({
          code: "custom",
          path: ["APP_URL"],
          message: "is required when DATABASE_URL is set (the public address used in mail links)",
        });
      }
      // Half a Shopify configuration would quietly fall back to the demo store: refuse it instead.
      if ((env.SHOPIFY_STORE_DOMAIN || env.SHOPIFY_STOREFRONT_API_URL) && !env.SHOPIFY_STOREFRONT_ACCESS_TOKEN) {
        ctx.addIssue({
          code: "custom",
          path: ["SHOPIFY_STOREFRONT_ACCESS_TOKEN"],
          message: `is required when ${env.SHOPIFY_STORE_DOMAIN ? "SHOPIFY_STORE_DOMAIN" : "SHOPIFY_STOREFRONT_API_URL"} is set (the store's public Storefront API token)`,
        });
      }
      if (env.SHOPIFY_STOREFRONT_ACCESS_TOKEN && !env.SHOPIFY_STORE_DOMAIN && !env.SHOPIFY_STOREFRONT_API_URL) {
        ctx.addIssue({
          code: "custom",
          path: ["SHOPIFY_STORE_DOMAIN"],
          message: "is required when SHOPIFY_STOREFRONT_ACCESS_TOKEN is set (the store's host name, such as the-hive.myshopify.com)",
        });
      }
      // Several instances share one database: a key generated in each one's
      // data folder would make a link signed by one instance fail on the next.
      if (env.DATABASE_URL && !env.APP_SECRET && !env.NEWSLETTER_SECRET) {
        ctx.addIssue({
          code: "custom",
          path: ["APP_SECRET"],
          message: "is required when DATABASE_URL is set (every instance must sign links in mail with the same key)",
        });
      }
      // Half an S3 configuration would quietly keep images on the local disk, or fail on the first upload: refuse it instead.
      if (env.S3_BUCKET) {
        for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
          if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when S3_BUCKET is set" });
        }
      } else {
        for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_ENDPOINT"] as const) {
          if (env[name]) {
            ctx.addIssue({
              code: "custom",
              path: ["S3_BUCKET"],
              message: `is required when ${name} is set (S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; unset them all to keep images in DATA_DIR/uploads)`,
            });
            break;
          }
        }
      }
      if (env.MAIL_TRANSPORT === "smtp" && !env.SMTP_URL) {
        ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required when MAIL_TRANSPORT=smtp" });
      }
      // A real deployment without SMTP would print mail to a log nobody reads and
      // tell every customer their mail was sent. The embedded defaults (no
      // DATABASE_URL) print to the log on purpose; so may an operator who asks.
      if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SMTP_URL && env.MAIL_TRANSPORT !== "log") {
        ctx.addIssue({
          code: "custom",
          path: ["SMTP_URL"],
          message:
            "is required in production (NODE_ENV=production with DATABASE_URL): without it mail would only be printed to the log. Set SMTP_URL, or MAIL_TRANSPORT=log to run without sending mail on purpose",
        });
      }
    }),
  );

/** Where uploaded images go when S3_BUCKET is set (both keys are then required). */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export type Env = z.infer<typeof envSchema> & {
  /** S3-compatible storage for uploads, or null: the folder DATA_DIR/uploads. */
  S3: S3Settings | null;
  APP_URL: string;
  /** APP_URL as the operator set it: then it is the one trusted origin. Null on the embedded default. */
  APP_URL_CONFIGURED: string | null;
  MAIL_TRANSPORT: "smtp" | "log";
};

const CREDENTIAL_VARIABLES = new Set([
  "DATABASE_URL",
  "SMTP_URL",
  "SHOPIFY_STOREFRONT_ACCESS_TOKEN",
  "APP_SECRET",
  "NEWSLETTER_SECRET",
  "S3_ENDPOINT",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
]);

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const variable = issue.path.join(".") || "environment";
      const name = typeof issue.path[0] === "string" ? issue.path[0] : "";
      // URLs may carry passwords: never echo them back into a log.
      const given = name && !CREDENTIAL_VARIABLES.has(name) ? source[name] : undefined;
      return `  ${variable}: ${issue.message}${given !== undefined && given !== "" ? ` (got ${JSON.stringify(given)})` : ""}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example for every variable and its default.`);
  }
  const env = result.data;
  return {
    ...env,
    S3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : null,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    APP_URL_CONFIGURED: env.APP_URL ?? null,
    MAIL_TRANSPORT: env.MAIL_TRANSPORT ?? (env.SMTP_URL ? "smtp" : "log"),
  };
}
