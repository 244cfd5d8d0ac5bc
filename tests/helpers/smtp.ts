import { createServer, type Server } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  /** Header lines as sent, unfolded: key in lower case, value after the colon. */
  headers: { key: string; value: string }[];
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves when `count` messages matching `predicate` have arrived. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, options?: { count?: number; timeoutMs?: number }): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const unfold = (line: string) => line.replace(/\r?\n[ \t]+/g, " ");

/** A part's Content-Type with its parameters, e.g. `text/calendar; charset=utf-8; method=REQUEST`. */
function contentTypeOf(header: unknown): string | undefined {
  if (!header || typeof header !== "object" || !("value" in header)) return undefined;
  const { value, params = {} } = header as { value: string; params?: Record<string, string> };
  return [value, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)].join("; ");
}

/** A free TCP port on loopback (nothing listens on it once this resolves). */
export async function freePort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpServer(port?: number): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            messageId: parsed.messageId ?? "",
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? "",
              contentType: contentTypeOf(a.headers.get("content-type")) ?? a.contentType,
              content: a.content,
            })),
            headers: parsed.headerLines.map((h) => ({ key: h.key, value: unfold(h.line).replace(/^[^:]*:\s*/, "") })),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", () => resolve());
  });
  return {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    received,
    waitFor(predicate, { count = 1, timeoutMs = 15_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const matches = received.filter(predicate);
          if (matches.length >= count) {
            cleanup();
            resolve(matches);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(`timed out waiting for ${count} mail(s); received ${received.length}: ${received.map((m) => m.subject).join(", ")}`),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
