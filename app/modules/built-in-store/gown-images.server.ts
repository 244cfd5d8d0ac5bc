import { createHash } from "node:crypto";
import sharp from "sharp";
import { DEMO_COLORS, DEMO_DRESSES, demoImages } from "./demo-collection";
import { ART_HEIGHT, ART_WIDTH, drawGown, type GownPicture } from "./gown-art";
import { IMAGE_WIDTHS } from "~/lib/image-url";

export type ImageFormat = "webp" | "avif" | "png";

const CONTENT_TYPES: Record<ImageFormat, string> = { webp: "image/webp", avif: "image/avif", png: "image/png" };

const PICTURES = new Map<string, GownPicture>(
  DEMO_DRESSES.flatMap((dress) =>
    demoImages(dress).map(
      (image) =>
        [image.key, { spec: dress.art, color: DEMO_COLORS[image.color] ?? "#f4ecdc", view: image.view, seed: dress.handle }] as const,
    ),
  ),
);

/** Drawn for any key we do not know, so a shopper never sees a broken image. */
const PLACEHOLDER: GownPicture = {
  spec: { silhouette: "a-line", neckline: "strapless", sleeves: "none", fabric: "satin", details: [] },
  color: "#f4ecdc",
  view: "front",
  seed: "placeholder",
};

export function isKnownGownImage(key: string): boolean {
  return PICTURES.has(key);
}

/** The smallest rendered width that is at least what was asked for. */
export function snapWidth(requested: number | null | undefined): number {
  if (!requested || !Number.isFinite(requested) || requested <= 0) return ART_WIDTH;
  return IMAGE_WIDTHS.find((w) => w >= requested) ?? ART_WIDTH;
}

export interface RenderedImage {
  body: Buffer;
  contentType: string;
  etag: string;
  width: number;
  height: number;
  /** False when the key was unknown and the placeholder was drawn instead. */
  found: boolean;
}

const MAX_CACHE_BYTES = 96 * 1024 * 1024;
const cache = new Map<string, RenderedImage>();
const inFlight = new Map<string, Promise<RenderedImage>>();
let cachedBytes = 0;

function remember(key: string, image: RenderedImage) {
  cache.set(key, image);
  cachedBytes += image.body.length;
  // Oldest first: Map keeps insertion order, and hits re-insert (see below).
  for (const [oldKey, old] of cache) {
    if (cachedBytes <= MAX_CACHE_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= old.body.length;
  }
}

async function render(picture: GownPicture, width: number, format: ImageFormat, found: boolean): Promise<RenderedImage> {
  const height = Math.round((width * ART_HEIGHT) / ART_WIDTH);
  // Drawn straight at the target size: vector art loses nothing, and it is faster than rendering large and shrinking.
  const svg = drawGown(picture).replace(`width="${ART_WIDTH}" height="${ART_HEIGHT}"`, `width="${width}" height="${height}"`);
  let pipeline = sharp(Buffer.from(svg));
  if (format === "webp") pipeline = pipeline.webp({ quality: 82, effort: 4 });
  else if (format === "avif") pipeline = pipeline.avif({ quality: 55, effort: 3 });
  else pipeline = pipeline.png({ compressionLevel: 8 });
  const body = await pipeline.toBuffer();
  const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
  return { body, contentType: CONTENT_TYPES[format], etag, width, height, found };
}

/** A gown picture at a slot's width, rendered once per process and kept in memory. */
export function renderGownImage(key: string, options: { width?: number | null; format: ImageFormat }): Promise<RenderedImage> {
  const width = snapWidth(options.width);
  const picture = PICTURES.get(key);
  const cacheKey = `${picture ? key : "placeholder"}:${width}:${options.format}`;
  const hit = cache.get(cacheKey);
  if (hit) {
    cache.delete(cacheKey);
    cache.set(cacheKey, hit);
    return Promise.resolve(hit);
  }
  let pending = inFlight.get(cacheKey);
  if (!pending) {
    pending = render(picture ?? PLACEHOLDER, width, options.format, Boolean(picture))
      .then((image) => {
        remember(cacheKey, image);
        return image;
      })
      .finally(() => inFlight.delete(cacheKey));
    inFlight.set(cacheKey, pending);
  }
  return pending;
}
