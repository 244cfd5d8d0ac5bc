import type { Route } from "./+types/api.auth.$";
import { requestContext, servicesContext } from "~/lib/context.server";
import { authHeaders } from "~/modules/accounts/accounts.server";
import { attemptForAuthPath, hitAuthLimits, tooManyAttemptsMessage } from "~/modules/accounts/accounts.server";

/**
 * Better Auth at its default base path, /api/auth/*: the browser's calls
 * for passkeys, two-factor and sessions. Sign-in, sign-up, password reset
 * and two-factor verification first pass our limits, kept in the database.
 */
async function handle(request: Request, context: Route.ActionArgs["context"]) {
  const { auth, database, env } = context.get(servicesContext);
  const { clientIp, logger } = context.get(requestContext);
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  const attempt = request.method === "POST" ? attemptForAuthPath(path) : null;
  if (attempt) {
    let account: string | null = null;
    try {
      const body: unknown = await request.clone().json();
      if (body && typeof body === "object" && "email" in body && typeof body.email === "string") account = body.email;
    } catch {
      // Not JSON: Better Auth answers it.
    }
    // A pending two-factor sign-in is named by its cookie; count it as the account.
    if (attempt === "two-factor") account = request.headers.get("cookie")?.match(/two_factor=([^;]+)/)?.[1] ?? null;
    const verdict = await hitAuthLimits(database.db, env, attempt, { clientIp, account });
    if (!verdict.allowed) {
      logger.warn({ attempt, deniedBy: verdict.deniedBy }, "auth rate limit reached");
      return Response.json(
        { code: "TOO_MANY_REQUESTS", message: tooManyAttemptsMessage(verdict.retryAfterSeconds) },
        { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
      );
    }
  }
  const forwarded = new Request(request, { headers: authHeaders(request, context) });
  return auth.handler(forwarded);
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context);
}
