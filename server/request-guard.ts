import type { NextFunction, Request, Response } from "express";

/**
 * One gate every request passes before static files, health checks and React
 * Router. It answers wrong requests with a 4xx of their own, so nothing below
 * it has to cope with them:
 *
 * - the body is read here, at most the cap of its route kind, counting bytes
 *   while they arrive; past the cap: 413 and `Connection: close`. Every other
 *   refusal comes after the body has been read, so a kept-alive socket stays
 *   usable for the next request;
 * - methods: GET, HEAD, POST, PUT, PATCH, DELETE; OPTIONS, TRACE and CONNECT
 *   405, anything else 501;
 * - the path must decode, and neither path nor query may hold control
 *   characters (400);
 * - the request's own origin comes from APP_URL, never from `Host`;
 * - every method but GET and HEAD must come from this site (`Origin`, else
 *   `Sec-Fetch-Site`): 403 otherwise;
 * - a body must have the content type its route kind takes (415) and parse
 *   (400), and its text fields may not hold control characters (400).
 */

export type BodyKind = "form" | "json" | "uploads";

export interface BodyRule {
  /** Matched against the decoded path. */
  path: RegExp;
  kind: BodyKind;
  /** What a body of the wrong type is told (415), in the route's own words. */
  wrongType?: string;
}

/**
 * Which routes take which bodies; the first match wins, anything else is a
 * `form` route. A route that accepts files opts into `uploads` here (and gets
 * UPLOAD_LIMIT_BYTES, streamed to it rather than buffered).
 */
export const BODY_RULES: BodyRule[] = [
  { path: /^\/api\/checkout$/, kind: "json", wrongType: "Send the lines as JSON (Content-Type: application/json)." },
  { path: /^\/api\//, kind: "json" },
  // The operator CLIs' loopback endpoints (admin:grant) speak JSON.
  { path: /^\/_ops\//, kind: "json" },
  // The custom design form carries inspiration images (streamed to the action, which checks each file).
  { path: /^\/custom-design(\.data|\/submit)?$/, kind: "uploads", wrongType: "The custom design form is sent as multipart/form-data." },
];

export interface GuardOptions {
  /** The public address (APP_URL). */
  appUrl: string;
  limits: Record<BodyKind, number>;
  rules?: BodyRule[];
}

/** What the guard found, for the React Router adapter. */
export interface GuardedRequest {
  /** Scheme and host the request's URL is built on: an allowed origin, never the raw Host header. */
  origin: string;
  /** The whole body (form and JSON kinds), or null when there was none. */
  body: Buffer | null;
  /** Upload routes: the body still streaming, counted against its cap. */
  stream: boolean;
  kind: BodyKind;
}

declare module "express-serve-static-core" {
  interface Locals {
    guarded: GuardedRequest;
  }
}

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
const KNOWN_NOT_ALLOWED = new Set(["OPTIONS", "TRACE", "CONNECT"]);
const ALLOW_HEADER = [...ALLOWED_METHODS].join(", ");
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];
// C0 controls and DEL; tab, LF and CR are text (a textarea holds line breaks).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_ANY = /[\u0000-\u001F\u007F]/;

export class RequestRefused extends Error {
  override name = "RequestRefused";
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

/** The origins this site answers as: APP_URL's, and on loopback its aliases on the same port. */
export function publicOrigins(appUrl: string): string[] {
  const url = new URL(appUrl);
  const origins = [url.origin];
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    const port = url.port ? `:${url.port}` : "";
    for (const host of LOOPBACK_HOSTS) origins.push(`${url.protocol}//${host}${port}`);
  }
  return [...new Set(origins)];
}

export function ruleFor(path: string, rules: BodyRule[] = BODY_RULES): BodyRule {
  return rules.find((rule) => rule.path.test(path)) ?? { path: /^/, kind: "form" };
}

function hasBody(req: Request): boolean {
  const length = req.headers["content-length"];
  if (length !== undefined) return Number(length) > 0;
  return req.headers["transfer-encoding"] !== undefined;
}

/** Reads the body while counting; null past the cap (the rest is left unread). */
function readCapped(req: Request, cap: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        cleanup();
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/** How long a refused connection goes on reading (and dropping) what its client still sends. */
const LINGER_MS = 2000;

/**
 * 413, then a lingering close (RFC 9112 §9.6). Closing a socket whose client is
 * still sending makes the kernel answer with a reset, and a reset can wipe our
 * 413 from the client's buffers before it has read it. So we send the answer,
 * close our side only, drop what still arrives for a moment, then close.
 */
function refuseTooLarge(res: Response, cap: number) {
  const socket = res.req.socket;
  res.setHeader("Connection", "close");
  // Node destroys a `Connection: close` socket as soon as the answer is out; end our side instead.
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  res.req.resume();
  res.status(413).type("text/plain").send(`The request body is too large (at most ${cap} bytes here).`);
}

function checkPath(rawUrl: string): void {
  const queryAt = rawUrl.indexOf("?");
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw new RequestRefused(400, "The address is not valid (a broken %-encoding).");
  }
  if (!path.startsWith("/")) throw new RequestRefused(400, "The address is not valid.");
  if (CONTROL_ANY.test(path)) throw new RequestRefused(400, "The address holds control characters.");
  if (queryAt !== -1) {
    const query = rawUrl.slice(queryAt + 1);
    // Each %-escape must be whole; URLSearchParams would quietly keep a broken one as text.
    if (/%(?![0-9a-fA-F]{2})/.test(query)) throw new RequestRefused(400, "The address is not valid (a broken %-encoding).");
    for (const [name, value] of new URLSearchParams(query)) {
      if (CONTROL_ANY.test(name) || CONTROL_ANY.test(value) || value.includes("\uFFFD"))
        throw new RequestRefused(400, "The address holds control characters or broken text.");
    }
  }
}

function checkOrigin(req: Request, allowed: string[]): string | null {
  const origin = req.get("origin");
  if (origin !== undefined) {
    if (allowed.includes(origin.toLowerCase())) return origin.toLowerCase();
    throw new RequestRefused(403, "This request did not come from this site.");
  }
  const site = req.get("sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    throw new RequestRefused(403, "This request did not come from this site.");
  }
  return null;
}

function mediaType(req: Request): { type: string; boundary?: string } | null {
  const header = req.get("content-type");
  if (!header) return null;
  const [type = "", ...params] = header.split(";");
  const boundary = params
    .map((p) => p.trim())
    .find((p) => p.toLowerCase().startsWith("boundary="))
    ?.slice("boundary=".length);
  return { type: type.trim().toLowerCase(), boundary };
}

function checkText(value: string, what: string) {
  if (CONTROL_IN_TEXT.test(value)) throw new RequestRefused(400, `The ${what} holds control characters.`);
}

function checkJsonStrings(value: unknown, depth = 0): void {
  if (depth > 32) throw new RequestRefused(400, "The JSON body is nested too deeply.");
  if (typeof value === "string") checkText(value, "JSON body");
  else if (Array.isArray(value)) for (const item of value) checkJsonStrings(item, depth + 1);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      checkText(key, "JSON body");
      checkJsonStrings(item, depth + 1);
    }
  }
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

async function checkBody(rule: BodyRule, req: Request, body: Buffer): Promise<void> {
  const kind = rule.kind;
  const media = mediaType(req);
  const accepted = kind === "json" ? ["application/json"] : kind === "uploads" ? ["multipart/form-data"] : FORM_TYPES;
  if (!media || !accepted.includes(media.type)) {
    throw new RequestRefused(415, rule.wrongType ?? `This address takes ${accepted.join(" or ")}.`, { Accept: accepted.join(", ") });
  }
  if (media.type === "application/json") {
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(body);
    } catch {
      throw new RequestRefused(400, "The JSON body is not valid UTF-8.");
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RequestRefused(400, "The request body is not valid JSON.");
    }
    checkJsonStrings(json);
    return;
  }
  if (media.type === "application/x-www-form-urlencoded") {
    const text = body.toString("utf8");
    if (/%(?![0-9a-fA-F]{2})/.test(text)) throw new RequestRefused(400, "The form body is not valid (a broken %-encoding).");
    for (const [name, value] of new URLSearchParams(text)) {
      checkText(name, "form");
      checkText(value, "form");
      if (value.includes("\uFFFD") || name.includes("\uFFFD"))
        throw new RequestRefused(400, "The form holds text that is not valid UTF-8.");
    }
    return;
  }
  // multipart/form-data: the platform's own parser decides, here rather than in an action.
  if (!media.boundary) throw new RequestRefused(400, "The multipart body has no boundary.");
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": req.get("content-type")! } }).formData();
  } catch {
    throw new RequestRefused(400, "The multipart body could not be read.");
  }
  for (const [name, value] of form) {
    checkText(name, "form");
    if (typeof value === "string") checkText(value, "form");
  }
}

export function requestGuard(options: GuardOptions) {
  const origins = publicOrigins(options.appUrl);
  const primary = origins[0]!;
  const rules = options.rules ?? BODY_RULES;

  return async (req: Request, res: Response, next: NextFunction) => {
    let path = req.path;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      // Refused below, once the body is out of the way.
    }
    const rule = ruleFor(path, rules);
    const kind = rule.kind;
    const cap = options.limits[kind];
    const declared = req.headers["content-length"] === undefined ? null : Number(req.headers["content-length"]);
    if (declared !== null && declared > cap) {
      refuseTooLarge(res, cap);
      return;
    }

    let body: Buffer | null = null;
    const streaming = kind === "uploads" && ALLOWED_METHODS.has(req.method) && req.method !== "GET" && req.method !== "HEAD";
    if (hasBody(req) && !streaming) {
      try {
        body = await readCapped(req, cap);
      } catch {
        // The client went away mid-body: nobody to answer.
        req.socket.destroy();
        return;
      }
      if (body === null) {
        refuseTooLarge(res, cap);
        return;
      }
    }

    try {
      if (!ALLOWED_METHODS.has(req.method)) {
        throw KNOWN_NOT_ALLOWED.has(req.method)
          ? new RequestRefused(405, `${req.method} is not allowed here.`, { Allow: ALLOW_HEADER })
          : new RequestRefused(501, `${req.method} is not supported.`, { Allow: ALLOW_HEADER });
      }
      checkPath(req.originalUrl);
      let origin = primary;
      // The request's URL is one of ours: the Host alias it names when it names one, else APP_URL's.
      const named = `${origins[0]!.split("//")[0]}//${(req.headers.host ?? "").toLowerCase()}`;
      if (origins.includes(named)) origin = named;
      // Behind a trusted TLS proxy (TRUST_PROXY), the page's origin says https.
      const allowed = req.protocol === "https" ? [...origins, ...origins.map((o) => o.replace(/^http:/, "https:"))] : origins;
      if (req.method !== "GET" && req.method !== "HEAD") {
        origin = checkOrigin(req, allowed) ?? origin;
        if (body && body.length > 0) await checkBody(rule, req, body);
        else if (streaming && hasBody(req)) {
          const media = mediaType(req);
          if (media?.type !== "multipart/form-data" || !media.boundary) {
            throw new RequestRefused(415, "This address takes multipart/form-data.", { Accept: "multipart/form-data" });
          }
        }
      }
      res.locals.guarded = { origin, body: req.method === "GET" || req.method === "HEAD" ? null : body, stream: streaming, kind };
    } catch (error) {
      if (!(error instanceof RequestRefused)) {
        next(error);
        return;
      }
      if (streaming) res.setHeader("Connection", "close");
      res.status(error.status).set(error.headers).set("Cache-Control", "no-store");
      // JSON routes answer in their own shape, { ok: false, error }.
      if (kind === "json") res.json({ ok: false, error: error.message });
      else res.type("text/plain").send(error.message);
      return;
    }
    next();
  };
}
