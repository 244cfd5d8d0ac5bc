import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResponse, Product, SearchResponse } from "~/modules/catalogue/types";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { shopifyAnswer, shopifyProduct, startFakeStorefront, type FakeStorefront } from "../helpers/fake-storefront";
import { spawnNode, tempDir } from "../helpers/processes";

const MAIN = fileURLToPath(new URL("../../server/main.js", import.meta.url));

const postJson = (url: string, body: unknown, headers: Record<string, string> = { "content-type": "application/json" }) =>
  fetch(url, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });

describe("the built-in store, served", () => {
  let server: BoutiqueServer;
  beforeAll(async () => {
    server = await startBoutique();
  });
  afterAll(() => server.stop("SIGKILL"));

  const product = async (handle: string) =>
    ((await (await fetch(`${server.url}/api/products/${handle}`)).json()) as { product: Product }).product;

  it("says at start-up which store is in use, and that it seeded the demo collection", () => {
    const line = server.logs().find((l) => typeof l.msg === "string" && l.msg.startsWith("catalogue:"));
    expect(line).toMatchObject({
      msg: "catalogue: built-in storefront (demo collection, no Shopify account)",
      store: "built-in",
      seeded: true,
    });
    expect(line!.demoProducts as number).toBeGreaterThanOrEqual(24);
    expect(server.logs().find((l) => l.msg === "boutique listening")).toMatchObject({ catalogue: "built-in" });
  });

  it("GET /api/search answers the popover's JSON: at most 5 matches with image, title and minimum price", async () => {
    const response = await fetch(`${server.url}/api/search?q=${encodeURIComponent("  LACE ")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as SearchResponse;
    expect(body.query).toBe("LACE");
    expect(body.notice).toBeNull();
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(5);
    for (const r of body.results) {
      expect(Object.keys(r).sort()).toEqual(["handle", "id", "image", "price", "title"]);
      expect(r.image?.url).toMatch(/^\/images\/gowns\//);
      expect(r.price.currencyCode).toBe("USD");
    }
    expect(((await (await fetch(`${server.url}/api/search?q=a`)).json()) as SearchResponse).results).toEqual([]);
    const tooLong = await fetch(`${server.url}/api/search?q=${"x".repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ error: "Search for at most 100 characters." });
  });

  it("GET /api/products/:handle answers one product in the app's shape, 404 for none", async () => {
    const p = await product("juliette-romantic-tulle-gown");
    expect(p.title).toBe("Juliette Romantic Tulle Gown");
    expect(p.variants.length).toBe(12);
    expect((await fetch(`${server.url}/api/products/no-such-gown`)).status).toBe(404);
  });

  it("serves the gowns as WebP at slot widths with a year-long cache, and answers revalidation with 304", async () => {
    const p = await product("oglethorpe-cathedral-satin-gown");
    const url = `${server.url}${p.images[0]!.url}&width=600`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-image-width")).toBe("640");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const again = await fetch(url, { headers: { "if-none-match": response.headers.get("etag")! } });
    expect(again.status).toBe(304);
    const avif = await fetch(`${server.url}/images/gowns/oglethorpe-cathedral-satin-gown-back.avif?v=1&width=160`);
    expect(avif.headers.get("content-type")).toBe("image/avif");
  });

  it("never shows a broken image: an unknown picture gets the placeholder gown (briefly cached); a malformed name 404s", async () => {
    const unknown = await fetch(`${server.url}/images/gowns/retired-gown-front.webp?width=320`);
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get("content-type")).toBe("image/webp");
    expect(unknown.headers.get("cache-control")).toBe("public, max-age=300");
    expect((await fetch(`${server.url}/images/gowns/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${server.url}/images/gowns/Gown.gif`)).status).toBe(404);
  });

  describe("POST /api/checkout", () => {
    it.each<[string, string | object, Record<string, string> | undefined, number, string]>([
      [
        "a form post",
        "lines=1",
        { "content-type": "application/x-www-form-urlencoded" },
        415,
        "Send the lines as JSON (Content-Type: application/json).",
      ],
      ["broken JSON", "{lines:", undefined, 400, "The request body is not valid JSON."],
      ["no lines", { lines: [] }, undefined, 400, "Your bag is empty: add a dress before checking out."],
      ["lines that are not a list", { lines: "gown" }, undefined, 400, "lines must be a list of { merchandiseId, quantity }"],
      [
        "a fractional quantity",
        { lines: [{ merchandiseId: "gid://hive/ProductVariant/1", quantity: 1.5 }] },
        undefined,
        400,
        "Each line needs a whole-number quantity",
      ],
    ])("refuses %s with a clear message", async (_name, body, headers, status, error) => {
      const response = await postJson(`${server.url}/api/checkout`, body, headers);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ ok: false, error });
    });

    it("answers GET with 405", async () => {
      const response = await fetch(`${server.url}/api/checkout`);
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    });

    it("answers an unknown variant with SPEC's 'Cart creation failed' and the user errors", async () => {
      const response = await postJson(`${server.url}/api/checkout`, {
        lines: [{ merchandiseId: "gid://hive/ProductVariant/00000000-0000-4000-8000-000000000000", quantity: 1 }],
      });
      expect(response.status).toBe(422);
      const body = (await response.json()) as Extract<CheckoutResponse, { ok: false }>;
      expect(body.error).toBe(
        "Cart creation failed: The merchandise with id gid://hive/ProductVariant/00000000-0000-4000-8000-000000000000 does not exist.",
      );
      expect(body.userErrors).toHaveLength(1);
    });

    it("answers a bag the shelf cannot fill with 409 and what is left of each gown, by name", async () => {
      const primrose = await product("evening-primrose-velvet-dress");
      const soldOut = primrose.variants.find((v) => !v.availableForSale)!;
      const ruby = await product("ruby-satin-slit-gown");
      const few = ruby.variants.find((v) => v.availableForSale)!;
      const response = await postJson(`${server.url}/api/checkout`, {
        lines: [
          { merchandiseId: few.id, quantity: few.quantityAvailable! + 1 },
          { merchandiseId: soldOut.id, quantity: 1 },
        ],
      });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        ok: false,
        error: `Ruby Satin Slit Gown (${few.title}): only ${few.quantityAvailable} left. A gown in your bag has sold out.`,
        stock: [
          { merchandiseId: few.id, available: few.quantityAvailable, name: `Ruby Satin Slit Gown (${few.title})` },
          { merchandiseId: soldOut.id, available: 0, name: null },
        ],
      });
    });
  });

  it("a shopper checks out: the checkout URL leads to this site's checkout page, where the order is placed", async () => {
    const p = await product("river-street-modern-one-shoulder-gown");
    const variant = p.variants.find((v) => v.availableForSale)!;
    const created = await postJson(`${server.url}/api/checkout`, { lines: [{ merchandiseId: variant.id, quantity: 1 }] });
    expect(created.status).toBe(200);
    const checkout = (await created.json()) as Extract<CheckoutResponse, { ok: true }>;
    expect(checkout).toMatchObject({ ok: true, totalQuantity: 1, total: { amount: "1780.0", currencyCode: "USD" } });
    // On this site, at APP_URL (here its default, localhost on the server's port).
    expect(checkout.checkoutUrl.startsWith(`http://localhost:${server.port}/checkout/`)).toBe(true);
    const path = new URL(checkout.checkoutUrl).pathname;
    expect(path).toMatch(/^\/checkout\/[0-9a-f-]{36}$/);

    // The bag adds channel=online_store (SPEC §4); the page does not mind.
    const page = await fetch(`${server.url}${path}?channel=online_store`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain("River Street Modern One-Shoulder Gown");
    expect(html).toContain("USD $1,780.00");

    const invalid = await fetch(`${server.url}${path}`, {
      method: "POST",
      body: new URLSearchParams({ name: "  ", email: "not-an-email" }),
      redirect: "manual",
    });
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toContain("Name is required");
    expect(invalidHtml).toContain("Invalid email address");

    const placed = await fetch(`${server.url}${path}`, {
      method: "POST",
      body: new URLSearchParams({ name: "Ava Brooks", email: "ava@example.com" }),
      redirect: "manual",
    });
    expect(placed.status).toBe(303);
    expect(placed.headers.get("location")).toBe(path);
    const confirmation = await (await fetch(`${server.url}${path}`)).text();
    expect(confirmation).toMatch(/Thank you, (<!-- -->)?Ava(<!-- -->)?!/);
    expect(confirmation).toMatch(/Order #(<!-- -->)?\d{4,}/);
    const line = server.logs().find((l) => l.msg === "order placed");
    expect(line?.orderNumber as number).toBeGreaterThanOrEqual(1001);
    // The confirmation goes through the outbox (the log transport by default), which logs the domain, never the address.
    const subject = `Your order #${line!.orderNumber as number} at The Hive Bridal & Formal`;
    await expect
      .poll(
        () => server.logs().find((l) => l.msg === "mail (log transport)" && (l.mail as { subject: string }).subject === subject)?.mail,
        {
          timeout: 5_000,
        },
      )
      .toMatchObject({ toDomain: "example.com" });
    expect(server.logs().some((l) => JSON.stringify(l).includes("ava@example.com"))).toBe(false);
  });

  it("an unknown checkout is a 404 page, not an error", async () => {
    const response = await fetch(`${server.url}/checkout/00000000-0000-4000-8000-000000000000`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("We couldn&#x27;t find this checkout");
    expect((await fetch(`${server.url}/checkout/not-even-an-id`)).status).toBe(404);
  });
});

describe("a Shopify store, configured by the environment", () => {
  let store: FakeStorefront;
  const running: BoutiqueServer[] = [];
  beforeAll(async () => {
    store = await startFakeStorefront((request) => shopifyAnswer(request));
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop("SIGKILL")));
    store.answer((request) => shopifyAnswer(request));
  });
  afterAll(() => store.close());

  async function start(env: Record<string, string> = {}) {
    const server = await startBoutique({
      SHOPIFY_STOREFRONT_API_URL: store.endpoint,
      SHOPIFY_STOREFRONT_ACCESS_TOKEN: "public-token-0123",
      ...env,
    });
    running.push(server);
    return server;
  }

  it("is used instead of the built-in store, and the log says so", async () => {
    const server = await start();
    expect(server.logs().find((l) => typeof l.msg === "string" && l.msg.startsWith("catalogue:"))).toMatchObject({
      msg: `catalogue: Shopify store ${new URL(store.url).host} (Storefront API 2025-07)`,
      store: "shopify",
    });
    const body = (await (await fetch(`${server.url}/api/search?q=lace`)).json()) as SearchResponse;
    expect(body.results.map((r) => r.handle)).toEqual(["lace-gown"]);
    const request = store.requests.at(-1)!;
    expect(request.headers["x-shopify-storefront-access-token"]).toBe("public-token-0123");
    const checkout = (await (
      await postJson(`${server.url}/api/checkout`, { lines: [{ merchandiseId: "gid://shopify/ProductVariant/4000", quantity: 1 }] })
    ).json()) as CheckoutResponse;
    expect(checkout).toMatchObject({ ok: true, checkoutUrl: "https://the-hive.myshopify.com/cart/c/c1-abc?key=xyz" });
  });

  it("a Shopify cart cut short for stock answers 409 with what is left, read from the store's answer", async () => {
    const server = await start();
    store.answer((request) => shopifyAnswer(request, [shopifyProduct({ stock: 1 })]));
    const response = await postJson(`${server.url}/api/checkout`, {
      lines: [{ merchandiseId: "gid://shopify/ProductVariant/4000", quantity: 2 }],
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      ok: false,
      error: "Satin Gown (S / Ruby): only 1 left.",
      stock: [{ merchandiseId: "gid://shopify/ProductVariant/4000", available: 1, name: "Satin Gown (S / Ruby)" }],
    });
  });

  it("passes SPEC §8's errors to the browser: the 402 notice, and HTTP errors as 502", async () => {
    const server = await start();
    store.answer(() => ({ status: 402, json: { errors: "Unavailable Shop" } }));
    const payment = (await (await fetch(`${server.url}/api/search?q=gown`)).json()) as SearchResponse;
    expect(payment).toMatchObject({ results: [], notice: { title: "Shopify: Payment required" } });
    const noCart = await postJson(`${server.url}/api/checkout`, {
      lines: [{ merchandiseId: "gid://shopify/ProductVariant/4000", quantity: 1 }],
    });
    expect(noCart.status).toBe(502);
    expect(await noCart.json()).toMatchObject({
      ok: false,
      error: "No checkout URL returned from Shopify",
      notice: { title: "Shopify: Payment required" },
    });
    store.answer(() => ({ status: 500, json: {} }));
    const failed = await fetch(`${server.url}/api/search?q=satin`);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: "HTTP error! status: 500" });
  });

  it("half a configuration stops the server at start-up, naming the missing variable", async () => {
    const child = spawnNode([MAIN], { SHOPIFY_STORE_DOMAIN: "the-hive.myshopify.com", DATA_DIR: tempDir(), PORT: "3999" });
    const { code } = await child.exited;
    expect(code).toBe(1);
    expect(child.stderr()).toContain("SHOPIFY_STOREFRONT_ACCESS_TOKEN: is required when SHOPIFY_STORE_DOMAIN is set");
  });
});
