import { pino, type Logger } from "pino";

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

/** JSON logs on stdout; one line per event, request lines carry `reqId`. */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      base: { service: "boutique" },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { err: serializeError },
      redact: { paths: ["req.headers.cookie", "req.headers.authorization"], remove: true },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
