import { Link } from "react-router";
import type { Route } from "./+types/home";
import { BRAND } from "~/lib/brand";

export const meta: Route.MetaFunction = () => [
  { title: `${BRAND.fullName} | Wedding, Prom & Celebration Dresses in ${BRAND.city}` },
  { name: "description", content: `${BRAND.tagline}. Custom design and fittings in ${BRAND.city}, ${BRAND.region}.` },
];

const COLLECTIONS = [
  { to: "/weddings", label: "Weddings" },
  { to: "/prom", label: "Prom" },
  { to: "/celebrations", label: "Celebrations" },
];

export default function Home() {
  return (
    <section className="relative isolate flex min-h-[calc(100dvh-4.5rem)] items-center justify-center overflow-hidden px-6 py-24 text-center">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_65%)]" />
      <div className="max-w-3xl">
        <p className="eyebrow">{BRAND.city} bridal &amp; formal atelier</p>
        <h1 className="mt-6 text-5xl leading-[1.05] sm:text-7xl">Your Story, Beautifully Dressed</h1>
        <p className="mx-auto mt-6 max-w-xl text-lg text-muted-foreground">{BRAND.tagline}.</p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          {COLLECTIONS.map((c) => (
            <Link
              key={c.to}
              to={c.to}
              className="inline-flex h-12 min-w-36 items-center justify-center rounded-full border border-foreground/80 px-7 text-sm tracking-[0.15em] uppercase transition-colors hover:bg-foreground hover:text-background"
            >
              {c.label}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}
