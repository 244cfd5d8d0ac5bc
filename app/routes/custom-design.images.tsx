import type { Route } from "./+types/custom-design.images";
import { requestContext, servicesContext } from "~/lib/context.server";
import { getViewer } from "~/modules/accounts/accounts.server";
import { designImageResponse } from "~/modules/design-requests/design-requests.server";

/**
 * GET /custom-design/images/:imageId (`?size=thumb` for the thumbnail): an
 * inspiration image, only for the signed-in requester and for staff; 404 for
 * everyone else, decided here on the server. The bytes come from the image
 * store (the folder or the S3 bucket) through this route only; 503 when the
 * store cannot be read.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { database, images } = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const viewer = await getViewer(request, context);
  const size = new URL(request.url).searchParams.get("size") === "thumb" ? "thumb" : "full";
  try {
    return await designImageResponse(database.db, images, params.imageId, viewer, size);
  } catch (error) {
    logger.error({ err: error }, "inspiration image could not be read");
    return new Response("The image cannot be shown just now. Please try again shortly.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
    });
  }
}
