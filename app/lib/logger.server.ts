import { pino, type Logger } from "pino";
import { Redactor } from "./redact-secrets";

export type { Logger };

/**
 * How an error reaches the log: pass it as `err` (`logger.error({ err }, "…")`)
 * and this keeps its type, message, stack, code and cause. A failed query's
 * bound parameters (a customer's name or email) are dropped: drizzle puts
 * them in the message after "params:", pg in `parameters`.
 */
export function serializeError(value: unknown): unknown {
  return describeError(value, 0);
}

function describeError(value: unknown, depth: number): unknown {
  if (!(value instanceof Error)) return typeof value === "object" && value !== null ? value : { message: String(value) };
  const described: Record<string, unknown> = {
    type: value.name,
    message: withoutParameters(value.message),
    stack: value.stack ? withoutParameters(value.stack) : undefined,
  };
  const code = (value as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") described.code = code;
  if (value.cause !== undefined && depth < 3) described.cause = describeError(value.cause, depth + 1);
  return described;
}

function withoutParameters(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, "\nparams: [redacted]");
}

/**
 * JSON logs on stdout; one line per event, request lines carry `reqId`. Every line passes through `redactor`
 * as it is written, whatever field, message or error carries a URL or a header: the one place secrets are
 * taken out of the log (give it the routes whose path segments are secrets).
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream, redactor = new Redactor()): Logger {
  return pino(
    {
      level,
      base: { service: "boutique" },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError },
      hooks: { streamWrite: (line) => redactor.line(line) },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
