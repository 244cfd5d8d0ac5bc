import { randomUUID } from "node:crypto";
import { readdir, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Env } from "~/lib/env.server";
import { ImageUnreadable, reencodeImage } from "./images.server";
import type { ReceivedFile, UploadProblem } from "./receive.server";
import type { S3ImageStore } from "./s3-store.server";
import { folderStore, isStorageKey, type ImageStore } from "./store.server";
import { UPLOAD_MESSAGES } from "./uploads";

export { isStorageFull, receiveUpload, UploadRefused, type ReceivedFile, type ReceivedForm, type UploadProblem } from "./receive.server";
export { S3StoreError } from "./s3-error.server";
export type { S3ImageStore } from "./s3-store.server";
export type { ImageStore } from "./store.server";

declare module "~/lib/context.server" {
  interface AppServices {
    /** Where uploaded images are kept: DATA_DIR/uploads, or the S3 bucket when S3_BUCKET is set. Chosen once at start-up. */
    images: ImageStore;
  }
}

/** An image re-encoded and stored, ready to be recorded beside what it belongs to. */
export interface StoredImage {
  id: string;
  key: string;
  thumbKey: string;
  width: number;
  height: number;
  /** Bytes of the stored picture (not of the upload). */
  bytes: number;
  sourceType: string;
  sourceBytes: number;
}

/** The folder uploads are kept in: DATA_DIR/uploads. */
export function uploadsFolder(env: Pick<Env, "DATA_DIR">): string {
  return resolve(env.DATA_DIR, "uploads");
}

/**
 * The store this configuration asks for: the S3 bucket when S3_BUCKET is set (with its keys), else DATA_DIR/uploads.
 * The AWS SDK (several MB of code) is loaded only for the bucket.
 */
export async function createImageStore(env: Pick<Env, "DATA_DIR" | "S3">): Promise<ImageStore | S3ImageStore> {
  if (!env.S3) return folderStore(uploadsFolder(env));
  const { s3Store } = await import("./s3-store.server");
  return s3Store(env.S3);
}

/** Where files wait while they arrive and are checked. */
export function uploadsTmpFolder(env: Pick<Env, "DATA_DIR">): string {
  return join(uploadsFolder(env), "tmp");
}

export type StoreOutcome = { ok: true; images: StoredImage[] } | { ok: false; problem: UploadProblem };

/**
 * Re-encodes each received file (one at a time: it is the CPU-heavy part) and
 * stores the picture and its thumbnail under fresh keys. A file that does not
 * decode refuses the lot, and what was already stored is removed again.
 */
export async function storeImages(files: readonly ReceivedFile[], store: ImageStore, prefix: string): Promise<StoreOutcome> {
  const images: StoredImage[] = [];
  for (const file of files) {
    try {
      const processed = await reencodeImage(file);
      const id = randomUUID();
      const image: StoredImage = {
        id,
        key: `${prefix}/${id}.webp`,
        thumbKey: `${prefix}/${id}-thumb.webp`,
        width: processed.width,
        height: processed.height,
        bytes: processed.full.byteLength,
        sourceType: file.type,
        sourceBytes: file.bytes,
      };
      // Listed before it is written: a store failing between the picture and its thumbnail leaves neither behind.
      images.push(image);
      await store.put(image.key, processed.full);
      await store.put(image.thumbKey, processed.thumb);
    } catch (error) {
      await removeImages(images, store);
      if (error instanceof ImageUnreadable)
        return { ok: false, problem: { field: file.field, message: UPLOAD_MESSAGES.unreadable(file.name) } };
      throw error;
    }
  }
  return { ok: true, images };
}

/** How often a removal the store refused is tried again (1 s, doubling to 5 minutes: about an hour and a half in all). */
const REMOVAL_ATTEMPTS = 24;

/**
 * Removes images that were stored for a request that then failed. A removal the store refuses (S3 gone away in the
 * middle of the request) is tried again in the background, with back-off, until the store answers, so nothing
 * half-stored stays once it is back.
 */
export async function removeImages(images: readonly Pick<StoredImage, "key" | "thumbKey">[], store: ImageStore): Promise<void> {
  await removeKeys(
    images.flatMap((image) => [image.key, image.thumbKey]),
    store,
    0,
  );
}

async function removeKeys(keys: readonly string[], store: ImageStore, attempt: number): Promise<void> {
  const refused: string[] = [];
  await Promise.all(keys.map((key) => store.remove(key).catch(() => refused.push(key))));
  if (refused.length === 0 || attempt >= REMOVAL_ATTEMPTS) return;
  setTimeout(() => void removeKeys(refused, store, attempt + 1), Math.min(1000 * 2 ** attempt, 300_000)).unref();
}

/** Which of some storage keys a module has recorded in its rows. */
export type RecordedKeys = (keys: readonly string[]) => Promise<ReadonlySet<string>>;

/**
 * What a process killed mid-upload leaves in the uploads folder, removed at start-up: files still waiting in
 * `tmp/`, files half-written under a temporary name, and images stored whose rows were never committed (the files
 * are written before the transaction that records them, so a kill between the two leaves a file with no row; a row
 * with no file cannot happen). Only files last changed before `startedAt` (this process's start) are touched, and
 * under a prefix only its owner's rows judge (`owners`: prefix to the keys it has recorded). Answers what went.
 */
export async function sweepUploadsFolder(
  env: Pick<Env, "DATA_DIR">,
  owners: Record<string, RecordedKeys>,
  startedAt: Date,
): Promise<string[]> {
  const root = uploadsFolder(env);
  const removed: string[] = [];
  const olderThanStart = async (path: string) => (await stat(path).catch(() => null))?.mtime.getTime() ?? Infinity;
  const remove = async (path: string, name: string) => {
    if ((await olderThanStart(path)) >= startedAt.getTime()) return;
    await rm(path, { force: true });
    removed.push(name);
  };
  const names = async (folder: string) =>
    readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [] as string[];
      throw error;
    });
  for (const name of await names(join(root, "tmp"))) await remove(join(root, "tmp", name), `tmp/${name}`);
  for (const [prefix, recorded] of Object.entries(owners)) {
    const keys: string[] = [];
    for (const name of await names(join(root, prefix))) {
      const key = `${prefix}/${name}`;
      if (isStorageKey(key)) keys.push(key);
      // A write cut short under its temporary name ('<key>.<pid>.tmp').
      else if (name.endsWith(".tmp")) await remove(join(root, key), key);
    }
    const known = await recorded(keys);
    for (const key of keys) if (!known.has(key)) await remove(join(root, key), key);
  }
  return removed;
}
