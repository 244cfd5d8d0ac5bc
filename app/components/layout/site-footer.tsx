import { Link } from "react-router";
import { BRAND } from "~/lib/brand";
import { navLinksTo } from "./navigation";

// SPEC §2: Shop, Services, About and Visit Us columns, and a public Admin link. The columns' links are the navigation's.
const COLUMNS = [
  { title: "Shop", links: navLinksTo("/weddings", "/prom", "/celebrations") },
  { title: "Services", links: navLinksTo("/custom-design", "/fitting-room", "/faq") },
  { title: "About", links: navLinksTo("/our-story", "/journal") },
];

const linkClass = "text-sm text-muted-foreground transition-colors hover:text-foreground";

export function SiteFooter() {
  const mapsQuery = encodeURIComponent(`${BRAND.street}, ${BRAND.city}, ${BRAND.region} ${BRAND.postalCode}`);
  return (
    <footer className="border-t border-border bg-muted/60">
      <div className="mx-auto grid max-w-7xl gap-12 px-6 py-16 sm:px-8 md:grid-cols-[1.4fr_repeat(4,1fr)]">
        <div>
          <p className="font-display text-2xl tracking-[0.18em] uppercase">{BRAND.name}</p>
          <p className="mt-1 text-[0.6rem] tracking-[0.32em] text-gold-ink uppercase">Bridal &amp; Formal</p>
          <p className="mt-5 max-w-xs text-sm leading-relaxed text-muted-foreground">{BRAND.tagline}.</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="font-sans text-xs font-medium tracking-[0.2em] uppercase">{column.title}</h2>
            <ul className="mt-5 space-y-3">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
              {column.title === "About" ? (
                <li>
                  <a href={BRAND.instagram} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    Instagram<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="font-sans text-xs font-medium tracking-[0.2em] uppercase">Visit Us</h2>
          <address className="mt-5 space-y-3 text-sm leading-relaxed text-muted-foreground not-italic">
            <a
              href={`https://www.google.com/maps/search/?api=1&query=${mapsQuery}`}
              target="_blank"
              rel="noopener noreferrer"
              className="block transition-colors hover:text-foreground"
            >
              {BRAND.street}
              <br />
              {BRAND.city}, {BRAND.region} {BRAND.postalCode}
              <span className="sr-only"> (map, opens in a new tab)</span>
            </a>
            <span className="block">{BRAND.hours}</span>
            <a href={`tel:${BRAND.phone.replace(/[^\d+]/g, "")}`} className="block transition-colors hover:text-foreground">
              {BRAND.phone}
            </a>
            <a href={`mailto:${BRAND.email}`} className="block transition-colors hover:text-foreground">
              {BRAND.email}
            </a>
          </address>
        </div>
      </div>
      <div className="border-t border-border/70">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-6 py-5 text-xs text-muted-foreground sm:flex-row sm:px-8">
          <p>
            © {new Date().getFullYear()} {BRAND.fullName}
          </p>
          <Link to="/admin/login" className="transition-colors hover:text-foreground">
            Admin
          </Link>
        </div>
      </div>
    </footer>
  );
}
