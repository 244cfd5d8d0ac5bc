// The last handler: a 4xx raised below keeps its status, anything else is logged and answered 500.
import type { NextFunction, Request, Response } from "express";

export function errorHandler(error: unknown, _req: Request, res: Response, _next: NextFunction) {
  // A 4xx raised anywhere below (a static file's bad path, an upload past its cap) keeps its status.
  const given =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof given === "number" && given >= 400 && given < 500) {
    res.locals.logger?.info({ status: given, reason: error instanceof Error ? error.message : String(error) }, "request refused");
    if (given === 413) res.setHeader("Connection", "close");
    if (!res.headersSent)
      res
        .status(given)
        .type("text/plain")
        .send(error instanceof Error && given !== 404 ? error.message : "Not found");
    return;
  }
  res.locals.logger?.error({ err: error }, "unhandled error");
  if (!res.headersSent) res.status(500).type("text/plain").send("Unexpected Application Error!");
}
