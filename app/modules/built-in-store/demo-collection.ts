import type { GownSpec } from "./gown-art";
import type { CollectionHandle } from "~/modules/catalogue/types";

/**
 * The built-in store's demo collection: what a visitor finds when no Shopify
 * store is connected. Every picture is drawn by gown-art.ts from `art`.
 */

export const DEMO_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;

/** The colours the gowns come in, as their pictures paint them. */
export const DEMO_COLORS: Record<string, string> = {
  Ivory: "#f4ecdc",
  "Diamond White": "#faf7f1",
  Champagne: "#ead6b0",
  Blush: "#f0c9c0",
  Sand: "#e3cfb0",
  Midnight: "#1f2a4a",
  Silver: "#c3c7cf",
  "Rose Gold": "#dfae9a",
  Lilac: "#c5b2df",
  "Sky Blue": "#a9c7e6",
  Ruby: "#9b1b30",
  Emerald: "#1f6b4f",
  Black: "#1f1d22",
  Navy: "#22305a",
  Marigold: "#e2a324",
  Cobalt: "#2150a3",
  "Dusty Rose": "#c48b90",
  Sage: "#a5b598",
  Rose: "#d3617c",
  Coral: "#ec7d63",
  Fuchsia: "#bd3477",
  Gold: "#cfa542",
  Bronze: "#a5733f",
  Wine: "#6a1f36",
  Pink: "#f0a3bb",
  Peach: "#f3c1a1",
};

export const DEMO_COLLECTIONS: { handle: CollectionHandle; title: string; description: string }[] = [
  {
    handle: "weddings",
    title: "The Bridal Suite",
    description: "Wedding gowns for every kind of vow, from cathedral aisles to live-oak lawns.",
  },
  { handle: "prom", title: "The Prom Edit", description: "Gowns with a little drama for the night everyone remembers." },
  {
    handle: "celebrations",
    title: "Celebrations",
    description: "Dresses for galas, quinceañeras, anniversaries and the mother of the bride.",
  },
];

export interface DemoDress {
  handle: string;
  title: string;
  description: string;
  collection: CollectionHandle;
  /** USD, whole dollars; every size and colour costs the same. */
  price: number;
  colors: string[];
  art: GownSpec;
  /** Variant titles ("XS / Ivory") with no stock; "*" for the whole dress. */
  soldOut?: string[] | "*";
}

export const DEMO_DRESSES: DemoDress[] = [
  // ---- Weddings -------------------------------------------------------------
  {
    handle: "magnolia-lace-ball-gown",
    title: "Magnolia Lace Ball Gown",
    description:
      "A romantic ball gown of corded French lace over soft ivory tulle, with a sweetheart bodice and sheer long sleeves that end in scalloped cuffs. A chapel train and a column of covered buttons down the back make the walk away as lovely as the walk in.",
    collection: "weddings",
    price: 2890,
    colors: ["Ivory", "Champagne"],
    art: { silhouette: "ball-gown", neckline: "sweetheart", sleeves: "long", fabric: "lace", details: ["train", "buttons"] },
    soldOut: ["M / Champagne"],
  },
  {
    handle: "forsyth-garden-chiffon-gown",
    title: "Forsyth Garden Chiffon Gown",
    description:
      "Made for outdoor vows under the live oaks: a floaty A-line of silk chiffon with a plunging V, fluttering sleeves and a gilded belt at the waist. Light enough for a Savannah afternoon, lovely in every breeze.",
    collection: "weddings",
    price: 1650,
    colors: ["Ivory", "Blush"],
    art: { silhouette: "a-line", neckline: "v-neck", sleeves: "flutter", fabric: "chiffon", details: ["belt"] },
  },
  {
    handle: "tybee-bohemian-lace-gown",
    title: "Tybee Bohemian Lace Gown",
    description:
      "A bohemian sheath of airy lace that moves the way sea grass does. Soft flutter sleeves, a deep V and a gently sweeping hem make it the easy favourite for beach ceremonies and barefoot receptions.",
    collection: "weddings",
    price: 1480,
    colors: ["Ivory", "Sand"],
    art: { silhouette: "sheath", neckline: "v-neck", sleeves: "flutter", fabric: "lace", details: ["train"] },
  },
  {
    handle: "chatham-modern-crepe-column",
    title: "Chatham Modern Crepe Column",
    description:
      "Clean, modern lines in heavy matte crepe: a square neckline, a column that skims rather than clings, and a thigh-high slit that shows itself only when you move. For the bride who wants nothing but the cut.",
    collection: "weddings",
    price: 1390,
    colors: ["Diamond White", "Ivory"],
    art: { silhouette: "sheath", neckline: "square", sleeves: "none", fabric: "crepe", details: ["slit"] },
  },
  {
    handle: "oglethorpe-cathedral-satin-gown",
    title: "Oglethorpe Cathedral Satin Gown",
    description:
      "The formal gown in its purest form. Duchess satin falls from an off-the-shoulder neckline into a full ball skirt and a cathedral-length train, with hand-set buttons running the length of the back.",
    collection: "weddings",
    price: 3450,
    colors: ["Diamond White", "Ivory"],
    art: { silhouette: "ball-gown", neckline: "off-shoulder", sleeves: "none", fabric: "satin", details: ["train", "buttons"] },
  },
  {
    handle: "juliette-romantic-tulle-gown",
    title: "Juliette Romantic Tulle Gown",
    description:
      "Layer upon layer of whisper-soft tulle, a boned corset bodice and three-dimensional silk flowers that drift from the bodice down one side of the skirt. Romantic from every angle, and with pockets hidden in the seams.",
    collection: "weddings",
    price: 2250,
    colors: ["Blush", "Ivory"],
    art: { silhouette: "ball-gown", neckline: "sweetheart", sleeves: "none", fabric: "tulle", details: ["appliques", "corset"] },
  },
  {
    handle: "isle-of-hope-halter-gown",
    title: "Isle of Hope Halter Gown",
    description:
      "An easy halter A-line in fluid chiffon for outdoor ceremonies by the water. Bohemian at heart, with a softly gathered bodice and a skirt that pools just so when you stop to take it all in.",
    collection: "weddings",
    price: 1290,
    colors: ["Ivory", "Champagne"],
    art: { silhouette: "a-line", neckline: "halter", sleeves: "none", fabric: "chiffon", details: [] },
  },
  {
    handle: "wormsloe-lace-mermaid-gown",
    title: "Wormsloe Lace Mermaid Gown",
    description:
      "A formal mermaid silhouette with a modern edge: lace contours the figure to the knee, then flares into a frothy godet skirt. The strapless sweetheart neckline is boned for a close, comfortable fit all night.",
    collection: "weddings",
    price: 2680,
    colors: ["Ivory", "Champagne"],
    art: { silhouette: "mermaid", neckline: "sweetheart", sleeves: "none", fabric: "lace", details: ["buttons"] },
  },
  {
    handle: "river-street-modern-one-shoulder-gown",
    title: "River Street Modern One-Shoulder Gown",
    description:
      "Sculpted satin, one elegant shoulder and not a bead in sight. A modern gown for city-hall vows or a rooftop reception, cut to catch the light as the sun sets over the river.",
    collection: "weddings",
    price: 1780,
    colors: ["Diamond White"],
    art: { silhouette: "mermaid", neckline: "one-shoulder", sleeves: "none", fabric: "satin", details: [] },
  },
  {
    handle: "jasmine-bohemian-tiered-gown",
    title: "Jasmine Bohemian Tiered Gown",
    description:
      "Tiers of soft ruffled tulle and an off-the-shoulder neckline give this bohemian gown its carefree sway. Pair it with a flower crown and a field of wildflowers; it was made for dancing until late.",
    collection: "weddings",
    price: 1150,
    colors: ["Ivory", "Sand"],
    art: { silhouette: "a-line", neckline: "off-shoulder", sleeves: "none", fabric: "tulle", details: ["ruffles"] },
  },
  {
    handle: "lafayette-formal-long-sleeve-gown",
    title: "Lafayette Formal Long-Sleeve Gown",
    description:
      "A formal, high-necked gown with an illusion yoke, sheer long sleeves and a full satin skirt. Timeless for a church ceremony, with a short train and a row of pearl buttons at the back.",
    collection: "weddings",
    price: 2450,
    colors: ["Ivory", "Diamond White"],
    art: { silhouette: "ball-gown", neckline: "high-neck", sleeves: "long", fabric: "satin", details: ["train", "buttons"] },
  },
  {
    handle: "camellia-tea-length-dress",
    title: "Camellia Tea-Length Dress",
    description:
      "A romantic tea-length dress in lace with a square neckline and a sash that ties in a soft bow. Perfect for an outdoor garden wedding, a courthouse ceremony or the rehearsal dinner.",
    collection: "weddings",
    price: 980,
    colors: ["Ivory", "Blush"],
    art: { silhouette: "tea-length", neckline: "square", sleeves: "cap", fabric: "lace", details: ["bow"] },
    // Its first variant is gone: collection pages show this dress as sold out though other sizes remain.
    soldOut: ["XS / Ivory", "XS / Blush"],
  },

  // ---- Prom -----------------------------------------------------------------
  {
    handle: "starlight-sequin-mermaid-gown",
    title: "Starlight Sequin Mermaid Gown",
    description:
      "Thousands of hand-sewn sequins on a mermaid gown that glitters like a clear night sky. The strapless bodice is lined and boned, and the skirt flares just enough to dance in.",
    collection: "prom",
    price: 429,
    colors: ["Midnight", "Silver", "Rose Gold"],
    art: { silhouette: "mermaid", neckline: "strapless", sleeves: "none", fabric: "sequin", details: [] },
    soldOut: ["XS / Midnight", "S / Midnight"],
  },
  {
    handle: "aurora-tulle-ball-gown",
    title: "Aurora Tulle Ball Gown",
    description:
      "Every fairy-tale moment in one gown: a sweetheart corset, a cloud of layered tulle and a scattering of shimmer through the skirt. Laces up at the back for a perfect fit.",
    collection: "prom",
    price: 389,
    colors: ["Lilac", "Sky Blue", "Blush"],
    art: { silhouette: "ball-gown", neckline: "sweetheart", sleeves: "none", fabric: "tulle", details: ["corset", "beading"] },
    soldOut: ["XXL / Lilac"],
  },
  {
    handle: "ruby-satin-slit-gown",
    title: "Ruby Satin Slit Gown",
    description:
      "Liquid satin, one shoulder and a slit that means business. This column gown is cut on the bias to move with you and photographs beautifully under any lights.",
    collection: "prom",
    price: 319,
    colors: ["Ruby", "Emerald", "Black"],
    art: { silhouette: "sheath", neckline: "one-shoulder", sleeves: "none", fabric: "satin", details: ["slit"] },
  },
  {
    handle: "celeste-beaded-halter-gown",
    title: "Celeste Beaded Halter Gown",
    description:
      "A halter A-line whose bodice is traced with glass beads that catch the light with every turn, above a flowing chiffon skirt. Classic, comfortable, and made for the grand march.",
    collection: "prom",
    price: 459,
    colors: ["Navy", "Champagne"],
    art: { silhouette: "a-line", neckline: "halter", sleeves: "none", fabric: "chiffon", details: ["beading"] },
  },
  {
    handle: "midnight-velvet-column",
    title: "Midnight Velvet Column",
    description:
      "Plush stretch velvet in a sleek off-the-shoulder column. Sophisticated, unexpectedly comfortable and warm enough for a winter formal.",
    collection: "prom",
    price: 279,
    colors: ["Black", "Emerald"],
    art: { silhouette: "sheath", neckline: "off-shoulder", sleeves: "none", fabric: "velvet", details: [] },
  },
  {
    handle: "peony-corset-gown",
    title: "Peony Corset Gown",
    description:
      "A structured corset bodice with visible boning over a full A-line skirt of soft tulle. Sweet, bold and entirely unforgettable, with a lace-up back.",
    collection: "prom",
    price: 349,
    colors: ["Pink", "Peach"],
    art: { silhouette: "a-line", neckline: "sweetheart", sleeves: "none", fabric: "tulle", details: ["corset"] },
    soldOut: ["M / Peach", "L / Peach"],
  },
  {
    handle: "electra-cape-mermaid-gown",
    title: "Electra Cape Mermaid Gown",
    description:
      "A crepe mermaid gown with a sheer chiffon cape that floats from the shoulders as you walk. Dramatic and elegant for prom, a gala or any red carpet you can find.",
    collection: "prom",
    price: 399,
    colors: ["Cobalt", "Black"],
    art: { silhouette: "mermaid", neckline: "v-neck", sleeves: "cape", fabric: "crepe", details: [] },
  },

  // ---- Celebrations -----------------------------------------------------------
  {
    handle: "marigold-cocktail-dress",
    title: "Marigold Cocktail Dress",
    description:
      "A cheerful cocktail dress in satin with a square neckline, puffed sleeves and a full skirt that swishes when you twirl. For birthdays, showers and every garden party of the season.",
    collection: "celebrations",
    price: 219,
    colors: ["Marigold", "Cobalt"],
    art: { silhouette: "cocktail", neckline: "square", sleeves: "puff", fabric: "satin", details: ["bow"] },
  },
  {
    handle: "savannah-sunset-chiffon-gown",
    title: "Savannah Sunset Chiffon Gown",
    description:
      "A graceful chiffon gown with a soft cape for the mother of the bride or groom. A flattering V-neckline and a jewelled belt, with a skirt that flows without fuss.",
    collection: "celebrations",
    price: 329,
    colors: ["Dusty Rose", "Sage", "Navy"],
    art: { silhouette: "a-line", neckline: "v-neck", sleeves: "cape", fabric: "chiffon", details: ["belt"] },
  },
  {
    handle: "rosa-quinceanera-ball-gown",
    title: "Rosa Quinceañera Ball Gown",
    description:
      "A grand ball gown for the quinceañera: an off-the-shoulder bodice covered in silk flowers, a corseted waist and a skirt of ruffled tulle tiers. Made to be celebrated in.",
    collection: "celebrations",
    price: 699,
    colors: ["Rose", "Lilac", "Champagne"],
    art: {
      silhouette: "ball-gown",
      neckline: "off-shoulder",
      sleeves: "none",
      fabric: "tulle",
      details: ["appliques", "ruffles", "corset"],
    },
    soldOut: ["XS / Champagne"],
  },
  {
    handle: "champagne-toast-sequin-midi",
    title: "Champagne Toast Sequin Midi",
    description:
      "A tea-length sequin dress with a modest V and a full skirt, for anniversaries, New Year's Eve and every toast in between. It sparkles even in candlelight.",
    collection: "celebrations",
    price: 259,
    colors: ["Champagne", "Silver"],
    art: { silhouette: "tea-length", neckline: "v-neck", sleeves: "cap", fabric: "sequin", details: [] },
  },
  {
    handle: "azalea-high-low-dress",
    title: "Azalea High-Low Dress",
    description:
      "A playful high-low hem in layered chiffon with a halter neckline: cocktail length in front, a soft sweep behind. Bright, breezy and ready for a spring celebration.",
    collection: "celebrations",
    price: 189,
    colors: ["Coral", "Fuchsia"],
    art: { silhouette: "high-low", neckline: "halter", sleeves: "none", fabric: "chiffon", details: [] },
  },
  {
    handle: "golden-hour-pleated-gown",
    title: "Golden Hour Pleated Gown",
    description:
      "Fine sunray pleats fall from a one-shoulder neckline in this metallic gown. Light as air, it glows at a gala and makes every entrance look effortless.",
    collection: "celebrations",
    price: 299,
    colors: ["Gold", "Bronze"],
    art: { silhouette: "a-line", neckline: "one-shoulder", sleeves: "none", fabric: "chiffon", details: ["pleats"] },
  },
  {
    handle: "evening-primrose-velvet-dress",
    title: "Evening Primrose Velvet Dress",
    description:
      "Deep velvet with sheer long sleeves and a sweetheart neckline, cut to a flattering cocktail length. Our most-loved winter party dress, and every size has found a home for now.",
    collection: "celebrations",
    price: 229,
    colors: ["Wine", "Black"],
    art: { silhouette: "cocktail", neckline: "sweetheart", sleeves: "long", fabric: "velvet", details: ["beading"] },
    soldOut: "*",
  },
];

/** Each dress's pictures: front, back and detail in its first colour, then the front in each other colour. */
export function demoImages(dress: DemoDress): { key: string; color: string; view: "front" | "back" | "detail"; alt: string }[] {
  const first = dress.colors[0]!;
  const images = [
    { key: `${dress.handle}-front`, color: first, view: "front" as const, alt: `${dress.title} in ${first}, from the front` },
    { key: `${dress.handle}-back`, color: first, view: "back" as const, alt: `${dress.title} in ${first}, from the back` },
    {
      key: `${dress.handle}-detail`,
      color: first,
      view: "detail" as const,
      alt: `${dress.title} in ${first}, a closer look at the bodice`,
    },
  ];
  for (const color of dress.colors.slice(1)) {
    const slug = color.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    images.push({ key: `${dress.handle}-${slug}`, color, view: "front", alt: `${dress.title} in ${color}, from the front` });
  }
  return images;
}
