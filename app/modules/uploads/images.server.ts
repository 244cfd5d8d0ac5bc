import { readFile } from "node:fs/promises";
import type { Sharp, SharpOptions } from "sharp";
import { loadSharp } from "~/lib/sharp.server";
import type { ReceivedFile } from "./receive.server";

/** Large enough for a phone's photo, small enough that one decode cannot exhaust memory. */
const MAX_INPUT_PIXELS = 50_000_000;
const FULL_EDGE = 2000;
const THUMB_EDGE = 480;

export interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/** A file that passed the byte checks but does not decode as the image it claims: refused with a message. */
export class ImageUnreadable extends Error {
  override name = "ImageUnreadable";
}

async function decoder(file: ReceivedFile): Promise<Sharp> {
  const options: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" };
  const sharp = await loadSharp();
  if (file.type !== "image/heic") return sharp(file.path, options);
  // sharp's own libvips reads AVIF but not HEVC-coded HEIC: decode it with libheif (WebAssembly), then hand sharp the pixels.
  const { default: decode } = await import("heic-decode");
  const { width, height, data } = await decode({ buffer: await readFile(file.path) });
  if (width * height > MAX_INPUT_PIXELS) throw new ImageUnreadable("too many pixels");
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { ...options, raw: { width, height, channels: 4 } });
}

/**
 * Re-encodes an upload as WebP, the picture and a thumbnail: turned upright
 * from its EXIF orientation, then written with no metadata at all (EXIF, GPS
 * location, XMP, ICC comments: sharp keeps none unless asked). Whatever else
 * the file carried (a second payload, a script after the image) is gone.
 */
export async function reencodeImage(file: ReceivedFile): Promise<ProcessedImage> {
  try {
    const upright = (await decoder(file)).rotate();
    const full = await upright
      .clone()
      .resize({ width: FULL_EDGE, height: FULL_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await upright
      .clone()
      .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 72 })
      .toBuffer();
    return { full: full.data, thumb, width: full.info.width, height: full.info.height };
  } catch (error) {
    throw new ImageUnreadable(error instanceof Error ? error.message : String(error));
  }
}
