import { describe, expect, it } from "vitest";
import type { Env } from "~/lib/env.server";
import { createLogger } from "~/lib/logger.server";
import { createSignedTokens } from "~/lib/signed-token.server";
import { RouterContextProvider } from "react-router";
import { requestContext, servicesContext, type AppServices, type RequestInfo } from "~/lib/context.server";
import { limit } from "~/lib/limit.server";
import { ACCOUNT_CEILING_FACTOR, rateLimitRules } from "~/lib/rate-limit-rules.server";
import {
  attemptForAuthRequest,
  authLimitChecks,
  type AuthAttempt,
  type AuthAttemptBy,
  countedAuthRoutes,
  CREDENTIAL_FIELDS,
  endpointFields,
  forgetSignInFailures,
  type AuthEndpointLike,
} from "~/modules/accounts/auth-limits.server";
import { isKnownClient, knownClientCookie } from "~/modules/accounts/known-clients.server";
import { testEngines } from "../../helpers/databases";
import { testAuth } from "../../helpers/test-auth";
import { useTestDatabase } from "../../helpers/test-database";

const env = { AUTH_RATE_LIMIT: 4, AUTH_RATE_WINDOW_MS: 60_000 };
const rules = rateLimitRules(env as Env);

describe.each(testEngines)("the auth limits on $name", (engine) => {
  const database = useTestDatabase(engine);

  const auth = () => testAuth(database.handle.db);

  it("counts every endpoint of Better Auth's route list that takes a password, a code, a passkey's answer or a token", () => {
    const api = auth().api;
    const endpoints = (Object.values(api) as AuthEndpointLike[]).filter((endpoint) => endpoint?.path);
    const checking = endpoints.filter((endpoint) => CREDENTIAL_FIELDS.some((field) => endpointFields(endpoint).has(field)));
    const counted = new Set(countedAuthRoutes(api).map((route) => route.path));
    // The walk is over the real list: the endpoints the security review named are in it.
    expect(checking.map((endpoint) => endpoint.path)).toEqual(
      expect.arrayContaining(["/two-factor/enable", "/two-factor/disable", "/two-factor/generate-backup-codes", "/change-password"]),
    );
    for (const endpoint of checking) expect(counted, endpoint.path).toContain(endpoint.path);
  });

  it("names each request's attempt from the route list, path parameters included", () => {
    const api = auth().api;
    // Each attempt with the requests that count as it ("none": not counted at all).
    const requests: Record<AuthAttempt | "none", string[]> = {
      "sign-in": ["POST /sign-in/email", "POST /passkey/verify-authentication"],
      "sign-up": ["POST /sign-up/email"],
      mail: ["POST /request-password-reset"],
      password: ["POST /two-factor/enable", "POST /two-factor/disable", "POST /two-factor/generate-backup-codes", "POST /change-password"],
      code: ["POST /two-factor/verify-totp", "POST /two-factor/verify-backup-code"],
      token: ["GET /reset-password/abc123", "POST /reset-password", "GET /verify-email"],
      none: ["GET /get-session", "POST /sign-out"],
    };
    for (const [attempt, sent] of Object.entries(requests)) {
      for (const request of sent) {
        const [method, path] = request.split(" ") as [string, string];
        expect(attemptForAuthRequest(api, method, path)?.attempt ?? "none", request).toBe(attempt);
      }
    }
  });

  /** Counts one attempt as the app does (limit() over the attempt's checks), from a client address. */
  const count = (attempt: AuthAttempt, clientIp: string, by: AuthAttemptBy) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, { database: database.handle } as AppServices);
    context.set(requestContext, { clientIp, logger: createLogger("silent") } as RequestInfo);
    return limit(context, ...authLimitChecks(rules, attempt, clientIp, by)).then((verdict) => verdict.allowed);
  };

  it("counts sign-ins per account and client pair, under a much higher ceiling per account that a known browser does not meet", async () => {
    const account = `pair-${engine.name}@example.com`;
    const half = env.AUTH_RATE_LIMIT / 2;
    // One client guessing: stopped by the pair's limit.
    for (let i = 0; i < half; i++) expect(await count("sign-in", "10.0.0.1", { account })).toBe(true);
    expect(await count("sign-in", "10.0.0.1", { account })).toBe(false);
    // The owner elsewhere is not: another pair.
    expect(await count("sign-in", "10.0.0.2", { account })).toBe(true);
    // Many clients together reach the account's ceiling.
    const ceiling = env.AUTH_RATE_LIMIT * ACCOUNT_CEILING_FACTOR;
    for (let i = 0; i < ceiling; i++) await count("sign-in", `10.1.${i}.1`, { account });
    expect(await count("sign-in", "10.9.9.9", { account })).toBe(false);
    expect(await count("sign-in", "10.9.9.8", { account, knownClient: true })).toBe(true);
    // A right password forgets the pair's failures.
    await forgetSignInFailures(database.handle.db, rules, { clientIp: "10.0.0.1", account });
    expect(await count("sign-in", "10.0.0.1", { account, knownClient: true })).toBe(true);
  });

  it("counts every other attempt per client and per account", async () => {
    const account = `user-${engine.name}`;
    for (let i = 0; i < env.AUTH_RATE_LIMIT / 2; i++) expect(await count("password", `10.2.${i}.1`, { account })).toBe(true);
    expect(await count("password", "10.2.99.1", { account })).toBe(false);
    // Another account from the same client is its own.
    expect(await count("password", "10.2.99.1", { account: `${account}-2` })).toBe(true);
  });
});

describe("a browser that knows an account", () => {
  const tokens = createSignedTokens({ secret: "a-test-secret-that-is-long-enough-for-hmac" });
  const requestWith = (cookie: string) => new Request("http://x/", { headers: { cookie: cookie.split(";", 1)[0]! } });

  it("is marked per account, names no address, and keeps its marks for other accounts", () => {
    const first = knownClientCookie(new Request("http://x/"), tokens, "Bride@Example.com", true);
    expect(first).not.toContain("bride");
    expect(first).toContain("Secure");
    expect(isKnownClient(requestWith(first), tokens, "bride@example.com")).toBe(true);
    expect(isKnownClient(requestWith(first), tokens, "someone@example.com")).toBe(false);
    const second = knownClientCookie(requestWith(first), tokens, "sister@example.com", false);
    expect(isKnownClient(requestWith(second), tokens, "bride@example.com")).toBe(true);
    expect(isKnownClient(requestWith(second), tokens, "sister@example.com")).toBe(true);
  });

  it("is not fooled by a mark another key signed", () => {
    const forged = knownClientCookie(
      new Request("http://x/"),
      createSignedTokens({ secret: "another-secret-long-enough-for-hmac!!" }),
      "b@x.com",
      false,
    );
    expect(isKnownClient(requestWith(forged), tokens, "b@x.com")).toBe(false);
  });
});
