import type { MailStatus } from "~/db/constants";

/** A file sent with a message, e.g. a fitting's invitation (`text/calendar; method=REQUEST`). */
export interface MailAttachment {
  /** The name the recipient sees: letters, digits, spaces, `.`, `-`, `_`, `(` and `)`. */
  filename: string;
  /** A MIME type with optional parameters, e.g. `text/calendar; charset=utf-8; method=REQUEST`. */
  contentType: string;
  /** The bytes to send; a string is sent as its UTF-8 bytes. Arrives exactly as given. */
  content: Uint8Array | string;
}

export interface MailMessage {
  /** What kind of mail this is, for the admin view and the logs (e.g. "newsletter-welcome"). */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * Bulk mail only (newsletters): the one-click unsubscribe URL, sent as
   * `List-Unsubscribe` with `List-Unsubscribe-Post` (RFC 8058), so mail
   * clients can offer their own unsubscribe button. The URL must accept a
   * POST without a form token and without a browser's Origin header.
   */
  listUnsubscribeUrl?: string;
}

/** What the outbox keeps of one mail that the admins' view lists (neither body nor attachments). */
export interface OutboxFields {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
}
