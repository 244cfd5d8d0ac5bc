import type { Route } from "./+types/api.products.$handle";
import { requestContext, servicesContext } from "~/lib/context.server";
import { StorefrontError } from "~/modules/catalogue/catalogue.server";

/**
 * GET /api/products/{handle}: one product in the app's own shape, for
 * browser code that needs fresh variant data (the bag re-checking a line,
 * the wishlist). Pages read the catalogue in their loaders instead.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const { product, notice } = await context.get(servicesContext).catalogue.getProduct(params.handle);
    return Response.json({ product, notice }, { status: product || notice ? 200 : 404, headers: { "Cache-Control": "public, max-age=1" } });
  } catch (error) {
    if (!(error instanceof StorefrontError)) throw error;
    context.get(requestContext).logger.error({ err: error, kind: error.kind }, "product lookup failed");
    return Response.json({ error: error.message }, { status: 502, headers: { "Cache-Control": "no-store" } });
  }
}
