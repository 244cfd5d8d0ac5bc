import { Link } from "react-router";

const PAGES = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/insights", label: "Insights" },
  { to: "/admin/mail", label: "Mail" },
] as const;

/** The staff pages' own links, the current one marked (the insights and mail pages). */
export function AdminNav({ current }: { current: (typeof PAGES)[number]["to"] }) {
  return (
    <nav aria-label="Admin" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {PAGES.map((page) =>
        page.to === current ? (
          <Link key={page.to} to={page.to} aria-current="page" className="font-medium underline underline-offset-4">
            {page.label}
          </Link>
        ) : (
          <Link key={page.to} to={page.to} className="underline decoration-gold/60 underline-offset-4 hover:decoration-current">
            {page.label}
          </Link>
        ),
      )}
    </nav>
  );
}
