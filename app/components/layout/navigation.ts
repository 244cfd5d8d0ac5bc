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

type NavLink = (typeof NAV_LINKS)[number];

/** The navigation's own links to these pages, named as it names them, in the order asked (the footer's columns). */
export function navLinksTo(...paths: NavLink["to"][]): NavLink[] {
  return paths.flatMap((path) => NAV_LINKS.filter((link) => link.to === path));
}

export const ADMIN_LINK = { to: "/admin/dashboard", label: "Admin" } as const;

/** Who is looking at the page, as far as the header needs to know. */
export interface Viewer {
  isAdmin: boolean;
}
