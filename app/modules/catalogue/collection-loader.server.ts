import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/lib/context.server";
import { filterByStyle, parseCollectionQuery, sortProducts, toCardProduct } from "./collection-view";
import type { CollectionHandle, Product, StorefrontNotice } from "./types";

/**
 * A collection page's data: its dresses filtered and sorted on the server
 * from the URL. A storefront failure is logged and the page shows its empty
 * state (SPEC §8, "logged only").
 */
export async function loadCollection(request: Request, context: Readonly<RouterContextProvider>, collection: CollectionHandle) {
  const query = parseCollectionQuery(new URL(request.url).searchParams);
  let all: Product[] = [];
  let notice: StorefrontNotice | null = null;
  try {
    const list = await context.get(servicesContext).catalogue.listProducts({ collection });
    all = list.products;
    notice = list.notice ?? null;
  } catch (error) {
    context.get(requestContext).logger.error({ err: error, collection }, "collection failed to load");
  }
  const products = sortProducts(filterByStyle(all, query.style), query.sort).map(toCardProduct);
  const showcase = all.slice(0, 2).flatMap((p) => (p.images[0] ? [{ ...p.images[0], title: p.title, handle: p.handle }] : []));
  return { total: all.length, products, query, notice, showcase };
}
