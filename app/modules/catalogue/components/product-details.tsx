import { ArrowLeft, CalendarHeart } from "lucide-react";
import { useEffect, useState, type ComponentProps } from "react";
import { Link } from "react-router";
import { toast } from "~/lib/toast";
import { formatPrice } from "~/lib/format";
import { cart } from "~/modules/cart/cart";
import { WishlistButton } from "~/modules/wishlist/components/wishlist-button";
import { selectedVariantFrom } from "../catalogue";
import type { Product, ProductVariant } from "../types";
import { ProductGallery } from "./product-gallery";
import { ProductOptions } from "./product-options";
import { SizeGuideDialog } from "./size-guide-dialog";
import { Button } from "~/components/ui/button";
import { HydrateSeparately } from "~/components/ui/hydrate-separately";

function addToBag(product: Product, variant: ProductVariant) {
  const image = variant.image ?? product.images[0] ?? null;
  const added = cart.add({
    variantId: variant.id,
    variantTitle: variant.title,
    quantity: 1,
    price: variant.price,
    selectedOptions: variant.selectedOptions,
    product: {
      id: product.id,
      title: product.title,
      handle: product.handle,
      image: image ? { url: image.url, altText: image.altText } : null,
    },
    quantityAvailable: variant.quantityAvailable,
  });
  if (added > 0) {
    toast.success("Added to bag", { description: `${product.title} is waiting in your bag.` });
    return;
  }
  // The bag already holds every piece the store has: say so rather than pretend another went in.
  const left = variant.quantityAvailable ?? 0;
  toast.error(`Only ${left} left`, {
    description:
      left === 1
        ? `The last ${product.title} (${variant.title}) is already in your bag.`
        : `All ${left} of ${product.title} (${variant.title}) are already in your bag.`,
  });
}

function AddToBagButton({ product, variant, compact = false }: { product: Product; variant: ProductVariant | null; compact?: boolean }) {
  const available = Boolean(variant?.availableForSale);
  return (
    <Button
      disabled={!available}
      onClick={() => variant && addToBag(product, variant)}
      size={compact ? "sm" : "md"}
      className={compact ? undefined : "min-h-14 w-full"}
    >
      {available ? "Add to Bag" : "Out of Stock"}
    </Button>
  );
}

/** SPEC: on small screens, a bar with title, price and Add to Bag after 400 px of scrolling. */
function StickyBar({ product, variant }: { product: Product; variant: ProductVariant | null }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > 400);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return (
    <div
      data-testid="sticky-bar"
      aria-hidden={!shown}
      inert={!shown}
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-border bg-background/95 px-4 py-3 shadow-[0_-8px_24px_rgba(0,0,0,0.08)] backdrop-blur transition-transform duration-300 md:hidden ${shown ? "translate-y-0" : "translate-y-full"}`}
    >
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-display text-lg leading-tight">{product.title}</p>
          <p className="text-sm text-muted-foreground">{formatPrice(variant?.price ?? product.priceRange.minVariantPrice)}</p>
        </div>
        <AddToBagButton product={product} variant={variant} compact />
      </div>
    </div>
  );
}

/** The way back from a gown, or from one that is not there; a Button styles it by passing its own props. */
function BackToWeddings(props: Omit<ComponentProps<typeof Link>, "to">) {
  return (
    <Link to="/weddings" {...props}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Weddings
    </Link>
  );
}

export function ProductNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-6 py-28 text-center">
      <p className="eyebrow">Not in the atelier</p>
      <h1 className="mt-5 text-5xl">Product Not Found</h1>
      <p className="mt-4 text-muted-foreground">This gown may have found its bride already. There are many more waiting for you.</p>
      <Button asChild className="mt-10">
        <BackToWeddings />
      </Button>
    </section>
  );
}

/**
 * The product page's body: gallery, price and stock of the selected variant,
 * the option pickers (the choice lives in the URL), Add to Bag, wishlist,
 * fitting link, description, and the phone's sticky bar.
 */
export function ProductDetails({ product, searchParams }: { product: Product; searchParams: URLSearchParams }) {
  const variant = selectedVariantFrom(product, searchParams);
  const variantImage = variant?.image;
  const images =
    variantImage && !product.images.some((i) => i.url === variantImage.url) ? [variantImage, ...product.images] : product.images;

  return (
    <>
      <div className="mx-auto w-full max-w-7xl px-5 pt-6 pb-24 lg:px-8">
        <BackToWeddings className="inline-flex items-center gap-2 text-xs tracking-[0.18em] text-muted-foreground uppercase hover:text-foreground" />
        <div className="mt-6 grid gap-10 lg:grid-cols-2 lg:gap-16">
          <HydrateSeparately>
            <ProductGallery key={variant?.id} images={images} title={product.title} />
          </HydrateSeparately>
          <div className="lg:pt-6">
            <h1 className="text-4xl leading-tight sm:text-5xl">{product.title}</h1>
            <p className="mt-4 text-2xl" data-testid="price">
              {formatPrice(variant?.price ?? product.priceRange.minVariantPrice)}
            </p>
            <p className={`mt-2 text-sm ${variant?.availableForSale ? "text-gold-ink" : "text-destructive"}`} data-testid="stock">
              {variant?.availableForSale ? "In Stock — ready to try on in our studio" : "Out of Stock"}
            </p>
            <ProductOptions product={product} variant={variant} />
            <div className="mt-6">
              <SizeGuideDialog />
            </div>
            <div className="mt-8 flex flex-col gap-3">
              <AddToBagButton product={product} variant={variant} />
              <div className="grid gap-3 sm:grid-cols-2">
                <WishlistButton product={product} variant="labelled" />
                <Button asChild variant="outline" className="px-5">
                  <Link to="/fitting-room">
                    <CalendarHeart className="size-4" aria-hidden="true" />
                    Book a Fitting
                  </Link>
                </Button>
              </div>
            </div>
            <div className="mt-10 border-t border-border pt-8">
              <h2 className="eyebrow font-sans">The Details</h2>
              <p className="mt-4 leading-relaxed whitespace-pre-line text-muted-foreground">{product.description}</p>
            </div>
          </div>
        </div>
      </div>
      <StickyBar product={product} variant={variant} />
    </>
  );
}
