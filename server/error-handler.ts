// The last handler: a 4xx raised below keeps its status, a database out of reach is 503 with Retry-After, anything
// else is logged and answered 500.
import type { NextFunction, Request, Response } from "express";
import { isDatabaseUnavailable, OUTAGE_HEADERS } from "~/db/outage.server";
import { BRAND } from "~/lib/brand";

/**
 * The answer while the database is out of reach: 503, Retry-After, no caching, and a plain page saying so (a proxy
 * may retry, a shopper reloads).
 */
export function answerOutage(res: Response) {
  res
    .status(503)
    .set(OUTAGE_HEADERS)
    .type("html")
    .send(
      '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
        `<title>Back in a moment | ${BRAND.name}</title><main><h1>Back in a moment</h1>` +
        "<p>We cannot reach our records just now. Please try again in a few seconds.</p></main></html>",
    );
}

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
  if (isDatabaseUnavailable(error)) {
    res.locals.logger?.warn({ err: error }, "the database is out of reach");
    if (!res.headersSent) answerOutage(res);
    return;
  }
  res.locals.logger?.error({ err: error }, "unhandled error");
  if (!res.headersSent) res.status(500).type("text/plain").send("Unexpected Application Error!");
}
