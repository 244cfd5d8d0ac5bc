import { Heart } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { Product } from "~/modules/catalogue/types";
import { useWishlist, wishlist, wishlistItemFrom } from "../wishlist-store";

type WishlistProduct = Pick<Product, "id" | "handle" | "title" | "priceRange" | "images">;

/** The heart toggle (SPEC §2): 'Add to wishlist' / 'Remove from wishlist'. */
export function WishlistButton({ product, variant = "icon" }: { product: WishlistProduct; variant?: "icon" | "labelled" }) {
  const items = useWishlist();
  const saved = items.some((item) => item.id === product.id);
  const label = saved ? "Remove from wishlist" : "Add to wishlist";
  const toggle = () => wishlist.toggle(wishlistItemFrom(product));
  if (variant === "labelled") {
    return (
      <Button variant="outline" onClick={toggle} aria-pressed={saved}>
        <Heart className={`size-4 ${saved ? "fill-gold text-gold" : ""}`} aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={label}
      aria-pressed={saved}
      title={label}
      className="inline-flex size-10 items-center justify-center rounded-full bg-background/85 text-foreground shadow-sm backdrop-blur transition-transform hover:scale-105"
    >
      <Heart className={`size-[1.1rem] ${saved ? "fill-gold text-gold" : ""}`} aria-hidden="true" />
    </button>
  );
}
