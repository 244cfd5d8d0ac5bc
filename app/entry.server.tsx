import { Writable } from "node:stream";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/lib/context.server";
import { NonceProvider } from "~/lib/nonce";
import { ModulePreloadPriority } from "~/lib/script-priority.server";
import { StylesheetProvider, type StylesheetDelivery } from "~/lib/stylesheet";
import appCss from "~/styles/app.css?inline";
import stylesheetFile from "~/styles/app.css?url";

/**
 * The cookie that says "this browser has been sent the stylesheet's file":
 * its value is the file's fingerprinted name, the same for every visitor, so
 * it tells us nothing about anyone; a new stylesheet (a new name) is inlined
 * once again. docs/decisions/0014-stylesheet-inlined-once.md.
 */
const STYLESHEET_COOKIE = "hive_css";
const STYLESHEET_COOKIE_DAYS = 30;
const stylesheetVersion = stylesheetFile.slice(stylesheetFile.lastIndexOf("/") + 1);

/**
 * A first view gets the stylesheet inlined (no second request before the first
 * paint) and the cookie; later views link the file, cached for a year. Both
 * draw the same page. Development links it through Vite, which hot-reloads it.
 */
function deliverStylesheet(request: Request, responseHeaders: Headers): StylesheetDelivery {
  if (import.meta.env.DEV) return { inline: "" };
  // The document depends on the cookie (as it does on the session's): a shared cache must not give one visitor's to another.
  responseHeaders.append("Vary", "Cookie");
  const cookies = request.headers.get("cookie") ?? "";
  if (cookies.split(/;\s*/).includes(`${STYLESHEET_COOKIE}=${stylesheetVersion}`)) return { link: stylesheetFile };
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  responseHeaders.append(
    "Set-Cookie",
    `${STYLESHEET_COOKIE}=${stylesheetVersion}; Path=/; Max-Age=${STYLESHEET_COOKIE_DAYS * 86_400}; SameSite=Lax; HttpOnly${secure}`,
  );
  return { inline: appCss };
}

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, logger } = loadContext.get(requestContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider delivery={deliverStylesheet(request, responseHeaders)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        // A Suspense boundary whose content is ready stays in place in the document (HydrateSeparately's sections).
        // By default React moves one larger than 12.8 KB out of line, to be put in place by a script later:
        // hidden without JavaScript, and shown a frame or more after the rest of the page.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const html = new FlushedChunks({
            onFinished() {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
            onCancel: () => abort(),
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(html);
          resolve(new Response(html.readable, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error after the shell was sent");
        },
      },
    );
  });
}

/**
 * React's output, handed on one piece per flush. React writes the document in
 * 4 KB pieces and calls `flush()` when a burst is complete (the shell, then
 * each boundary that resolves): passing each piece on would cost a trip
 * through the web stream, the compressor and the socket per 4 KB. Nothing is
 * held back past a flush, so streaming stays as it was. On the way, the
 * scripts' preloads are marked low priority (lib/script-priority.server.ts).
 */
class FlushedChunks extends Writable {
  #pending: Buffer[] = [];
  #scripts = new ModulePreloadPriority();
  #controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  readonly #onFinished: () => void;
  /** What the response sends. */
  readonly readable: ReadableStream<Uint8Array>;

  constructor({ onFinished, onCancel }: { onFinished: () => void; onCancel: () => void }) {
    super();
    this.#onFinished = onFinished;
    this.readable = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.#controller = controller;
      },
      cancel: () => {
        this.#controller = null;
        onCancel();
      },
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.#pending.push(chunk);
    callback();
  }

  /** Called by React at the end of each burst of writes. */
  flush() {
    if (this.#pending.length === 0) return;
    const pending = this.#pending;
    this.#pending = [];
    const bytes = this.#scripts.write(pending.length === 1 ? pending[0]! : Buffer.concat(pending));
    if (bytes.length > 0) this.#controller?.enqueue(bytes);
  }

  override _final(callback: (error?: Error | null) => void) {
    this.flush();
    const rest = this.#scripts.end();
    if (rest.length > 0) this.#controller?.enqueue(rest);
    this.#controller?.close();
    this.#controller = null;
    this.#onFinished();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (error) this.#controller?.error(error);
    this.#controller = null;
    this.#onFinished();
    callback(error);
  }
}

export function handleError(error: unknown, { request, context }: { request: Request; context: RouterContextProvider }) {
  // Aborted requests and expected answers (404, 405...) are not errors of ours.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const { logger } = context.get(requestContext);
  // A database out of reach is said once by the watch, and answered 503 with Retry-After (server/app.ts).
  context.get(servicesContext).databaseOutage.report(error);
  logger.error({ err: error, path: new URL(request.url).pathname }, "unhandled error in a loader or action");
}
