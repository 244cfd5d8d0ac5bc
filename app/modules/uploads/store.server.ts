import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { Readable } from "node:stream";
import { UUID_PATTERN } from "~/lib/uuid";

/** Where stored images live. A key is ours ('design-requests/<uuid>.webp'), never a name a visitor chose. */
export interface ImageStore {
  readonly kind: "folder" | "s3";
  /** For the start-up log: the folder, or the bucket and its endpoint (never a key). */
  readonly where: string;
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes as a stream, or null when there is no such key. */
  open(key: string): Promise<{ stream: Readable; bytes: number } | null>;
  remove(key: string): Promise<void>;
}

const KEY = new RegExp(`^[a-z0-9-]+/${UUID_PATTERN}(-thumb)?\\.webp$`);

/** Whether `key` has the shape of a storage key. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

export function checkKey(key: string): string {
  if (!isStorageKey(key)) throw new TypeError(`not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

/** A folder on the local disk (DATA_DIR/uploads by default): private to the server's user, written atomically. */
export function folderStore(root: string): ImageStore {
  const base = resolve(root);
  const pathOf = (key: string) => join(base, checkKey(key));
  return {
    kind: "folder",
    where: base,
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const partial = `${path}.${process.pid}.tmp`;
      try {
        await writeFile(partial, data, { mode: 0o600 });
        await rename(partial, path);
      } catch (error) {
        // A write cut short (the disk full) leaves nothing half-written behind.
        await rm(partial, { force: true });
        throw error;
      }
    },
    async open(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        return { stream: createReadStream(path), bytes: info.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
