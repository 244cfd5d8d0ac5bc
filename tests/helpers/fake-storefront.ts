import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A stand-in for Shopify's Storefront API on 127.0.0.1: it answers in the
 * API's own format (status codes, JSON bodies, error shapes) with whatever
 * the test scripts, and records every request. Not a mock of our code: the
 * real client talks to it over real HTTP.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: { query?: string; variables?: Record<string, unknown> } | null;
  raw: string;
}

export type FakeAnswer =
  | { status?: number; json?: unknown; text?: string; contentType?: string; delayMs?: number }
  /** Accept the request, then cut the connection without answering. */
  | { drop: true }
  /** Send the headers, then never finish the body. */
  | { stallBody: true };

export interface FakeStorefront {
  url: string;
  /** Where a store's Storefront API would live: {url}/api/2025-07/graphql.json */
  endpoint: string;
  requests: RecordedRequest[];
  answer(handler: (request: RecordedRequest) => FakeAnswer): void;
  close(): Promise<void>;
}

export async function startFakeStorefront(
  handler: (request: RecordedRequest) => FakeAnswer = () => ({ json: { data: {} } }),
): Promise<FakeStorefront> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      let body: RecordedRequest["body"];
      try {
        body = JSON.parse(raw) as RecordedRequest["body"];
      } catch {
        body = null;
      }
      const recorded: RecordedRequest = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, raw };
      requests.push(recorded);
      const reply = current(recorded);
      if ("drop" in reply) {
        req.socket.destroy();
        return;
      }
      if ("stallBody" in reply) {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.write('{"data":');
        return;
      }
      const send = () => {
        const status = reply.status ?? 200;
        const text = reply.text ?? JSON.stringify(reply.json ?? {});
        res.writeHead(status, { "Content-Type": reply.contentType ?? "application/json; charset=utf-8" });
        res.end(text);
      };
      if (reply.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) send();
        }, reply.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    endpoint: `${url}/api/2025-07/graphql.json`,
    requests,
    answer(next) {
      current = next;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A product as Shopify's Storefront API returns it for our documents. */
export function shopifyProduct(
  overrides: {
    handle?: string;
    title?: string;
    description?: string;
    collections?: string[];
    available?: boolean;
    /** Each variant's quantityAvailable (5 unless sold out), as a token with unauthenticated_read_product_inventory reads it. */
    stock?: number;
  } = {},
) {
  const handle = overrides.handle ?? "satin-gown";
  const money = { amount: "249.0", currencyCode: "USD" };
  return {
    id: `gid://shopify/Product/${handle.length}1001`,
    title: overrides.title ?? "Satin Gown",
    description: overrides.description ?? "A satin gown.",
    handle,
    collections: { nodes: (overrides.collections ?? ["prom", "frontpage"]).map((h) => ({ handle: h })) },
    priceRange: { minVariantPrice: money },
    options: [
      { name: "Size", optionValues: [{ name: "S" }, { name: "M" }] },
      { name: "Color", optionValues: [{ name: "Ruby" }] },
    ],
    images: {
      edges: [
        { node: { url: `https://cdn.shopify.com/s/files/1/0001/${handle}.jpg`, altText: "A satin gown", width: 1600, height: 2000 } },
      ],
    },
    variants: {
      edges: ["S", "M"].map((size, i) => ({
        node: {
          id: `gid://shopify/ProductVariant/${4000 + i}`,
          title: `${size} / Ruby`,
          availableForSale: overrides.available ?? true,
          quantityAvailable: overrides.stock ?? (overrides.available === false ? 0 : 5),
          image:
            i === 0
              ? { url: `https://cdn.shopify.com/s/files/1/0001/${handle}.jpg`, altText: "A satin gown", width: 1600, height: 2000 }
              : null,
          price: money,
          selectedOptions: [
            { name: "Size", value: size },
            { name: "Color", value: "Ruby" },
          ],
        },
      })),
    },
  };
}

/** Answers our documents the way a small Shopify store would. */
export function shopifyAnswer(
  request: RecordedRequest,
  products = [
    shopifyProduct(),
    shopifyProduct({ handle: "lace-gown", title: "Lace Gown", description: "Romantic lace.", collections: ["weddings"] }),
  ],
): FakeAnswer {
  const query = request.body?.query ?? "";
  if (query.startsWith("mutation CatalogueCartCreate")) return cartCreateAnswer(request, products);
  if (query.startsWith("query CatalogueProduct(")) {
    const handle = request.body?.variables?.handle;
    return { json: { data: { product: products.find((p) => p.handle === handle) ?? null } } };
  }
  if (query.startsWith("query CatalogueCollectionProducts")) {
    const handle = String(request.body?.variables?.handle);
    const inCollection = products.filter((p) => p.collections.nodes.some((c) => c.handle === handle));
    return { json: { data: { collection: { products: { edges: inCollection.map((node) => ({ node })) } } } } };
  }
  return { json: { data: { products: { edges: products.map((node) => ({ node })) } } } };
}

/**
 * cartCreate as Shopify answers it since 2024-10: the cart is made with what
 * is in stock, each line cut to its variant's quantityAvailable (left out
 * when none is left), and a warning says so (MERCHANDISE_NOT_ENOUGH_STOCK
 * on the cart line, MERCHANDISE_OUT_OF_STOCK); stock is never a userError.
 */
function cartCreateAnswer(request: RecordedRequest, products: ReturnType<typeof shopifyProduct>[]): FakeAnswer {
  const input = request.body?.variables?.input as { lines?: { merchandiseId: string; quantity: number }[] } | undefined;
  const variants = products.flatMap((p) => p.variants.edges.map(({ node }) => ({ ...node, product: { title: p.title } })));
  const lines: { id: string; quantity: number; merchandise: Record<string, unknown> }[] = [];
  const warnings: { code: string; message: string; target: string }[] = [];
  let cents = 0;
  for (const asked of input?.lines ?? []) {
    const variant = variants.find((v) => v.id === asked.merchandiseId);
    if (!variant) continue;
    const quantity = Math.min(asked.quantity, variant.quantityAvailable);
    const id = `gid://shopify/CartLine/${lines.length + 1}?cart=c1-abc`;
    if (quantity === 0) {
      warnings.push({
        code: "MERCHANDISE_OUT_OF_STOCK",
        message: `The product '${variant.product.title}' is already sold out.`,
        target: id,
      });
      continue;
    }
    if (quantity < asked.quantity)
      warnings.push({
        code: "MERCHANDISE_NOT_ENOUGH_STOCK",
        message: `Only ${quantity} items were added to your cart due to availability.`,
        target: id,
      });
    cents += Math.round(Number(variant.price.amount) * 100) * quantity;
    lines.push({
      id,
      quantity,
      merchandise: { id: variant.id, title: variant.title, quantityAvailable: variant.quantityAvailable, product: variant.product },
    });
  }
  return {
    json: {
      data: {
        cartCreate: {
          cart: {
            id: "gid://shopify/Cart/c1-abc?key=xyz",
            checkoutUrl: "https://the-hive.myshopify.com/cart/c/c1-abc?key=xyz",
            totalQuantity: lines.reduce((n, l) => n + l.quantity, 0),
            cost: { totalAmount: { amount: (cents / 100).toFixed(1), currencyCode: "USD" } },
            lines: { edges: lines.map((node) => ({ node })) },
          },
          userErrors: [],
          warnings,
        },
      },
    },
  };
}
