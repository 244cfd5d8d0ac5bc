import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import { displayName, UPLOAD_MESSAGES, type AcceptedImageType } from "./uploads";
import { HEAD_BYTES, MarkupScanner, sniffImage } from "./sniff.server";

/** A file that arrived whole, passed the byte checks and waits in the temporary folder. */
export interface ReceivedFile {
  field: string;
  /** The name the browser gave, cleaned for messages; never used as a path. */
  name: string;
  path: string;
  bytes: number;
  type: AcceptedImageType;
}

export interface UploadProblem {
  field: string;
  message: string;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** The first thing wrong with the files, or null. The fields are read whole either way. */
  problem: UploadProblem | null;
  /** Deletes every temporary file; safe to call twice. */
  cleanup(): Promise<void>;
}

export interface ReceiveOptions {
  /** Where files wait while they are checked (created when missing). */
  tmpDir: string;
  /** The names of the file inputs; file parts under any other name are skipped. */
  fileFields: readonly string[];
  maxFiles: number;
  maxFileBytes: number;
  maxFields?: number;
  maxFieldBytes?: number;
}

/** Whether a write failed because the disk (or the user's quota on it) is full. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/** A body that is not a readable multipart form: the route answers with its status. */
export class UploadRefused extends Error {
  override name = "UploadRefused";
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * Reads a multipart form as it streams in: text fields into memory (capped),
 * each file straight to a temporary file while its bytes are counted, its
 * first bytes kept for sniffing and the whole scanned for markup. Nothing is
 * held whole in memory. Past the per-file cap a file is cut and refused; past
 * the count the extra files are drained and refused; a file that is not an
 * image by its content is refused. The caller always calls `cleanup()`.
 */
export async function receiveUpload(request: Request, options: ReceiveOptions): Promise<ReceivedForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new UploadRefused(415, "This form is sent as multipart/form-data.");
  const paths: string[] = [];
  const cleanup = async () => {
    const gone = paths.splice(0);
    await Promise.all(gone.map((path) => rm(path, { force: true }).catch(() => {})));
  };
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  let problem: UploadProblem | null = null;
  const refuse = (field: string, message: string) => {
    problem ??= { field, message };
  };
  if (!request.body) return { fields, files, problem, cleanup };
  await mkdir(options.tmpDir, { recursive: true, mode: 0o700 });

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: {
        // Empty file inputs arrive as parts too; the count that matters is kept below.
        files: options.maxFiles + 4,
        fileSize: options.maxFileBytes,
        fields: options.maxFields ?? 50,
        fieldSize: options.maxFieldBytes ?? 16 * 1024,
        fieldNameSize: 100,
      },
    });
  } catch {
    throw new UploadRefused(400, "The form could not be read.");
  }

  let chosen = 0;
  const tasks: Promise<void>[] = [];
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) refuse(name, "A field is too long.");
    if (!(name in fields)) fields[name] = value;
  });
  parser.on("file", (field, stream, info) => {
    // An input with no file chosen sends an empty part with no name.
    if (!options.fileFields.includes(field) || (!info.filename && field)) {
      stream.resume();
      return;
    }
    const name = displayName(info.filename);
    chosen += 1;
    if (chosen > options.maxFiles || problem) {
      if (chosen > options.maxFiles) refuse(field, UPLOAD_MESSAGES.tooMany);
      stream.resume();
      return;
    }
    const path = join(options.tmpDir, `${randomUUID()}.part`);
    paths.push(path);
    tasks.push(
      (async () => {
        let head = Buffer.alloc(0);
        let bytes = 0;
        const scanner = new MarkupScanner();
        const inspect = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            bytes += chunk.length;
            if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
            scanner.push(chunk);
            callback(null, chunk);
          },
        });
        await pipeline(stream, inspect, createWriteStream(path, { mode: 0o600 }));
        if ((stream as unknown as { truncated?: boolean }).truncated) return refuse(field, UPLOAD_MESSAGES.tooLarge(name));
        if (bytes === 0) return refuse(field, UPLOAD_MESSAGES.notImage(name));
        const type = await sniffImage(head);
        if (!type || scanner.found) return refuse(field, UPLOAD_MESSAGES.notImage(name));
        files.push({ field, name, path, bytes, type });
      })(),
    );
  });

  const source = Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>);
  try {
    await new Promise<void>((resolve, reject) => {
      parser.on("close", resolve);
      parser.on("error", (error: Error) => reject(new UploadRefused(400, `The form could not be read: ${error.message}`)));
      source.on("error", reject);
      source.pipe(parser);
    });
    const settled = await Promise.allSettled(tasks);
    const failed = settled.find((result) => result.status === "rejected");
    // The disk that holds DATA_DIR is full: not the shopper's doing, and said so.
    if (failed && isStorageFull(failed.reason)) throw new UploadRefused(503, UPLOAD_MESSAGES.storageFull);
    if (failed) throw new UploadRefused(400, UPLOAD_MESSAGES.broken);
  } catch (error) {
    source.destroy();
    await Promise.allSettled(tasks);
    await cleanup();
    // Past UPLOAD_LIMIT_BYTES the server's counter fails the body with a 413 of its own.
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 413) throw new UploadRefused(413, UPLOAD_MESSAGES.bodyTooLarge);
    if (error instanceof UploadRefused) throw error;
    throw new UploadRefused(400, UPLOAD_MESSAGES.broken);
  }
  files.sort((a, b) => paths.indexOf(a.path) - paths.indexOf(b.path));
  return { fields, files, problem, cleanup };
}
