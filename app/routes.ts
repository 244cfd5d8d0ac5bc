import { index, route, type RouteConfig } from "@react-router/dev/routes";

// One line per SPEC §2 route; the splat catches every other path (the 404 page).
export default [
  index("routes/home.tsx"),
  // The three collection pages share one module; each route's id is its collection.
  route("weddings", "routes/collection.tsx", { id: "weddings" }),
  route("prom", "routes/collection.tsx", { id: "prom" }),
  route("celebrations", "routes/collection.tsx", { id: "celebrations" }),
  route("product/:handle", "routes/product.tsx"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  // The catalogue's resource routes and the built-in store's checkout page.
  route("api/search", "routes/api.search.ts"),
  route("api/products/:handle", "routes/api.products.$handle.ts"),
  route("api/checkout", "routes/api.checkout.ts"),
  route("checkout/:cartId", "routes/checkout.$cartId.tsx"),
  route("images/gowns/:file", "routes/images.gowns.$file.ts"),
  route("custom-design", "routes/custom-design.tsx"),
  route("custom-design/submit", "routes/custom-design.submit.tsx"),
  route("custom-design/images/:imageId", "routes/custom-design.images.tsx"),
  route("fitting-room", "routes/fitting-room.tsx"),
  route("fitting-room/cancel", "routes/fitting-room-cancel.tsx"),
  route("fitting-room/calendar", "routes/fitting-room-calendar.ts"),
  route("our-story", "routes/our-story.tsx"),
  route("journal", "routes/journal.tsx"),
  route("faq", "routes/faq.tsx"),
  // Not SPEC screens: the newsletter's no-JavaScript form and its unsubscribe link.
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  // Accounts (SPEC §2): the shopper's sign-in and account, staff login, and Better Auth's own endpoints.
  route("auth", "routes/auth.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("account", "routes/account.tsx", [
    index("routes/account._index.tsx"),
    route("profile", "routes/account.profile.tsx"),
    route("orders", "routes/account.orders.tsx"),
    route("wishlist", "routes/account.wishlist.tsx"),
    route("addresses", "routes/account.addresses.tsx"),
    route("design-requests", "routes/account.design-requests.tsx"),
    route("appointments", "routes/account.appointments.tsx"),
    route("security", "routes/account.security.tsx"),
  ]),
  route("admin/login", "routes/admin.login.tsx"),
  // The staff console: its own layout (no storefront chrome) around every staff page; the mail outbox and the
  // insights are not SPEC screens.
  route("admin", "routes/admin.tsx", [
    route("dashboard", "routes/admin.dashboard.tsx"),
    route("agenda", "routes/admin.agenda.tsx"),
    route("availability", "routes/admin.availability.tsx"),
    route("insights", "routes/admin.insights.tsx"),
    route("mail", "routes/admin.mail.tsx"),
  ]),
  route("admin/dashboard/export", "routes/admin.dashboard.export.ts"),
  route("admin/dashboard/slots", "routes/admin.dashboard.slots.ts"),
  // Not a SPEC screen: the admin tables' live changes (Server-Sent Events).
  route("api/admin/events", "routes/api.admin.events.ts"),
  route("api/auth/*", "routes/api.auth.$.ts"),
  route("api/wishlist", "routes/api.wishlist.ts"),
  route(".well-known/jwks.json", "routes/well-known.jwks.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
