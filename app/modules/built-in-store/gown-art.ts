/**
 * The demo collection's pictures: each gown drawn as an SVG illustration on
 * an atelier dress form, from a short description of its cut, neckline,
 * sleeves, fabric and details. Deterministic: the same spec always draws the
 * same picture, so a URL can be cached for a year.
 *
 * Drawing space is 600 x 750 (4:5, the product-card ratio); the gown hangs
 * on a form centred at x = 300, waist at y = 300, floor at y = 712.
 *
 * This is the site's one gown-drawing engine: the product pictures
 * (`gown-images.server.ts`) use `drawGown`, and the brand illustrations
 * (`scripts/artwork.ts`) place `drawGownFigure` in their own scenes, with
 * `BRAND_COLORS` and `seededRandom` for what surrounds it.
 */

export * from "./gown-art/types";
export { drawGown, drawGownFigure } from "./gown-art/layers";
export { BRAND_COLORS, seededRandom } from "./gown-art/palette";
