import { Writable } from "node:stream";

export type LogFormat = "json" | "pretty";

/**
 * LOG_FORMAT when it is set; otherwise a person at a terminal gets sentences and
 * everything else (a log collector, a pipe, a test) gets JSON lines.
 */
export function chooseLogFormat(configured: LogFormat | undefined, stdout: { isTTY?: boolean }): LogFormat {
  return configured ?? (stdout.isTTY ? "pretty" : "json");
}

const LEVEL_LABELS: Record<number, string> = { 10: "trace ", 20: "debug ", 30: "", 40: "WARN ", 50: "ERROR ", 60: "FATAL " };
// Already said by the line itself, or the same on every line.
const UNSPOKEN = new Set(["level", "time", "msg", "service", "pid", "hostname", "reqId", "summary"]);

function clock(time: unknown): string {
  const date = new Date(typeof time === "string" || typeof time === "number" ? time : Date.now());
  return Number.isNaN(date.getTime()) ? "--:--:--" : date.toTimeString().slice(0, 8);
}

/** Nested fields as dotted keys, so `{ mail: { to } }` reads `mail.to=…`. */
function flatten(record: Record<string, unknown>, prefix = ""): [string, unknown][] {
  return Object.entries(record).flatMap(([key, value]) => {
    if (!prefix && UNSPOKEN.has(key)) return [];
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return flatten(value as Record<string, unknown>, name);
    return value === undefined ? [] : [[name, value] as [string, unknown]];
  });
}

/** One pino record as a person reads it: time, level when it matters, what happened, then the details. */
export function formatLogRecord(record: Record<string, unknown>): string {
  const time = clock(record.time);
  const level = LEVEL_LABELS[Number(record.level)] ?? "";
  if (typeof record.summary === "string") return `${time}  ${level}${record.summary}\n`;
  if (record.msg === "request" && record.method && record.path) {
    return `${time}  ${level}${String(record.method)} ${String(record.path)} → ${String(record.status)} (${String(record.ms)} ms)\n`;
  }
  const inline: string[] = [];
  const blocks: string[] = [];
  for (const [name, value] of flatten(record)) {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    // A stack trace or a mail's body reads better as it was written than squeezed onto the line.
    if (text.includes("\n")) blocks.push(`    ${name}:\n${text.replace(/^/gm, "      ")}`);
    else inline.push(`${name}=${/\s/.test(text) ? JSON.stringify(text) : text}`);
  }
  const message = typeof record.msg === "string" ? record.msg : "";
  return [`${time}  ${level}${[message, ...inline].filter(Boolean).join("  ")}`, ...blocks].join("\n") + "\n";
}

/** A pino destination that writes each JSON line to `out` as a readable line. */
export function humanReadableLog(out: NodeJS.WritableStream): Writable {
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      for (const line of String(chunk).split("\n")) {
        if (!line.trim()) continue;
        try {
          out.write(formatLogRecord(JSON.parse(line) as Record<string, unknown>));
        } catch {
          out.write(`${line}\n`);
        }
      }
      done();
    },
  });
}

export interface OpeningFacts {
  host: string;
  port: number;
  engine: "pglite" | "postgres";
  dataDir: string;
  databaseUrl?: string;
  store: string;
  mail: "smtp" | "log";
  smtpUrl?: string;
}

/** A URL's host, port and path without its user name or password. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
}

const ANY_OR_LOOPBACK = new Set(["127.0.0.1", "::1", "0.0.0.0", "::", "localhost"]);

/**
 * The first thing a person reads after `npm start`: where to open the boutique and
 * what it runs on. Never names a password: URLs lose their credentials.
 */
export function describeOpening(facts: OpeningFacts): string {
  const host = ANY_OR_LOOPBACK.has(facts.host) ? "localhost" : facts.host.includes(":") ? `[${facts.host}]` : facts.host;
  const database =
    facts.engine === "pglite"
      ? `embedded PostgreSQL (PGlite) in ${facts.dataDir}`
      : `PostgreSQL at ${facts.databaseUrl ? withoutCredentials(facts.databaseUrl) : "DATABASE_URL"}`;
  const mail =
    facts.mail === "log" ? "mail printed to the log" : `mail sent through ${facts.smtpUrl ? withoutCredentials(facts.smtpUrl) : "SMTP"}`;
  return `The Hive is open at http://${host}:${facts.port} — ${database} · ${facts.store} · ${mail}`;
}
