import type { Route } from "./+types/api.admin.events";
import { servicesContext } from "~/lib/context.server";
import { requireAdmin } from "~/modules/accounts/accounts.server";
import { openAdminChangeStream } from "~/modules/realtime/realtime.server";

/**
 * GET /api/admin/events: the admin tables' changes as Server-Sent Events,
 * for `<LiveUpdates />`. Under /api/ so the guard answers a stream with 401
 * or 403 rather than a redirect to a page (and a toast) an EventSource
 * cannot show.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return openAdminChangeStream({ bus: context.get(servicesContext).changes, userId: admin.id, signal: request.signal });
}
