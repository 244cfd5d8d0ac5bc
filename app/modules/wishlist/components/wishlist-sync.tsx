import { useEffect } from "react";
import { connectWishlist, httpWishlistRemote } from "../wishlist-store";

/** Keeps the local wishlist and the signed-in shopper's saved one in step; renders nothing. */
export function WishlistSync({ userId }: { userId: string | null }) {
  useEffect(() => {
    void connectWishlist(userId ? httpWishlistRemote() : null);
  }, [userId]);
  return null;
}
