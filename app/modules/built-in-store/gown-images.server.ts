import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { DEMO_COLORS, DEMO_DRESSES, demoImages } from "./demo-collection";
import { ART_HEIGHT, ART_WIDTH, drawGown, type GownPicture } from "./gown-art";
import { ART_VERSION } from "./gown-image-url";
import { IMAGE_WIDTHS } from "~/lib/image-url";
import { loadSharp } from "~/lib/sharp.server";

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

/**
 * How the pictures are rendered and kept. Rendering is CPU work (an AVIF
 * takes a second or more), so at most `concurrency` run at once and at most
 * `queueLimit` wait; past that a request is told to come back
 * (`ImageRendererBusy`) rather than piling up. What is rendered is kept in
 * memory (`memoryBytes`, least recently used first out) and, when
 * `cacheDir` is set, on disk, so a restart does not render it all again.
 */
export interface GownImageSettings {
  cacheDir: string | null;
  concurrency: number;
  queueLimit: number;
  memoryBytes: number;
}

const settings: GownImageSettings = { cacheDir: null, concurrency: 2, queueLimit: 256, memoryBytes: 32 * 1024 * 1024 };

/** Set once at start-up (server/app.ts); tests use the defaults (memory only). */
export function configureGownImages(next: Partial<GownImageSettings>): void {
  Object.assign(settings, next);
}

/** Thrown when the render queue is full: the route answers 429 with Retry-After. */
export class ImageRendererBusy extends Error {
  constructor() {
    super("the image renderer is busy");
  }
}

const cache = new Map<string, RenderedImage>();
const inFlight = new Map<string, Promise<RenderedImage>>();
let cachedBytes = 0;

function remember(key: string, image: RenderedImage) {
  cache.set(key, image);
  cachedBytes += image.body.length;
  // Oldest first: Map keeps insertion order, and hits re-insert (see below).
  for (const [oldKey, old] of cache) {
    if (cachedBytes <= settings.memoryBytes) break;
    cache.delete(oldKey);
    cachedBytes -= old.body.length;
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a render slot is free; refuses at once when the queue is full. */
async function inRenderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= settings.concurrency) {
    if (waiting.length >= settings.queueLimit) throw new ImageRendererBusy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Renders now: how busy the renderer is (for tests and benches). */
export function gownRendererLoad(): { running: number; waiting: number; cachedBytes: number } {
  return { running, waiting: waiting.length, cachedBytes };
}

function etagOf(body: Buffer) {
  return `"${createHash("sha1").update(body).digest("base64url").slice(0, 20)}"`;
}

async function render(picture: GownPicture, width: number, format: ImageFormat, found: boolean): Promise<RenderedImage> {
  const height = Math.round((width * ART_HEIGHT) / ART_WIDTH);
  // Drawn straight at the target size: vector art loses nothing, and it is faster than rendering large and shrinking.
  const svg = drawGown(picture).replace(`width="${ART_WIDTH}" height="${ART_HEIGHT}"`, `width="${width}" height="${height}"`);
  const sharp = await loadSharp();
  let pipeline = sharp(Buffer.from(svg));
  if (format === "webp") pipeline = pipeline.webp({ quality: 82, effort: 4 });
  else if (format === "avif") pipeline = pipeline.avif({ quality: 55, effort: 3 });
  else pipeline = pipeline.png({ compressionLevel: 8 });
  const body = await pipeline.toBuffer();
  return { body, contentType: CONTENT_TYPES[format], etag: etagOf(body), width, height, found };
}

/** Where a rendered picture is kept on disk: one folder per artwork version, so new art never meets old files. */
function diskPath(cacheKey: string): string | null {
  if (!settings.cacheDir) return null;
  return join(settings.cacheDir, `v${ART_VERSION}`, `${cacheKey.replaceAll(":", "-")}`);
}

async function readFromDisk(cacheKey: string, width: number, format: ImageFormat, found: boolean): Promise<RenderedImage | null> {
  const path = diskPath(cacheKey);
  if (!path) return null;
  try {
    const body = await readFile(path);
    if (body.length === 0) return null;
    const height = Math.round((width * ART_HEIGHT) / ART_WIDTH);
    return { body, contentType: CONTENT_TYPES[format], etag: etagOf(body), width, height, found };
  } catch {
    return null;
  }
}

async function writeToDisk(cacheKey: string, body: Buffer): Promise<void> {
  const path = diskPath(cacheKey);
  if (!path) return;
  try {
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed: a reader sees the whole file or none.
    const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, path);
  } catch {
    // A full or read-only disk costs a render next time, nothing more.
  }
}

/** A gown picture at a slot's width: from memory, else from disk, else rendered (in a bounded queue) and kept. */
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
    pending = (async () => {
      const found = Boolean(picture);
      const image =
        (await readFromDisk(cacheKey, width, options.format, found)) ??
        (await inRenderSlot(async () => {
          const rendered = await render(picture ?? PLACEHOLDER, width, options.format, found);
          await writeToDisk(cacheKey, rendered.body);
          return rendered;
        }));
      remember(cacheKey, image);
      return image;
    })().finally(() => inFlight.delete(cacheKey));
    inFlight.set(cacheKey, pending);
  }
  return pending;
}
