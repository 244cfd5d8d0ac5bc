// The brute-force limits in front of everything that checks a password, a
// second-factor code, a passkey or a token (decision 0021). Which of Better
// Auth's endpoints those are is read from Better Auth's own route list, by
// the fields each endpoint takes, so a plugin added later is counted too.
import type { Database } from "~/db/client.server";
import type { LimitCheck } from "~/lib/limit.server";
import type { RateLimitRules } from "~/lib/rate-limit-rules.server";
import { resetRateLimit } from "~/lib/rate-limit.server";

/**
 * - sign-in: a password with an email, or a passkey's answer;
 * - sign-up: a new account;
 * - mail: a request that mails an address (a reset link, a verification link);
 * - password: a signed-in shopper's password (two-factor on or off, new codes, a new password, deleting the account);
 * - code: a TOTP or backup code;
 * - token: a link's token (a reset link, a verification link).
 */
export type AuthAttempt = "sign-in" | "sign-up" | "mail" | "password" | "code" | "token";

/** Who tries: the account when it is known (an email, a user id); the client is the request's own. */
export interface AuthAttemptBy {
  account: string | null;
  /** The browser has signed in to this account before (known-clients.server.ts): the account's ceiling does not apply. */
  knownClient?: boolean;
}

/**
 * The checks of one attempt. A sign-in is counted per client, per account
 * and client pair, and against a much higher ceiling per account that a
 * browser which has signed in to the account before does not meet: an
 * attacker elsewhere slows only himself, and cannot lock the owner out.
 * Every other attempt is counted per client and per account (half the
 * client's limit: one address guessing for one account is stopped first,
 * while a shared connection keeps room for its many honest shoppers).
 */
export function authLimitChecks(rules: RateLimitRules, attempt: AuthAttempt, clientIp: string, by: AuthAttemptBy): LimitCheck[] {
  const checks: LimitCheck[] = [{ rule: rules.authPerClient(attempt), key: clientIp }];
  const account = by.account?.trim().toLowerCase();
  if (account && attempt === "sign-in") {
    checks.push({ rule: rules.signInPerPair, key: pairKey(account, clientIp) });
    if (!by.knownClient) checks.push({ rule: rules.signInCeiling, key: account });
  } else if (account) {
    checks.push({ rule: rules.authPerAccount(attempt), key: account });
  }
  return checks;
}

/** A right password forgets the pair's failures, so an owner's own sign-ins never add up to a lock. */
export function forgetSignInFailures(db: Database, rules: RateLimitRules, by: { clientIp: string; account: string }): Promise<void> {
  return resetRateLimit(db, { scope: rules.signInPerPair.scope, key: pairKey(by.account.trim().toLowerCase(), by.clientIp) });
}

function pairKey(account: string, clientIp: string) {
  return `${account}\n${clientIp}`;
}

/** What an endpoint in Better Auth's route list (`auth.api`) says of itself. */
export interface AuthEndpointLike {
  path?: string;
  options?: { method?: string | string[]; body?: unknown; query?: unknown };
}

/** The field names of a zod object schema, through optional and default wrappers; [] for anything else. */
function fieldsOf(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; _zod?: { def?: { innerType?: unknown } } } | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current.shape && typeof current.shape === "object") return Object.keys(current.shape);
    current = current._zod?.def?.innerType as typeof current;
  }
  return [];
}

/** The fields an endpoint takes: its body's, its query's and its path's parameters. */
export function endpointFields(endpoint: AuthEndpointLike): Set<string> {
  const params = (endpoint.path ?? "").split("/").filter((part) => part.startsWith(":"));
  return new Set([...fieldsOf(endpoint.options?.body), ...fieldsOf(endpoint.options?.query), ...params.map((p) => p.slice(1))]);
}

/** The credential fields: an endpoint that takes one of them checks a secret and is counted. */
export const CREDENTIAL_FIELDS = ["password", "currentPassword", "code", "backupCode", "otp", "response", "token"] as const;

/** Which attempt an endpoint is, from the fields it takes; null for one that checks no secret and mails nobody. */
export function attemptOfEndpoint(endpoint: AuthEndpointLike): AuthAttempt | null {
  const path = endpoint.path ?? "";
  const fields = endpointFields(endpoint);
  const has = (...names: string[]) => names.some((name) => fields.has(name));
  if (path.startsWith("/sign-up/")) return "sign-up";
  if (has("password", "currentPassword")) return has("email") ? "sign-in" : "password";
  if (path.startsWith("/sign-in/") || has("response")) return "sign-in";
  if (has("code", "backupCode", "otp")) return "code";
  if (has("token")) return "token";
  if (has("email")) return "mail";
  return null;
}

export interface AuthRoute {
  pattern: RegExp;
  methods: string[];
  attempt: AuthAttempt;
  path: string;
}

const routeCache = new WeakMap<object, AuthRoute[]>();

/** The counted endpoints of a Better Auth instance's route list (`auth.api`), worked out once per instance. */
export function countedAuthRoutes(api: object): AuthRoute[] {
  let routes = routeCache.get(api);
  if (routes) return routes;
  routes = [];
  for (const endpoint of Object.values(api) as AuthEndpointLike[]) {
    if (typeof endpoint !== "function" && typeof endpoint !== "object") continue;
    if (!endpoint?.path) continue;
    const attempt = attemptOfEndpoint(endpoint);
    if (!attempt) continue;
    const method = endpoint.options?.method ?? "GET";
    const source = endpoint.path
      .split("/")
      .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    routes.push({ pattern: new RegExp(`^${source}$`), methods: Array.isArray(method) ? method : [method], attempt, path: endpoint.path });
  }
  routeCache.set(api, routes);
  return routes;
}

/** Which attempt a request to Better Auth's `path` (below /api/auth) is, or null for one that is not counted. */
export function attemptForAuthRequest(api: object, method: string, path: string): AuthRoute | null {
  const normalised = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return (
    countedAuthRoutes(api).find(
      (route) => route.pattern.test(normalised) && (route.methods.includes(method) || route.methods.includes("*")),
    ) ?? null
  );
}
