import { ChevronDown } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { BRAND } from "~/lib/brand";
import { ARTWORK } from "../../content/artwork";
import { HERO_COLLECTIONS } from "../../content/home";
import { HeroDrape } from "./hero-drape";

const TRANSPARENT_PIXEL = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==";

export function HomeHero() {
  const { heroGown } = ARTWORK;
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="absolute inset-0 -z-20 bg-[radial-gradient(ellipse_at_70%_20%,var(--accent),transparent_60%)]" />
      <HeroDrape className="absolute inset-0 -z-10 h-full w-full opacity-70 dark:opacity-35" />
      <div className="mx-auto grid min-h-[calc(100svh-4.5rem)] max-w-7xl items-center gap-10 px-6 py-16 sm:px-8 lg:grid-cols-[1.15fr_0.85fr] lg:gap-16 lg:py-20">
        <div className="text-center lg:text-left">
          <p className="eyebrow">{BRAND.city} bridal &amp; formal atelier</p>
          <h1 id="hero-heading" className="mt-6 text-[3.25rem] leading-[1.02] sm:text-7xl lg:text-[5.5rem]">
            Your Story, <span className="text-gold-ink">Beautifully</span> Dressed
          </h1>
          <p className="mx-auto mt-7 max-w-lg text-lg leading-relaxed text-muted-foreground lg:mx-0">
            Wedding gowns, prom dresses and celebration looks, chosen with you and fitted by hand in our {BRAND.city} studio.
          </p>
          <nav aria-label="Collections" className="mt-10 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
            {HERO_COLLECTIONS.map((collection, index) => (
              <Button
                key={collection.to}
                asChild
                variant={index === 0 ? "primary" : "outline"}
                className="w-full max-w-xs sm:w-auto sm:min-w-40"
              >
                <Link to={collection.to}>{collection.label}</Link>
              </Button>
            ))}
          </nav>
        </div>
        <div className="relative mx-auto hidden w-full max-w-md lg:block">
          <div aria-hidden="true" className="absolute -inset-4 rounded-t-full border border-gold/60" />
          {/* Shown from 1024 px only: a <picture> source, so phones never download it (an <img> would be fetched even while hidden). */}
          <picture>
            <source media="(min-width: 1024px)" srcSet={heroGown.src} width={heroGown.width} height={heroGown.height} />
            <img
              src={TRANSPARENT_PIXEL}
              width={heroGown.width}
              height={heroGown.height}
              alt={heroGown.alt}
              fetchPriority="high"
              className="relative h-auto w-full rounded-t-full shadow-[0_30px_80px_-40px_rgba(43,42,40,0.45)]"
            />
          </picture>
        </div>
      </div>
      <a
        href="#how-it-works"
        className="absolute bottom-6 left-1/2 hidden -translate-x-1/2 flex-col items-center gap-1 text-[0.65rem] tracking-[0.3em] text-muted-foreground uppercase transition-colors hover:text-foreground sm:flex"
      >
        Discover
        <ChevronDown aria-hidden="true" className="size-4" />
      </a>
    </section>
  );
}
