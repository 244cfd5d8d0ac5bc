import { readdirSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import type { CheckoutResponse, Product } from "~/modules/catalogue/types";
import { DEMO_DRESSES } from "~/modules/built-in-store/demo-collection";
import { SLOT_TIMES } from "~/modules/fittings/fittings";
import { boutiqueDatePlus } from "./boutique-date";
import { designForm } from "./shoppers";

// The writes a shopper makes, sent the way a browser without JavaScript sends them, for the outage tests: each
// resolves to whether the server acknowledged the write (its 2xx or redirect arrived), or to the connection's failure.

/** The limits a burst from one loopback address would hit, lifted; slots that take the whole burst. */
export const BURST_ENV = {
  BOOKING_RATE_LIMIT: "100000",
  CHECKOUT_RATE_LIMIT: "100000",
  ORDER_RATE_LIMIT: "100000",
  FITTING_SLOT_CAPACITY: "100",
} as const;

/** What came back: the status and Retry-After of an answer, or the connection's failure (its code as the status). */
export type Sent =
  | { acknowledged: true; status: number; retryAfter?: string | null }
  | { acknowledged: false; status: number | string; retryAfter?: string | null; detail?: string };

/** The code of a fetch that failed on its connection (undici's TypeError carries it as its cause), else the error. */
export const connectionFailure = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code ?? String(error);

/** Sends one request as a browser without JavaScript would (redirects not followed), reading the whole answer. */
export async function sendRequest(url: string, init: RequestInit = {}): Promise<Sent> {
  try {
    const response = await fetch(url, { redirect: "manual", ...init });
    await response.arrayBuffer();
    return { acknowledged: response.status < 400, status: response.status, retryAfter: response.headers.get("retry-after") };
  } catch (error) {
    return { acknowledged: false, status: connectionFailure(error) };
  }
}

/** Books fitting number `n` (a slot among the next days' 8, 100 a slot) through /fitting-room's form, under `email`. */
export function bookFitting(base: string, email: string, n: number): Promise<Sent> {
  const date = boutiqueDatePlus(7 + (Math.floor(n / SLOT_TIMES.length) % 20));
  const time = SLOT_TIMES[n % SLOT_TIMES.length]!;
  return sendRequest(`${base}/fitting-room`, { method: "POST", body: new URLSearchParams({ name: "Ada Burst", email, date, time }) });
}

let photoBytes: Promise<Buffer> | undefined;
/** A small JPEG photo, made once. */
export function burstPhoto(): Promise<Buffer> {
  photoBytes ??= sharp({ create: { width: 640, height: 480, channels: 3, background: "#d4a5a5" } })
    .jpeg()
    .toBuffer();
  return photoBytes;
}

/** A custom design request with `images` photos, posted to /custom-design/submit; answers the parsed JSON too. */
export async function sendDesignRequest(
  base: string,
  email: string,
  images = 1,
): Promise<Sent & { body?: { ok: boolean; formError?: string } }> {
  const body = designForm({ name: "Ada Burst", email, eventType: "wedding", vision: "A long lace gown with a low back" });
  const photo = await burstPhoto();
  for (let i = 0; i < images; i++) body.append("images", new File([new Uint8Array(photo)], `look-${i}.jpg`, { type: "image/jpeg" }));
  try {
    const response = await fetch(`${base}/custom-design/submit`, { method: "POST", body });
    const answer = (await response.json()) as { ok: boolean; formError?: string };
    return { acknowledged: response.status < 400, status: response.status, body: answer };
  } catch (error) {
    return { acknowledged: false, status: connectionFailure(error) };
  }
}

/** Every variant of the demo collection that is for sale, read through /api/products. */
export async function variantsForSale(base: string): Promise<string[]> {
  const ids: string[] = [];
  for (const dress of DEMO_DRESSES) {
    const { product } = (await (await fetch(`${base}/api/products/${dress.handle}`)).json()) as { product: Product };
    ids.push(...product.variants.filter((v) => v.availableForSale).map((v) => v.id));
  }
  return ids;
}

/** Creates a cart of one `variantId` and places the order under `email` through the checkout page's form. */
export async function placeOrder(base: string, variantId: string, email: string): Promise<Sent> {
  let checkoutPath: string;
  try {
    const created = await fetch(`${base}/api/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lines: [{ merchandiseId: variantId, quantity: 1 }] }),
    });
    const cart = (await created.json()) as CheckoutResponse;
    if (!cart.ok) return { acknowledged: false, status: created.status, detail: `checkout: ${cart.error}` };
    checkoutPath = new URL(cart.checkoutUrl).pathname;
  } catch (error) {
    return { acknowledged: false, status: connectionFailure(error) };
  }
  return sendRequest(`${base}${checkoutPath}`, { method: "POST", body: new URLSearchParams({ name: "Ada Burst", email }) });
}

/** Every file under `folder`, as paths relative to it (none when it does not exist). */
export function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}
