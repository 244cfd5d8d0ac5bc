import type { Route } from "./+types/images.gowns.$file";
import { ART_VERSION, ImageRendererBusy, renderGownImage, type ImageFormat } from "~/modules/built-in-store/built-in-store.server";

const FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(webp|avif|png)$/;

/**
 * GET /images/gowns/{key}.{webp|avif|png}?width=N&v=V: the demo collection's
 * pictures, drawn and encoded on first request at the nearest slot width.
 * A URL with the current artwork version is cached for a year.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const match = FILE.exec(params.file);
  if (!match) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const url = new URL(request.url);
  const width = Number(url.searchParams.get("width")) || null;
  let image;
  try {
    image = await renderGownImage(match[1]!, { width, format: match[2] as ImageFormat });
  } catch (error) {
    // Renders are queued, and the queue is bounded: past it, come back in a moment.
    if (!(error instanceof ImageRendererBusy)) throw error;
    return new Response("The pictures are being drawn; please try again in a moment.", {
      status: 429,
      headers: { "Content-Type": "text/plain", "Retry-After": "2", "Cache-Control": "no-store" },
    });
  }
  const cacheControl = !image.found
    ? "public, max-age=300"
    : url.searchParams.get("v") === ART_VERSION
      ? "public, max-age=31536000, immutable"
      : "public, max-age=86400";
  const headers = {
    "Content-Type": image.contentType,
    "Cache-Control": cacheControl,
    ETag: image.etag,
    "X-Image-Width": String(image.width),
  };
  if (request.headers.get("if-none-match") === image.etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.body), { headers: { ...headers, "Content-Length": String(image.body.length) } });
}
