import type { Route } from "./+types/api.search";
import { requestContext, servicesContext } from "~/lib/context.server";
import { StorefrontError } from "~/modules/catalogue/catalogue.server";
import { SEARCH_MAX_LENGTH, type SearchResponse, type SearchHit } from "~/modules/catalogue/types";

/**
 * GET /api/search?q=: the header's search popover asks here as the shopper
 * types. Fewer than 2 characters (after trimming) answer no results without
 * asking the store (SPEC §5); at most 5 matches come back.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  if (query.length > SEARCH_MAX_LENGTH) {
    return Response.json({ error: `Search for at most ${SEARCH_MAX_LENGTH} characters.` }, { status: 400 });
  }
  const { catalogue } = context.get(servicesContext);
  try {
    const { products, notice } = await catalogue.searchProducts(query);
    const results: SearchHit[] = products.map((p) => ({
      id: p.id,
      handle: p.handle,
      title: p.title,
      image: p.images[0] ?? null,
      price: p.priceRange.minVariantPrice,
    }));
    const body: SearchResponse = { query: query.trim(), results, notice };
    return Response.json(body, { headers: { "Cache-Control": "public, max-age=1" } });
  } catch (error) {
    if (!(error instanceof StorefrontError)) throw error;
    context.get(requestContext).logger.error({ err: error, kind: error.kind }, "search failed");
    return Response.json({ error: error.message }, { status: 502, headers: { "Cache-Control": "no-store" } });
  }
}
