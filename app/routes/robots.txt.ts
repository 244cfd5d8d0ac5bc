import type { Route } from "./+types/robots.txt";
import { servicesContext } from "~/lib/context.server";

/** Crawlers are welcome in the shop, not in accounts, admin, sign-in or checkout. */
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(servicesContext).env.APP_URL.replace(/\/$/, "");
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /account",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /checkout",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
