import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import type { S3Settings } from "~/lib/env.server";
import { S3StoreError } from "./s3-error.server";
import { checkKey, type ImageStore } from "./store.server";

const HINTS: Record<string, string> = {
  InvalidAccessKeyId: "the access key is not known: check S3_ACCESS_KEY_ID",
  SignatureDoesNotMatch: "the secret does not match the access key: check S3_SECRET_ACCESS_KEY",
  AccessDenied: "the keys may not use this bucket: check the keys' permissions on S3_BUCKET",
  Forbidden: "the keys may not use this bucket: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and their permissions",
  NoSuchBucket: "there is no such bucket: check S3_BUCKET (and S3_ENDPOINT, S3_REGION)",
  NotFound: "there is no such bucket: check S3_BUCKET (and S3_ENDPOINT, S3_REGION)",
  PermanentRedirect: "the bucket is in another region: check S3_REGION",
};

function explain(error: unknown, what: string, bucket: string): S3StoreError {
  if (error instanceof S3StoreError) return error;
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    // An answer without a body (a HEAD) has no code: its status says as much.
    const code =
      error.name === "Unknown" && status === 403 ? "Forbidden" : error.name === "Unknown" && status === 404 ? "NotFound" : error.name;
    const hint = HINTS[code] ?? `S3 answered ${status ?? "an error"} (${code})`;
    return new S3StoreError(`S3 storage (bucket ${bucket}): ${what} refused: ${hint}`, "refused", code, { cause: error });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new S3StoreError(`S3 storage (bucket ${bucket}): ${what} failed: ${detail}`, "unreachable", undefined, { cause: error });
}

/** The key is not there (and the bucket is). */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  error.name !== "NoSuchBucket" &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);

/** Outside `checkKey`'s shape: never an image. */
const CHECK_KEY = "boutique-start-up-check";

export interface S3ImageStore extends ImageStore {
  readonly kind: "s3";
  /**
   * Asks S3 whether the bucket is there and the keys may read it: a GetObject
   * of a key we never write, which should answer NoSuchKey (S3 answers
   * AccessDenied instead when the keys lack s3:ListBucket, which `open` needs
   * to tell a missing image from a refusal). Throws an S3StoreError if not.
   */
  check(): Promise<void>;
  /** Closes the client's connections. */
  close(): void;
}

/**
 * An S3 bucket, or an S3-compatible service's (S3_ENDPOINT). Objects are
 * written without an ACL, so they keep the bucket's default: private. They are
 * read only by the server, which streams them through the access-checked
 * route; no object URL is ever handed out.
 */
export function s3Store(settings: S3Settings, options: { requestTimeoutMs?: number } = {}): S3ImageStore {
  const { bucket } = settings;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible services reject the SDK's default CRC32 headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 5_000, requestTimeout: options.requestTimeoutMs ?? 30_000 },
    maxAttempts: 3,
  });
  return {
    kind: "s3",
    where: `s3://${bucket}${settings.endpoint ? ` at ${new URL(settings.endpoint).origin}` : ` (${settings.region})`}`,
    async put(key, data) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: checkKey(key),
            Body: data,
            ContentLength: data.byteLength,
            ContentType: "image/webp",
          }),
        );
      } catch (error) {
        throw explain(error, "storing an image", bucket);
      }
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
        const body = object.Body;
        if (!(body instanceof Readable) || object.ContentLength === undefined) {
          (body as { destroy?: () => void } | undefined)?.destroy?.();
          throw new TypeError("S3 answered without a readable body and its length");
        }
        return { stream: body, bytes: object.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw explain(error, "reading an image", bucket);
      }
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
      } catch (error) {
        if (isMissing(error)) return;
        throw explain(error, "removing an image", bucket);
      }
    },
    async check() {
      try {
        const probe = await client.send(new GetObjectCommand({ Bucket: bucket, Key: CHECK_KEY }));
        (probe.Body as Readable | undefined)?.destroy();
      } catch (error) {
        if (isMissing(error)) return;
        throw explain(error, "checking the bucket", bucket);
      }
    },
    close() {
      client.destroy();
    },
  };
}
