/**
 * The project's own illustrations (drawn by scripts/artwork.ts into
 * public/images/brand/). Width and height are the files' intrinsic sizes, so
 * every <img> reserves its space before it loads.
 */
export interface Artwork {
  src: string;
  width: number;
  height: number;
  alt: string;
}

const portrait = (name: string, alt: string): Artwork => ({ src: `/images/brand/${name}.svg`, width: 800, height: 1000, alt });
const square = (name: string, alt: string): Artwork => ({ src: `/images/brand/${name}.svg`, width: 600, height: 600, alt });
const landscape = (name: string, alt: string): Artwork => ({ src: `/images/brand/${name}.svg`, width: 1200, height: 800, alt });

export const ARTWORK = {
  heroGown: portrait("hero-gown", "An ivory ball gown with a lace bodice, framed by an arch and garden roses"),
  atelier: portrait("atelier", "A gown in progress on a dressmaker's form, a tape measure draped across it"),
  comingSoon: {
    src: "/images/brand/coming-soon.svg",
    width: 800,
    height: 600,
    alt: "An empty gold hanger with a blank tag, waiting for its gown",
  },
  magnolia: portrait("gown-magnolia", "The Magnolia: an ivory A-line gown with a lace sweetheart bodice"),
  forsyth: portrait("gown-forsyth", "The Forsyth: a champagne ball gown with off-shoulder sleeves"),
  tybee: portrait("gown-tybee", "The Tybee: an ivory mermaid gown with a scalloped lace hem"),
  oglethorpe: portrait("gown-oglethorpe", "The Oglethorpe: a sleek column gown in ivory crepe"),
  jonesStreet: portrait("gown-jones-street", "The Jones Street: a blush A-line gown with a cathedral train"),
  emerald: portrait("gown-emerald", "An emerald tea-length party dress on a dress form"),
  midnight: portrait("gown-midnight", "A midnight-blue prom gown with a sweetheart neckline"),
  postBouquet: square("post-bouquet", "A bridal bouquet of ivory and blush garden roses tied with a gold ribbon"),
  postLace: square("post-lace", "Close-up of ivory floral lace on champagne silk"),
  postButtons: square("post-buttons", "The back of a satin gown, a row of covered buttons down the spine"),
  postVeil: square("post-veil", "A cathedral veil with a pearl comb against a charcoal wall"),
  postSwatches: square("post-swatches", "A fan of fabric swatches in ivory, champagne, blush, sage, emerald and midnight"),
  postFlorals: square("post-florals", "Sprigs of olive and eucalyptus scattered with small ivory blossoms"),
  journalSilhouettes: landscape("journal-silhouettes", "Three bridal silhouettes side by side: A-line, ball gown and mermaid"),
  journalTimeline: landscape("journal-timeline", "A planner open on a table beside a veil, a pen and a sprig of olive"),
  journalPalette: landscape("journal-palette", "A fan of prom fabric swatches in emerald, midnight, rose and champagne"),
  journalKeepsake: landscape("journal-keepsake", "A keepsake box wrapped in tissue, holding a folded gown and dried roses"),
} satisfies Record<string, Artwork>;
