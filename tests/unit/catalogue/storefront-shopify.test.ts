import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCatalogue, StorefrontError, type CatalogueService } from "~/modules/catalogue/catalogue.server";
import { PAYMENT_REQUIRED_NOTICE } from "~/modules/catalogue/types";
import { shopifyAnswer, shopifyProduct, startFakeStorefront, type FakeStorefront } from "../../helpers/fake-storefront";

/**
 * The catalogue against a Shopify store, played by a local HTTP server that
 * answers in the Storefront API's format. Every SPEC §8 error is produced
 * by the real client from a real HTTP exchange.
 */
let store: FakeStorefront;
let catalogue: CatalogueService;
const TOKEN = "shpat_public_storefront_token_1234";

beforeAll(async () => {
  store = await startFakeStorefront((request) => shopifyAnswer(request));
});
afterAll(() => store.close());

function connect(timeoutMs = 2_000) {
  catalogue = createCatalogue({
    config: { store: { kind: "shopify", endpoint: store.endpoint, token: TOKEN, domain: "the-hive.myshopify.com" }, timeoutMs },
  });
  return catalogue;
}
afterEach(async () => {
  store.answer((request) => shopifyAnswer(request));
  store.requests.length = 0;
  await catalogue?.close();
});

async function failure(promise: Promise<unknown>): Promise<StorefrontError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StorefrontError);
    return error as StorefrontError;
  }
  throw new Error("expected the call to fail");
}

describe("requests to a Shopify store", () => {
  it("POST the document as JSON {query, variables} to the 2025-07 endpoint with the public token header", async () => {
    const { product } = await connect().getProduct("satin-gown");
    expect(product?.title).toBe("Satin Gown");
    const [request] = store.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/api/2025-07/graphql.json");
    expect(request?.headers["x-shopify-storefront-access-token"]).toBe(TOKEN);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(Object.keys(JSON.parse(request!.raw) as object).sort()).toEqual(["query", "variables"]);
    expect(request?.body?.query).toMatch(/^query CatalogueProduct\(\$handle: String!\) \{\n {2}product\(handle: \$handle\)/);
    expect(request?.body?.query).not.toContain("productByHandle");
    expect(request?.body?.variables).toEqual({ handle: "satin-gown" });
  });

  it("reshapes Shopify's edges and nodes into the app's own product type", async () => {
    const { product } = await connect().getProduct("satin-gown");
    expect(product).toEqual({
      id: "gid://shopify/Product/101001",
      title: "Satin Gown",
      description: "A satin gown.",
      handle: "satin-gown",
      // Only the boutique's own collections are kept.
      collections: ["prom"],
      priceRange: { minVariantPrice: { amount: "249.0", currencyCode: "USD" } },
      images: [{ url: "https://cdn.shopify.com/s/files/1/0001/satin-gown.jpg", altText: "A satin gown", width: 1600, height: 2000 }],
      variants: [
        {
          id: "gid://shopify/ProductVariant/4000",
          title: "S / Ruby",
          price: { amount: "249.0", currencyCode: "USD" },
          availableForSale: true,
          quantityAvailable: 5,
          selectedOptions: [
            { name: "Size", value: "S" },
            { name: "Color", value: "Ruby" },
          ],
          image: { url: "https://cdn.shopify.com/s/files/1/0001/satin-gown.jpg", altText: "A satin gown", width: 1600, height: 2000 },
        },
        {
          id: "gid://shopify/ProductVariant/4001",
          title: "M / Ruby",
          price: { amount: "249.0", currencyCode: "USD" },
          availableForSale: true,
          quantityAvailable: 5,
          selectedOptions: [
            { name: "Size", value: "M" },
            { name: "Color", value: "Ruby" },
          ],
          image: null,
        },
      ],
      options: [
        { name: "Size", values: ["S", "M"] },
        { name: "Color", values: ["Ruby"] },
      ],
    });
  });

  it("lists with first (default 100) and reads a collection through collection(handle:)", async () => {
    const c = connect();
    await c.listProducts();
    expect(store.requests[0]?.body?.variables).toEqual({ first: 100 });
    const prom = await c.listProducts({ collection: "prom", first: 6 });
    expect(store.requests[1]?.body?.query).toMatch(/collection\(handle: \$handle\)/);
    expect(store.requests[1]?.body?.variables).toEqual({ handle: "prom", first: 6 });
    expect(prom.products.map((p) => p.handle)).toEqual(["satin-gown"]);
    expect(() => c.listProducts({ first: 0 })).toThrow(RangeError);
    expect(() => c.listProducts({ first: 251 })).toThrow(RangeError);
  });

  it("searches with the shopper's words as one escaped phrase and keeps only title or description matches, at most 5", async () => {
    const products = Array.from({ length: 8 }, (_, i) =>
      shopifyProduct({
        handle: `gown-${i}`,
        title: i % 2 ? `Lace Gown ${i}` : `Gown ${i}`,
        description: i === 2 ? 'Hand-made "LACE" trim.' : "Silk.",
      }),
    );
    products.push(
      shopifyProduct({ handle: "tag-only", title: "Tulle Gown", description: "Matched by a tag on Shopify, not by its words." }),
    );
    store.answer((request) => shopifyAnswer(request, products));
    const { products: found } = await connect().searchProducts("  lace  ");
    expect(store.requests[0]?.body?.variables).toEqual({ query: '"lace"', first: 10 });
    expect(found.map((p) => p.handle)).toEqual(["gown-1", "gown-2", "gown-3", "gown-5", "gown-7"]);
    await catalogue.searchProducts('say "yes"\\');
    expect(store.requests[1]?.body?.variables?.query).toBe('"say \\"yes\\"\\\\"');
  });

  it("does not call the store for fewer than 2 characters after trimming", async () => {
    const c = connect();
    expect(await c.searchProducts(" a ")).toEqual({ products: [], notice: null });
    expect(await c.searchProducts("")).toEqual({ products: [], notice: null });
    expect(store.requests).toHaveLength(0);
  });

  it("creates a cart with cartCreate lines of quantity and merchandiseId, and returns its checkout", async () => {
    const checkout = await connect().createCheckout([{ merchandiseId: "gid://shopify/ProductVariant/4000", quantity: 1 }]);
    expect(store.requests[0]?.body?.variables).toEqual({
      input: { lines: [{ merchandiseId: "gid://shopify/ProductVariant/4000", quantity: 1 }] },
    });
    expect(store.requests[0]?.body?.query).toContain("lines(first: 100)");
    expect(checkout).toEqual({
      cartId: "gid://shopify/Cart/c1-abc?key=xyz",
      checkoutUrl: "https://the-hive.myshopify.com/cart/c/c1-abc?key=xyz",
      totalQuantity: 1,
      total: { amount: "249.0", currencyCode: "USD" },
    });
  });
});

describe("SPEC §8 errors", () => {
  it("402: the 'Shopify: Payment required' notice with the billing-plan description, and an empty result", async () => {
    store.answer(() => ({ status: 402, json: { errors: "Unavailable Shop" } }));
    const c = connect();
    expect(await c.listProducts()).toEqual({ products: [], notice: PAYMENT_REQUIRED_NOTICE });
    expect(await c.getProduct("satin-gown")).toEqual({ product: null, notice: PAYMENT_REQUIRED_NOTICE });
    expect(await c.searchProducts("gown")).toEqual({ products: [], notice: PAYMENT_REQUIRED_NOTICE });
    expect(PAYMENT_REQUIRED_NOTICE.title).toBe("Shopify: Payment required");
    expect(PAYMENT_REQUIRED_NOTICE.description).toMatch(/requires an active Shopify billing plan/);
    // A checkout cannot be made from nothing: no URL, and the notice travels with the error.
    const error = await failure(c.createCheckout([{ merchandiseId: "gid://shopify/ProductVariant/4000", quantity: 1 }]));
    expect(error.message).toBe("No checkout URL returned from Shopify");
    expect(error.notice).toEqual(PAYMENT_REQUIRED_NOTICE);
  });

  it("a 402 answer is not cached: the store is asked again once it is paid for", async () => {
    store.answer(() => ({ status: 402, json: { errors: "Unavailable Shop" } }));
    const c = connect();
    await c.getProduct("satin-gown");
    store.answer((request) => shopifyAnswer(request));
    expect((await c.getProduct("satin-gown")).product?.handle).toBe("satin-gown");
  });

  it.each([401, 403, 404, 429, 500, 503])("HTTP %i throws 'HTTP error! status: {code}'", async (status) => {
    store.answer(() => ({ status, json: { errors: "[API] Invalid API key or access token (unrecognized login or wrong password)" } }));
    const error = await failure(connect().listProducts());
    expect(error.message).toBe(`HTTP error! status: ${status}`);
    expect(error.status).toBe(status);
  });

  it("GraphQL errors throw 'Error calling Shopify: ' and every message joined by commas", async () => {
    store.answer(() => ({
      json: {
        errors: [
          {
            message: "Field 'colour' doesn't exist on type 'Product'",
            locations: [{ line: 3, column: 5 }],
            extensions: { code: "undefinedField" },
          },
          { message: "Throttled", extensions: { code: "THROTTLED" } },
        ],
      },
    }));
    const error = await failure(connect().getProduct("satin-gown"));
    expect(error.message).toBe("Error calling Shopify: Field 'colour' doesn't exist on type 'Product', Throttled");
    expect(error.kind).toBe("graphql");
  });

  it("cart userErrors throw 'Cart creation failed: ' and their messages", async () => {
    store.answer(() => ({
      json: {
        data: {
          cartCreate: {
            cart: null,
            userErrors: [
              {
                field: ["input", "lines", "0", "merchandiseId"],
                message: "The merchandise with id gid://shopify/ProductVariant/1 does not exist.",
              },
              { field: ["input", "lines", "1", "quantity"], message: "The quantity must be at least 1." },
            ],
          },
        },
      },
    }));
    const error = await failure(connect().createCheckout([{ merchandiseId: "gid://shopify/ProductVariant/1", quantity: 1 }]));
    expect(error.message).toBe(
      "Cart creation failed: The merchandise with id gid://shopify/ProductVariant/1 does not exist., The quantity must be at least 1.",
    );
    expect(error.userErrors).toHaveLength(2);
  });

  it("a cart cut short for stock (warnings since 2024-10) is not opened: the error says which gown and what is left", async () => {
    const products = [shopifyProduct({ stock: 1 }), shopifyProduct({ handle: "lace-gown", title: "Lace Gown", available: false })];
    store.answer((request) => shopifyAnswer(request, products));
    const laceS = "gid://shopify/ProductVariant/5000";
    products[1]!.variants.edges[0]!.node.id = laceS;
    const error = await failure(
      connect().createCheckout([
        { merchandiseId: "gid://shopify/ProductVariant/4000", quantity: 2 },
        { merchandiseId: "gid://shopify/ProductVariant/4001", quantity: 1 },
        { merchandiseId: laceS, quantity: 1 },
      ]),
    );
    expect(store.requests.at(-1)?.body?.query).toContain("warnings");
    expect(error.kind).toBe("stock");
    expect(error.stock).toEqual([
      { merchandiseId: "gid://shopify/ProductVariant/4000", available: 1, name: "Satin Gown (S / Ruby)" },
      { merchandiseId: laceS, available: 0, name: null },
    ]);
    expect(error.message).toBe("Satin Gown (S / Ruby): only 1 left. A gown in your bag has sold out.");
  });

  it("reads what is left from the cart's lines when the token may not read quantityAvailable", async () => {
    store.answer((request) => {
      const answer = shopifyAnswer(request, [shopifyProduct({ stock: 2 })]) as { json: { data: { cartCreate: { cart: unknown } } } };
      const cart = answer.json.data.cartCreate.cart as { lines: { edges: { node: { merchandise: { quantityAvailable: unknown } } }[] } };
      for (const { node } of cart.lines.edges) node.merchandise.quantityAvailable = null;
      return answer;
    });
    const error = await failure(connect().createCheckout([{ merchandiseId: "gid://shopify/ProductVariant/4000", quantity: 3 }]));
    expect(error.stock).toEqual([{ merchandiseId: "gid://shopify/ProductVariant/4000", available: 2, name: "Satin Gown (S / Ruby)" }]);
  });

  it("a cart without a checkout URL throws 'No checkout URL returned from Shopify'", async () => {
    store.answer(() => ({ json: { data: { cartCreate: { cart: null, userErrors: [] } } } }));
    expect((await failure(connect().createCheckout([{ merchandiseId: "gid://shopify/ProductVariant/1", quantity: 1 }]))).message).toBe(
      "No checkout URL returned from Shopify",
    );
    store.answer(() => ({ json: { data: { cartCreate: null } } }));
    expect((await failure(connect().createCheckout([{ merchandiseId: "gid://shopify/ProductVariant/1", quantity: 1 }]))).message).toBe(
      "No checkout URL returned from Shopify",
    );
  });

  it("a slow answer times out instead of hanging", async () => {
    store.answer(() => ({ delayMs: 5_000, json: { data: { products: { edges: [] } } } }));
    const started = performance.now();
    const error = await failure(connect(300).listProducts());
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("The store did not answer within 300 ms");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("a body that stops half-way times out too", async () => {
    store.answer(() => ({ stallBody: true }));
    const error = await failure(connect(300).listProducts());
    expect(error.kind).toBe("timeout");
  });

  it("a dropped connection fails with a clear message", async () => {
    store.answer(() => ({ drop: true }));
    const error = await failure(connect().listProducts());
    expect(error.kind).toBe("network");
    expect(error.message).toMatch(/^Could not reach the store/);
  });

  it("a store that is not listening fails the same way", async () => {
    const gone = await startFakeStorefront();
    const endpoint = gone.endpoint;
    await gone.close();
    catalogue = createCatalogue({ config: { store: { kind: "shopify", endpoint, token: TOKEN, domain: null }, timeoutMs: 2_000 } });
    expect((await failure(catalogue.listProducts())).kind).toBe("network");
  });

  it("an answer that is not JSON is reported as such", async () => {
    store.answer(() => ({ text: "<html>Bad gateway</html>", contentType: "text/html" }));
    expect((await failure(connect().listProducts())).message).toBe("The store answered with something other than JSON");
  });

  it("errors are not cached: the next read asks again", async () => {
    store.answer(() => ({ status: 500, json: {} }));
    const c = connect();
    await failure(c.getProduct("satin-gown"));
    store.answer((request) => shopifyAnswer(request));
    expect((await c.getProduct("satin-gown")).product).not.toBeNull();
    expect(store.requests).toHaveLength(2);
  });
});
