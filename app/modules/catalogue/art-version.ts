import { GOWN_IMAGE_PREFIX } from "./image-url";

/**
 * Bump when the gown drawings change: their URLs carry it (?v=), so a
 * browser holding a year-long copy of an old picture fetches the new one.
 */
export const ART_VERSION = "1";

export function versionedImageUrl(url: string): string {
  return url.startsWith(GOWN_IMAGE_PREFIX) && !url.includes("?") ? `${url}?v=${ART_VERSION}` : url;
}
