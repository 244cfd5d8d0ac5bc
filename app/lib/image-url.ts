/**
 * Image URLs for any slot. Shopify's CDN and the built-in store's image route
 * both take a `width` parameter, so one helper serves either store.
 */

/** The widths our image route renders; other requests are rounded up to one of these. */
export const IMAGE_WIDTHS = [96, 160, 240, 320, 480, 640, 800, 960, 1200] as const;

export function imageUrlAtWidth(url: string, width: number): string {
  const relative = url.startsWith("/") && !url.startsWith("//");
  const parsed = new URL(url, "http://relative.invalid");
  parsed.searchParams.set("width", String(Math.round(width)));
  return relative ? `${parsed.pathname}${parsed.search}` : parsed.toString();
}

/** A srcset for the image at the given widths, never wider than the original. */
export function imageSrcSet(image: { url: string; width: number | null }, widths: readonly number[] = IMAGE_WIDTHS): string {
  const usable = widths.filter((w) => !image.width || w <= image.width);
  return usable.map((w) => `${imageUrlAtWidth(image.url, w)} ${w}w`).join(", ");
}
