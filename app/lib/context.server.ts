import { createContext } from "react-router";
import type { DatabaseHandle } from "~/db/client.server";
import type { DatabaseOutage } from "~/db/outage.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";
import type { SignedTokens } from "./signed-token.server";

/**
 * What the server builds once at start-up and every loader and action may use.
 * `lib` knows no module, so a module adds its own service to this interface
 * from its front door (`declare module "~/lib/context.server"`), as
 * `catalogue` does in modules/catalogue/catalogue.server.ts.
 */
export interface AppServices {
  env: Env;
  /** PGlite or PostgreSQL: `database.db` is the drizzle instance, `database.engine` says which. */
  database: DatabaseHandle;
  /** Whether the database is out of reach now (answered 503 with Retry-After), told of each failed query. */
  databaseOutage: DatabaseOutage;
  logger: Logger;
  /** Signs and verifies the tokens in links (unsubscribe, cancel...), one key per purpose. */
  tokens: SignedTokens;
  /** Wake the outbox worker after a transaction that queued mail has committed. */
  nudgeMail(): void;
}

/** Per request: the id in every log line, and the CSP nonce for inline scripts. */
export interface RequestInfo {
  requestId: string;
  nonce: string;
  logger: Logger;
  /** The client's address (behind a proxy only when TRUST_PROXY is set), for per-client limits. */
  clientIp: string;
}

export const servicesContext = createContext<AppServices>();
export const requestContext = createContext<RequestInfo>();
