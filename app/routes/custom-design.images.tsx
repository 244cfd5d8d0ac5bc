import type { Route } from "./+types/custom-design.images";
import { servicesContext } from "~/lib/context.server";
import { getViewer } from "~/modules/accounts/accounts.server";
import { designImageResponse } from "~/modules/design-requests/design-requests.server";
import { imageStoreFor } from "~/modules/uploads/uploads.server";

/**
 * GET /custom-design/images/:imageId (`?size=thumb` for the thumbnail): an
 * inspiration image, only for the signed-in requester and for staff; 404 for
 * everyone else, decided here on the server.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { database, env } = context.get(servicesContext);
  const viewer = await getViewer(request, context);
  const size = new URL(request.url).searchParams.get("size") === "thumb" ? "thumb" : "full";
  return designImageResponse(database.db, imageStoreFor(env), params.imageId, viewer, size);
}
