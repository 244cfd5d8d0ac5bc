// Every request's id, CSP nonce and logger, and its one log line once answered.
import { randomBytes, randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "~/lib/logger.server";

declare module "express-serve-static-core" {
  interface Locals {
    requestId: string;
    nonce: string;
    logger: Logger;
  }
}

export function requestMeta(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    // A request id from the client is believed only when a trusted proxy (TRUST_PROXY) passed the request on.
    const trusted = req.app.get("trust proxy fn") as (address: string, hop: number) => boolean;
    const incoming = trusted(req.socket.remoteAddress ?? "", 0) ? req.get("x-request-id") : undefined;
    const requestId = incoming && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    res.locals.requestId = requestId;
    res.locals.nonce = randomBytes(16).toString("base64");
    res.locals.logger = logger.child({ reqId: requestId });
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = {
        reqId: requestId,
        method: req.method,
        // As the client sent it: the logger's redactor takes the secrets out of every line it writes.
        path: req.originalUrl,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      if (req.path.startsWith("/assets/")) logger.debug(line, "request");
      else logger.info(line, "request");
    });
    next();
  };
}
