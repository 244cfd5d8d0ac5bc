/** The wishlist module's front door for other modules: the browser's list and what may change it. */
export { wishlist } from "./wishlist-store";
