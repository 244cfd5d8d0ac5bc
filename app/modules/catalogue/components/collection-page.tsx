import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import type { CollectionQuery } from "../collection-rules";
import { COLLECTION_PAGES } from "../catalogue";
import type { CollectionHandle, Product, StorefrontNotice } from "../types";
import { ClearFiltersButton, CollectionControls } from "./collection-controls";
import { ProductGrid } from "./product-card";
import { TwoImageShowcase, type ShowcaseImage } from "./showcase";
import { StorefrontNoticeToast } from "./storefront-notice";
import { Button } from "~/components/ui/button";
import { HydrateSeparately } from "~/components/ui/hydrate-separately";
import { cx } from "~/lib/class-names";

export interface CollectionPageProps {
  /** Whose words open the page and whether it offers the style filter (COLLECTION_PAGES). */
  collection: CollectionHandle;
  /** What loadCollection returned for this page. */
  data: {
    /** Every dress in the collection, before filtering (0 means the catalogue is empty). */
    total: number;
    products: Product[];
    query: CollectionQuery;
    notice: StorefrontNotice | null;
    showcase: ShowcaseImage[];
  };
  /** The page's own words, in a band above or below the dresses. */
  band?: CollectionBand;
}

export interface CollectionBand {
  placement: "before" | "after";
  /** The band's accessible name, when it has no heading of its own that says what it is. */
  label?: string;
  content: ReactNode;
}

export function CollectionPage({ collection, data, band }: CollectionPageProps) {
  const { eyebrow, title, intro, showStyles } = COLLECTION_PAGES[collection];
  const { total, products, query } = data;
  const navigation = useNavigation();
  const location = useLocation();
  // A new filter or sort is loading for this page (SPEC §4: loading shows a spinner).
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  // The band is as wide as the dresses' grid, with room on the side away from them.
  const bandSection = band ? (
    <section
      className={cx("mx-auto w-full max-w-7xl px-6 lg:px-8", band.placement === "before" ? "pt-14" : "mb-20")}
      aria-label={band.label}
    >
      {band.content}
    </section>
  ) : null;
  return (
    <>
      <StorefrontNoticeToast notice={data.notice} />
      <section className="relative isolate overflow-hidden border-b border-border">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,var(--accent),transparent_60%)]"
        />
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-6 py-16 sm:py-20 lg:grid-cols-[1.1fr_1fr] lg:px-8">
          <div>
            <p className="eyebrow">{eyebrow}</p>
            <h1 className="mt-4 text-5xl leading-[1.05] sm:text-6xl lg:text-7xl">{title}</h1>
            <div className="my-6 h-px w-16 bg-gold" />
            <p className="max-w-xl text-lg leading-relaxed text-muted-foreground">{intro}</p>
          </div>
          <TwoImageShowcase images={data.showcase} />
        </div>
      </section>
      {band?.placement === "before" ? bandSection : null}
      <section className="mx-auto w-full max-w-7xl px-6 py-12 lg:px-8" aria-labelledby="collection-heading">
        <h2 id="collection-heading" className="sr-only">
          The dresses
        </h2>
        {total === 0 ? (
          <div className="flex flex-col items-center py-20 text-center">
            <p className="eyebrow">Coming soon</p>
            <p className="mt-4 font-display text-4xl">No Dresses Yet</p>
            <p className="mt-3 max-w-md text-muted-foreground">
              Our new gowns are being unpacked and steamed. Book a fitting and see them in the studio first.
            </p>
            <Button asChild className="mt-8">
              <Link to="/fitting-room">Book a Fitting</Link>
            </Button>
          </div>
        ) : (
          <>
            <CollectionControls query={query} showStyles={showStyles} resultCount={products.length} />
            <div className="relative mt-10">
              {loading ? (
                <div className="absolute inset-0 z-10 flex items-start justify-center bg-background/60 pt-24" role="status">
                  <Loader2 className="size-8 animate-spin text-gold-ink" aria-hidden="true" />
                  <span className="sr-only">Loading dresses</span>
                </div>
              ) : null}
              {products.length === 0 ? (
                <div className="flex flex-col items-center py-16 text-center">
                  <p className="font-display text-4xl">No Results Found</p>
                  <p className="mt-3 text-muted-foreground">
                    No {query.style !== "all" ? query.style.toLowerCase() : ""} gowns just now. Try another style.
                  </p>
                  <ClearFiltersButton query={query} className="mt-8" />
                </div>
              ) : (
                <HydrateSeparately>
                  <ProductGrid products={products} />
                </HydrateSeparately>
              )}
            </div>
          </>
        )}
      </section>
      {band?.placement === "after" ? bandSection : null}
    </>
  );
}
