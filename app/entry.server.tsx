import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { requestContext } from "~/lib/context.server";
import { InlineStylesProvider } from "~/lib/inline-styles";
import { NonceProvider } from "~/lib/nonce";
import { lowPriorityModulePreloads } from "~/lib/script-priority.server";
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
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const html = lowPriorityModulePreloads();
          html.pipe(body);
          pipe(html);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
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

export function handleError(error: unknown, { request, context }: { request: Request; context: RouterContextProvider }) {
  // Aborted requests and expected answers (404, 405...) are not errors of ours.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const { logger } = context.get(requestContext);
  logger.error({ err: error, path: new URL(request.url).pathname }, "unhandled error in a loader or action");
}
