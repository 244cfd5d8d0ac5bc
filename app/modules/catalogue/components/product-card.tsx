import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { formatPrice } from "~/lib/format";
import { WishlistButton } from "~/modules/wishlist/components/wishlist-button";
import { imageSrcSet, imageUrlAtWidth } from "~/lib/image-url";
import type { Product } from "../types";

/** Grid of 1, 3 and 4 columns: the image is never wider than a third of a tablet or a quarter of a desktop. */
const SIZES = "(min-width: 1024px) 22vw, (min-width: 768px) 31vw, 92vw";

export function ProductCard({ product }: { product: Product }) {
  const image = product.images[0];
  const soldOut = product.variants[0] ? !product.variants[0].availableForSale : false;
  return (
    <article className="group relative" data-testid="product-card">
      <div className="relative aspect-[3/4] overflow-hidden rounded-2xl bg-muted">
        {image ? (
          <img
            src={imageUrlAtWidth(image.url, 640)}
            srcSet={imageSrcSet(image)}
            sizes={SIZES}
            alt={image.altText ?? product.title}
            width={image.width ?? 600}
            height={image.height ?? 800}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.03]"
          />
        ) : null}
        {soldOut ? <Badge className="absolute top-3 left-3">Sold Out</Badge> : null}
        <div className="absolute top-3 right-3 z-10">
          <WishlistButton product={product} />
        </div>
      </div>
      <h3 className="mt-4 font-display text-xl leading-snug">
        {/* The whole card is the link's target area; the heart sits above it. */}
        <Link
          to={`/product/${product.handle}`}
          className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-offset-4 focus-visible:after:outline-ring"
        >
          {product.title}
        </Link>
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{formatPrice(product.priceRange.minVariantPrice)}</p>
    </article>
  );
}

/**
 * The grid sits under the collection's hero, whose showcase already asks for
 * the first gown's picture at high priority: the cards load lazily, so they
 * never compete with the hero for the first screen's bandwidth (and never
 * preload the same picture a second time at other sizes).
 */
export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className="grid grid-cols-1 gap-x-6 gap-y-12 md:grid-cols-3 lg:grid-cols-4" aria-label="Dresses">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
