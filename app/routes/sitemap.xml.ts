import type { Route } from "./+types/sitemap.xml";
import { requestContext, servicesContext } from "~/lib/context.server";
import type { Product } from "~/modules/catalogue/types";

const PAGES = ["/", "/weddings", "/prom", "/celebrations", "/custom-design", "/fitting-room", "/our-story", "/journal", "/faq"];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** The pages and every product, for search engines. */
export async function loader({ context }: Route.LoaderArgs) {
  const { env, catalogue } = context.get(servicesContext);
  const origin = env.APP_URL.replace(/\/$/, "");
  let products: Product[] = [];
  try {
    products = (await catalogue.listProducts({ first: 250 })).products;
  } catch (error) {
    context.get(requestContext).logger.error({ err: error }, "sitemap could not list products");
  }
  const urls = [...PAGES, ...products.map((p) => `/product/${p.handle}`)];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `  <url><loc>${escapeXml(origin + u)}</loc></url>`).join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=600" } });
}
