import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutResponse, Product } from "~/modules/catalogue/types";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";

/** Issue 9, finding 10: a script may not empty the built-in store's shelves nor mail anyone it likes. */
describe("the built-in checkout's limits, on the built server", () => {
  let server: BoutiqueServer;
  beforeAll(async () => {
    server = await startBoutique({ CHECKOUT_RATE_LIMIT: "3", ORDER_RATE_LIMIT: "2" });
  });
  afterAll(() => server?.stop("SIGKILL"));

  const createCheckout = (merchandiseId: string, quantity = 1) =>
    fetch(`${server.url}/api/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lines: [{ merchandiseId, quantity }] }),
    });
  const placeOrder = (path: string, name: string, email: string) =>
    fetch(`${server.url}${path}`, { method: "POST", body: new URLSearchParams({ name, email }), redirect: "manual" });

  it("limits orders per client and carts per client, each with a 429 that says when to try again and stores nothing", async () => {
    const product = ((await (await fetch(`${server.url}/api/products/ruby-satin-slit-gown`)).json()) as { product: Product }).product;
    const variant = product.variants.find((v) => v.availableForSale)!;

    const paths: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await createCheckout(variant.id);
      expect(created.status).toBe(200);
      paths.push(new URL(((await created.json()) as Extract<CheckoutResponse, { ok: true }>).checkoutUrl).pathname);
    }
    // The fourth cart in the window.
    const refused = await createCheckout(variant.id);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const message = "Too many attempts. Please try again in 10 minutes.";
    expect(await refused.json()).toEqual({ ok: false, error: message, code: "TOO_MANY_REQUESTS", message });

    expect((await placeOrder(paths[0]!, "Ava Brooks", "ava@example.com")).status).toBe(303);
    expect((await placeOrder(paths[0]!, "Ava Brooks", "ava@example.com")).status).toBe(303);
    // Two orders' worth of tries from this client in the hour: the third is refused and places nothing.
    const third = await placeOrder(paths[1]!, "Bea Stone", "bea@example.com");
    expect(third.status).toBe(429);
    expect(await third.text()).toContain("Too many attempts. Please try again in 60 minutes.");
    const page = await (await fetch(`${server.url}${paths[1]}`)).text();
    expect(page).not.toMatch(/Order #(<!-- -->)?\d{4,}/);
    expect(server.logs().filter((l) => l.msg === "order placed" && l.status === "placed")).toHaveLength(1);
  });
});
