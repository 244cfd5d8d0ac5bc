import { Link } from "react-router";
import { BRAND } from "~/lib/brand";

const COLUMNS = [
  { title: "Shop", links: [{ to: "/weddings", label: "Weddings" }, { to: "/prom", label: "Prom" }, { to: "/celebrations", label: "Celebrations" }] },
  { title: "Services", links: [{ to: "/custom-design", label: "Custom Design" }, { to: "/fitting-room", label: "The Fitting Room" }, { to: "/faq", label: "Alterations & FAQ" }] },
  { title: "About", links: [{ to: "/our-story", label: "Our Story" }, { to: "/journal", label: "Journal" }, { to: "/faq", label: "FAQ" }] },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-muted/60">
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_repeat(4,1fr)] lg:px-8">
        <div>
          <p className="font-display text-2xl tracking-[0.18em] uppercase">{BRAND.name}</p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-muted-foreground">{BRAND.tagline}.</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="eyebrow font-sans">{column.title}</h2>
            <ul className="mt-4 flex flex-col gap-2.5 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="hover:text-gold-ink">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="eyebrow font-sans">Visit Us</h2>
          <address className="mt-4 flex flex-col gap-2.5 text-sm not-italic">
            <span>
              {BRAND.street}
              <br />
              {BRAND.city}, {BRAND.region} {BRAND.postalCode}
            </span>
            <span className="text-muted-foreground">{BRAND.hours}</span>
            <a href={`tel:${BRAND.phone.replace(/[^\d+]/g, "")}`} className="hover:text-gold-ink">
              {BRAND.phone}
            </a>
            <a href={`mailto:${BRAND.email}`} className="hover:text-gold-ink">
              {BRAND.email}
            </a>
            <a href={BRAND.instagram} rel="noopener" className="hover:text-gold-ink">
              Instagram
            </a>
          </address>
        </div>
      </div>
      <div className="border-t border-border/70">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-6 py-5 text-xs text-muted-foreground sm:flex-row lg:px-8">
          <p>
            © {new Date().getFullYear()} {BRAND.fullName}
          </p>
          <Link to="/admin/login" className="hover:text-foreground">
            Admin
          </Link>
        </div>
      </div>
    </footer>
  );
}
