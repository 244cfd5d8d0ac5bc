import { pino, type Logger } from "pino";

export type { Logger };

/** JSON logs on stdout; one line per event, request lines carry `reqId`. */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      base: { service: "boutique" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ["req.headers.cookie", "req.headers.authorization"], remove: true },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
