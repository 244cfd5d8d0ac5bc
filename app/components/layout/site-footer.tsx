import { BRAND } from "~/lib/brand";

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-muted/60">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-5 py-12 sm:flex-row sm:items-end sm:justify-between sm:px-8">
        <div>
          <p className="font-display text-2xl tracking-[0.18em] uppercase">{BRAND.name}</p>
          <p className="mt-2 max-w-sm text-sm text-muted-foreground">{BRAND.tagline}.</p>
        </div>
        <address className="text-sm text-muted-foreground not-italic">
          {BRAND.street}, {BRAND.city}, {BRAND.region} {BRAND.postalCode}
          <br />
          {BRAND.hours}
        </address>
      </div>
      <p className="border-t border-border/70 py-5 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {BRAND.fullName}
      </p>
    </footer>
  );
}
