import { fileTypeFromBuffer } from "file-type";
import type { AcceptedImageType } from "./uploads";

/** How many leading bytes the type is read from (file-type's own need). */
export const HEAD_BYTES = 4100;

const BY_MIME: Record<string, AcceptedImageType> = {
  "image/jpeg": "image/jpeg",
  "image/png": "image/png",
  "image/webp": "image/webp",
  "image/avif": "image/avif",
  "image/heic": "image/heic",
  "image/heif": "image/heic",
};

/** The image type the bytes say, or null when they are not one we accept (the name and the browser's claim are ignored). */
export async function sniffImage(head: Uint8Array): Promise<AcceptedImageType | null> {
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  return found ? (BY_MIME[found.mime] ?? null) : null;
}

/** Markup a browser or a server could be tricked into running: an image that carries any is a polyglot, refused. */
const SIGNATURES = ["<script", "<html", "<?php", "<svg", "<iframe", "<body", "<!doctype", "<?xml"];
const CARRY = Math.max(...SIGNATURES.map((s) => s.length)) - 1;

/** Scans a file chunk by chunk (a signature may straddle two chunks) for markup signatures. */
export class MarkupScanner {
  found = false;
  private tail = "";
  push(chunk: Uint8Array): void {
    if (this.found) return;
    const text = this.tail + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString("latin1").toLowerCase();
    if (SIGNATURES.some((signature) => text.includes(signature))) this.found = true;
    this.tail = text.slice(-CARRY);
  }
}
