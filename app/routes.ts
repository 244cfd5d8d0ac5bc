import { index, route, type RouteConfig } from "@react-router/dev/routes";

// One line per SPEC §2 route; the splat catches every other path (the 404 page).
export default [
  index("routes/home.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
