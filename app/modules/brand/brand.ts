// The brand module's front door: the boutique's own words and pictures that
// pages outside the module use (page titles, structured data, social images).
export { ARTWORK, type Artwork } from "./content/artwork";
export { FAQ_CATEGORIES } from "./content/faq";
export { JOURNAL_ARTICLES } from "./content/journal";
