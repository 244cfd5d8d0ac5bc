import type { Transporter } from "nodemailer";
import type { Logger } from "~/lib/logger.server";

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: OutgoingAttachment[];
  listUnsubscribeUrl?: string | null;
  /** The outbox row id; sent as Message-ID so a receiver can tell a retry from a new message. */
  id: string;
}

export interface MailTransport {
  readonly name: "smtp" | "log";
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** "ava@example.com" -> "example.com": enough to follow a delivery in the log without naming the person. */
export function recipientDomain(address: string): string {
  const at = address.lastIndexOf("@");
  return at >= 0 ? address.slice(at + 1).toLowerCase() : "(no domain)";
}

/**
 * The embedded default: nothing is sent. The log says that a mail went out,
 * to which domain, about what; never the address, the body or its links
 * (they hold tokens). The whole message stays in the outbox table.
 */
export function createLogTransport(logger: Logger): MailTransport {
  return {
    name: "log",
    async send(mail) {
      logger.info(
        { mail: { id: mail.id, toDomain: recipientDomain(mail.to), subject: mail.subject, attachments: mail.attachments?.length ?? 0 } },
        "mail (log transport)",
      );
    },
    close() {},
  };
}

export function createSmtpTransport(url: string, domain: string): MailTransport {
  // nodemailer loads with the first mail, not at start-up: a server that has sent nothing does not hold it.
  let transporter: Promise<Transporter> | null = null;
  const ready = () =>
    (transporter ??= import("nodemailer")
      .then(({ default: nodemailer }) =>
        nodemailer.createTransport(url, {
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        } as never),
      )
      .catch((error: unknown) => {
        // Not kept: the outbox retries the mail, and the next try starts again.
        transporter = null;
        throw error;
      }));
  return {
    name: "smtp",
    async send(mail) {
      await (
        await ready()
      ).sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: `<${mail.id}@${domain}>`,
        // base64 whatever the type: the bytes arrive exactly as stored, line endings included.
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          contentTransferEncoding: "base64",
          contentDisposition: "attachment",
        })),
        ...(mail.listUnsubscribeUrl
          ? { list: { unsubscribe: mail.listUnsubscribeUrl }, headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
          : {}),
      });
    },
    close() {
      // A load that failed has nothing to close (and its rejection was the sender's to handle).
      void transporter?.then(
        (opened) => opened.close(),
        () => {},
      );
    },
  };
}
