import type { Route } from "./+types/api.auth.$";
import { handleAuthRequest } from "~/modules/accounts/accounts.server";

/**
 * Better Auth at its default base path, /api/auth/*: the browser's calls for
 * passkeys, two-factor and sessions, behind our limits (modules/accounts).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleAuthRequest(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleAuthRequest(request, context);
}
