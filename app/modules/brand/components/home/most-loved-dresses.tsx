import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Reveal } from "~/components/ui/reveal";
import { formatPrice } from "~/lib/format";
import type { Product } from "~/modules/catalogue/types";
import { ARTWORK } from "../../content/artwork";
import { ArtworkImage } from "../artwork-image";
import { SectionHeading, SectionLink } from "../section-heading";
import { imageSrcSet, imageUrlAtWidth } from "~/lib/image-url";

/** What the section needs of a catalogue product. */
export type MostLovedProduct = Pick<Product, "id" | "title" | "handle" | "priceRange" | "images">;

/** SPEC §9: the home page fetches 6 products and shows the first 3. */
export const MOST_LOVED_SHOWN = 3;

export function MostLovedDresses({ products }: { products: MostLovedProduct[] }) {
  const shown = products.slice(0, MOST_LOVED_SHOWN);
  return (
    <Reveal as="section" aria-labelledby="most-loved-heading" className="px-6 py-24 sm:px-8 sm:py-32">
      <SectionHeading id="most-loved-heading" eyebrow="Shop the favourites" title="Most Loved Dresses">
        The gowns our brides and prom-goers ask for by name.
      </SectionHeading>
      {shown.length > 0 ? (
        <ul className="mx-auto mt-16 grid max-w-6xl gap-x-8 gap-y-12 sm:grid-cols-3">
          {shown.map((product) => (
            <li key={product.id}>
              <ProductTile product={product} />
            </li>
          ))}
        </ul>
      ) : (
        <ComingSoon />
      )}
      <SectionLink to="/weddings">View Wedding Dresses</SectionLink>
    </Reveal>
  );
}

function ProductTile({ product }: { product: MostLovedProduct }) {
  const image = product.images[0];
  return (
    <Link to={`/product/${product.handle}`} className="group block focus-visible:outline-offset-8">
      <div className="aspect-[4/5] overflow-hidden bg-muted">
        {image ? (
          <img
            src={imageUrlAtWidth(image.url, 640)}
            srcSet={imageSrcSet(image)}
            sizes="(min-width: 640px) 30vw, 90vw"
            width={image.width ?? 800}
            height={image.height ?? 1000}
            alt={image.altText ?? product.title}
            loading="lazy"
            decoding="async"
            className="h-full w-full object-cover transition-transform duration-700 group-hover:scale-[1.03]"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-full items-center justify-center font-display text-5xl tracking-[0.2em] text-gold-ink/60 uppercase"
          >
            Hive
          </div>
        )}
      </div>
      <h3 className="mt-5 text-center text-2xl transition-colors group-hover:text-gold-ink">{product.title}</h3>
      <p className="mt-1 text-center text-sm tracking-wide text-muted-foreground">{formatPrice(product.priceRange.minVariantPrice)}</p>
    </Link>
  );
}

/** The empty catalogue, said beautifully rather than left blank. */
function ComingSoon() {
  return (
    <div className="mx-auto mt-16 grid max-w-5xl items-center overflow-hidden border border-border bg-surface md:grid-cols-2">
      <ArtworkImage art={ARTWORK.comingSoon} className="h-full w-full object-cover" />
      <div className="px-8 py-12 text-center md:px-12 md:text-left">
        <p className="eyebrow">Coming soon</p>
        <p className="mt-4 font-display text-3xl leading-snug sm:text-4xl">Our most loved gowns are on their way</p>
        <p className="mt-4 leading-relaxed text-muted-foreground">
          We are steaming, pressing and photographing this season&rsquo;s favourites. Until they arrive online, every one of them is waiting
          for you in the fitting room.
        </p>
        <Button asChild variant="ghost" className="mt-6 text-gold-ink">
          <Link to="/fitting-room">Try them on in the studio</Link>
        </Button>
      </div>
    </div>
  );
}
