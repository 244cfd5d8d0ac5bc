import type { Route } from "./+types/api.admin.events";
import { servicesContext } from "~/lib/context.server";
import { requireAdmin } from "~/modules/accounts/accounts.server";
import { openAdminChangeStream } from "~/modules/realtime/realtime.server";

/**
 * GET /api/admin/events: the admin tables' changes as Server-Sent Events,
 * for `<LiveUpdates />`. Under /api/ so the guard answers a stream with 401
 * or 403 rather than a redirect to a page (and a toast) an EventSource
 * cannot show. The stream ends when its session or the admin role does.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const { changes, streamAccess } = context.get(servicesContext);
  return openAdminChangeStream({
    bus: changes,
    userId: admin.id,
    sessionId: admin.sessionId,
    access: streamAccess,
    signal: request.signal,
  });
}
