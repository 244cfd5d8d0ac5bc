import type { Logger } from "~/lib/logger.server";
import { toCardProduct } from "./catalogue";
import { filterByStyle, parseCollectionQuery, sortProducts } from "./collection-rules";
import type { Catalogue, CollectionHandle, Product, StorefrontNotice } from "./types";

/**
 * What a collection page shows: its dresses filtered and sorted on the
 * server from the URL (?style=&sort=), and the two pictures of its showcase.
 * A storefront failure is logged and the page shows its empty state
 * (SPEC §8, "logged only").
 */
export async function readCollectionPage(catalogue: Catalogue, collection: CollectionHandle, url: URL, logger: Logger) {
  const query = parseCollectionQuery(url.searchParams);
  let all: Product[] = [];
  let notice: StorefrontNotice | null = null;
  try {
    const list = await catalogue.listProducts({ collection });
    all = list.products;
    notice = list.notice ?? null;
  } catch (error) {
    logger.error({ err: error, collection }, "collection failed to load");
  }
  const products = sortProducts(filterByStyle(all, query.style), query.sort).map(toCardProduct);
  const showcase = all.slice(0, 2).flatMap((p) => (p.images[0] ? [{ ...p.images[0], title: p.title, handle: p.handle }] : []));
  return { total: all.length, products, query, notice, showcase };
}
