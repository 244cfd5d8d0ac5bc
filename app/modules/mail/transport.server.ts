import nodemailer from "nodemailer";
import type { Logger } from "~/lib/logger.server";

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The outbox row id; sent as Message-ID so a receiver can tell a retry from a new message. */
  id: string;
}

export interface MailTransport {
  readonly name: "smtp" | "log";
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The embedded default: the message goes to the log, the outbox keeps the record. */
export function createLogTransport(logger: Logger): MailTransport {
  return {
    name: "log",
    async send(mail) {
      logger.info({ mail: { id: mail.id, to: mail.to, subject: mail.subject, text: mail.text } }, "mail (log transport)");
    },
    close() {},
  };
}

export function createSmtpTransport(url: string, domain: string): MailTransport {
  const transporter = nodemailer.createTransport(url, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
  return {
    name: "smtp",
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: `<${mail.id}@${domain}>`,
      });
    },
    close() {
      transporter.close();
    },
  };
}
