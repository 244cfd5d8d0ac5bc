/**
 * Why S3 refused or could not be reached, in words an operator can act on,
 * with S3's own error code; never the secret.
 */
export class S3StoreError extends Error {
  override name = "S3StoreError";
  /** `refused`: S3 answered no (credentials, bucket, permissions); `unreachable`: no answer. */
  readonly reason: "refused" | "unreachable";
  /** S3's error code (SignatureDoesNotMatch, NoSuchBucket...), when it answered. */
  readonly code: string | undefined;
  constructor(message: string, reason: "refused" | "unreachable", code: string | undefined, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
    this.code = code;
  }
}
