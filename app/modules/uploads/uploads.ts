/**
 * Image uploads, the parts the browser shares with the server: what is
 * accepted, the limits, and the words a refusal uses.
 */

export const MAX_IMAGES = 6;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The image types accepted, recognised from the bytes (never the name or the browser's claim). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/heic"] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** The file input's `accept`: a hint for the picker only; the server reads the content. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.avif,.heic,.heif";

export const UPLOAD_MESSAGES = {
  tooMany: `Please choose at most ${MAX_IMAGES} images.`,
  tooLarge: (name: string) => `${name} is larger than 10 MB. Please choose a smaller image.`,
  notImage: (name: string) => `${name} is not a JPEG, PNG, WebP, AVIF or HEIC image.`,
  unreadable: (name: string) => `${name} could not be read as an image. Please try another file.`,
  bodyTooLarge: "The images together are too large to send. Please choose fewer or smaller images.",
  broken: "The upload did not arrive whole. Please try again.",
  storageFull: "We cannot store images just now. Please try again later, or send your request without images.",
  hint: `Optional. Up to ${MAX_IMAGES} images (JPEG, PNG, WebP, AVIF or HEIC), 10 MB each.`,
} as const;

/** A file's name as shown in a message: its last path part, without control characters, at most 80 characters. */
export function displayName(name: string | null | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters never reach a message
  const clean = base.replace(/[\u0000-\u001F\u007F]/g, "").trim();
  if (!clean) return "A file";
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}

/**
 * The browser's own check before sending (the server checks again, from the
 * bytes): the count and each file's size. Null when the files are fine.
 */
export function checkChosenFiles(files: readonly { name: string; size: number }[]): string | null {
  if (files.length > MAX_IMAGES) return UPLOAD_MESSAGES.tooMany;
  const big = files.find((file) => file.size > MAX_IMAGE_BYTES);
  if (big) return UPLOAD_MESSAGES.tooLarge(displayName(big.name));
  return null;
}
