/** SPEC §2 navigation, in its order. */
export const NAV_LINKS = [
  { to: "/weddings", label: "Weddings" },
  { to: "/prom", label: "Prom" },
  { to: "/celebrations", label: "Celebrations" },
  { to: "/custom-design", label: "Custom Design" },
  { to: "/fitting-room", label: "The Fitting Room" },
  { to: "/our-story", label: "Our Story" },
  { to: "/journal", label: "Journal" },
  { to: "/faq", label: "FAQ" },
] as const;

export const ADMIN_LINK = { to: "/admin/dashboard", label: "Admin" } as const;

/** Who is looking at the page, as far as the header needs to know. */
export interface Viewer {
  isAdmin: boolean;
}
