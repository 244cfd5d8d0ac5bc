import { BRAND } from "~/lib/brand";
import { ARTWORK, type Artwork } from "./artwork";

export const HERO_COLLECTIONS = [
  { to: "/weddings", label: "Weddings" },
  { to: "/prom", label: "Prom" },
  { to: "/celebrations", label: "Celebrations" },
] as const;

/** SPEC §2 How It Works: book a visit, find your dream dress, perfect fit and alterations. */
export const HOW_IT_WORKS = [
  {
    title: "Book a Visit",
    text: `Reserve a private appointment in our ${BRAND.city} studio. Bring up to two of your favourite people and a few photos you love.`,
  },
  {
    title: "Find Your Dream Dress",
    text: "A stylist pulls gowns for your shape, venue and budget, and stays with you until one makes you stop and smile.",
  },
  {
    title: "Perfect Fit & Alterations",
    text: "Our seamstresses fit, hem and bustle your gown in-house, so it feels made for you on the day it matters most.",
  },
] as const;

export interface CarouselSlide {
  name: string;
  note: string;
  image: Artwork;
}

/** SPEC §9: the bridal carousel shows 5 images. */
export const BRIDAL_SLIDES: CarouselSlide[] = [
  { name: "The Magnolia", note: "Ivory A-line, hand-placed lace", image: ARTWORK.magnolia },
  { name: "The Forsyth", note: "Champagne ball gown, off-shoulder", image: ARTWORK.forsyth },
  { name: "The Tybee", note: "Mermaid silhouette, scalloped hem", image: ARTWORK.tybee },
  { name: "The Oglethorpe", note: "Clean column in ivory crepe", image: ARTWORK.oglethorpe },
  { name: "The Jones Street", note: "Blush A-line, cathedral train", image: ARTWORK.jonesStreet },
];

/** SPEC §2: six fixed posts linking to the brand's photo-sharing profile. */
export const SOCIAL_POSTS: Artwork[] = [
  ARTWORK.postBouquet,
  ARTWORK.postLace,
  ARTWORK.postButtons,
  ARTWORK.postVeil,
  ARTWORK.postSwatches,
  ARTWORK.postFlorals,
];

/** The profile's handle, for the gallery's heading: "@thehivebridal". */
export const INSTAGRAM_HANDLE = `@${new URL(BRAND.instagram).pathname.replaceAll("/", "")}`;
