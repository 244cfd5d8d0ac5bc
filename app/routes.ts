import { index, route, type RouteConfig } from "@react-router/dev/routes";

// One line per SPEC §2 route; the splat catches every other path (the 404 page).
export default [
  index("routes/home.tsx"),
  route("weddings", "routes/weddings.tsx"),
  route("prom", "routes/prom.tsx"),
  route("celebrations", "routes/celebrations.tsx"),
  route("product/:handle", "routes/product.tsx"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
