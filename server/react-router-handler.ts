import { Transform, type Readable } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { OUTAGE_HEADERS } from "~/db/outage.server";

/**
 * Express → React Router, after the request guard: the Fetch request is built
 * on the origin the guard chose (APP_URL or one of its loopback aliases), with
 * the body the guard has already read and checked, so React Router never sees
 * a Host header, a body or a method it cannot cope with.
 */
export function reactRouterHandler(options: {
  /** A function in development (the build changes under Vite), the loaded build in production. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
  uploadLimit: number;
  /** A 5xx answered while the database is out of reach is a 503 with Retry-After: the failure was not the page's. */
  outage: { readonly down: boolean };
}) {
  const handle = createRequestHandler(options.build, process.env.NODE_ENV);
  return async (req: Request, res: Response, next: NextFunction) => {
    const guarded = res.locals.guarded;
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || name === "host") continue;
        for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
      }
      headers.set("host", new URL(guarded.origin).host);
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
      if (guarded.body && guarded.body.length > 0) init.body = new Uint8Array(guarded.body);
      else if (guarded.kind === "form" && req.method !== "GET" && req.method !== "HEAD") {
        // No body on a form route is an empty form: an action reads no fields and says which are missing (not a 500 from formData()).
        headers.set("content-type", "application/x-www-form-urlencoded");
        init.body = new Uint8Array(0);
      } else if (guarded.stream) {
        init.body = createReadableStreamFromReadable(
          req.pipe(countBytes(options.uploadLimit)) as Readable & { readableHighWaterMark: number },
        );
        init.duplex = "half";
      }
      const request = new Request(`${guarded.origin}${req.originalUrl}`, init);
      const response = await handle(request, options.getLoadContext(req, res));
      if (res.destroyed || res.writableEnded) {
        await response.body?.cancel();
        return;
      }
      const outage = response.status >= 500 && options.outage.down;
      res.statusMessage = outage ? "Service Unavailable" : response.statusText;
      res.status(outage ? 503 : response.status);
      if (outage) res.setHeader("Retry-After", OUTAGE_HEADERS["Retry-After"]);
      // A route's header replaces the server's default of the same name (one Referrer-Policy, not two); only cookies add up.
      for (const [key, value] of response.headers.entries()) {
        if (key === "set-cookie") res.append(key, value);
        else res.setHeader(key, value);
      }
      if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
      if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      if (res.destroyed || res.writableEnded) return;
      next(error);
    }
  };
}

/** Upload bodies stream through this: past the cap the stream fails with a 413 the error handler keeps. */
function countBytes(cap: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > cap) callback(Object.assign(new Error(`The upload is larger than ${cap} bytes.`), { status: 413 }));
      else callback(null, chunk);
    },
  });
}
