import { index, route, type RouteConfig } from "@react-router/dev/routes";

// One line per SPEC §2 route; the splat catches every other path (the 404 page).
export default [
  index("routes/home.tsx"),
  route("our-story", "routes/our-story.tsx"),
  route("journal", "routes/journal.tsx"),
  route("faq", "routes/faq.tsx"),
  // Not SPEC screens: the newsletter's no-JavaScript form and its unsubscribe link.
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
