import type { Database } from "~/db/client.server";
import { createLogger } from "~/lib/logger.server";
import { createAuth } from "~/modules/accounts/auth.server";

/** Better Auth over a test database, as the app configures it (silent log, no mail worker, the embedded default origin). */
export function testAuth(db: Database) {
  return createAuth({
    db,
    secret: "a-test-secret-that-is-long-enough-for-hmac",
    appUrl: null,
    fallbackUrl: "http://localhost:3000",
    port: 3000,
    adminEmails: [],
    logger: createLogger("silent"),
    nudgeMail: () => {},
  });
}
