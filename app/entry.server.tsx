import { Writable } from "node:stream";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestContext } from "~/lib/context.server";
import { InlineStylesProvider } from "~/lib/inline-styles";
import { NonceProvider } from "~/lib/nonce";
import appCss from "~/styles/app.css?inline";

// Production inlines the stylesheet (see inline-styles.tsx); development
// links it so that Vite can hot-reload it.
const inlineCss = import.meta.env.DEV ? "" : appCss;

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
        <InlineStylesProvider css={inlineCss}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStylesProvider>
      </NonceProvider>,
      {
        nonce,
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
 * held back past a flush, so streaming stays as it was.
 */
class FlushedChunks extends Writable {
  #pending: Buffer[] = [];
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
    this.#controller?.enqueue(pending.length === 1 ? pending[0]! : Buffer.concat(pending));
  }

  override _final(callback: (error?: Error | null) => void) {
    this.flush();
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
  logger.error({ err: error, path: new URL(request.url).pathname }, "unhandled error in a loader or action");
}
