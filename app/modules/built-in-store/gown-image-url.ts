/** Where the built-in store's gown pictures are served: GET /images/gowns/{key}.{webp|avif|png}. */
export const GOWN_IMAGE_PREFIX = "/images/gowns/";

/**
 * Bump when the gown drawings change: their URLs carry it (?v=), so a
 * browser holding a year-long copy of an old picture fetches the new one.
 */
export const ART_VERSION = "1";

export function gownImagePath(key: string, format: "webp" | "avif" = "webp"): string {
  return `${GOWN_IMAGE_PREFIX}${key}.${format}`;
}

export function versionedImageUrl(url: string): string {
  return url.startsWith(GOWN_IMAGE_PREFIX) && !url.includes("?") ? `${url}?v=${ART_VERSION}` : url;
}
