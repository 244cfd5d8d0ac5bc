import { index, route, type RouteConfig } from "@react-router/dev/routes";

// One line per SPEC §2 route; the splat catches every other path (the 404 page).
export default [
  index("routes/home.tsx"),
  // The catalogue's resource routes and the built-in store's checkout page.
  route("api/search", "routes/api.search.ts"),
  route("api/products/:handle", "routes/api.products.$handle.ts"),
  route("api/checkout", "routes/api.checkout.ts"),
  route("checkout/:cartId", "routes/checkout.$cartId.tsx"),
  route("images/gowns/:file", "routes/images.gowns.$file.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
