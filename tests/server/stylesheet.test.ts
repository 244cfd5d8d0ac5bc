import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";

// The stylesheet inlined on a first view, linked afterwards (docs/decisions/0014-stylesheet-inlined-once.md).
let server: BoutiqueServer;
beforeAll(async () => {
  server = await startBoutique();
});
afterAll(() => server.stop("SIGKILL"));

const PAGE = "/product/magnolia-lace-ball-gown";
const INLINE = /<style data-inline-styles="">([\s\S]*?)<\/style>/;
const LINKED = /<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)" data-app-stylesheet=""\/>/;

function stylesheetCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith("hive_css="));
}

/** The page with its stylesheet, its nonces and React's streamed ids taken out: what is left must not differ. */
function withoutStylesheet(html: string): string {
  return html
    .replace(INLINE, "")
    .replace(LINKED, "")
    .replace(/nonce="[^"]*"/g, "");
}

describe("the stylesheet: inlined on a first view, linked on later ones", () => {
  it("inlines it on a first view, with nothing else fetched before the first paint, and sets a first-party cookie that names only the file", async () => {
    const response = await fetch(`${server.url}${PAGE}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(INLINE);
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    // The file is prefetched by the page's script once it has loaded (tests/e2e/stylesheet.spec.ts), not from the <head>.
    expect(html).not.toMatch(/<link[^>]+rel="prefetch"/);
    const cookie = stylesheetCookie(response);
    // Plain HTTP on loopback: no Secure (it is added when APP_URL is https).
    expect(cookie).toMatch(/^hive_css=app-[\w-]+\.css; Path=\/; Max-Age=2592000; SameSite=Lax; HttpOnly$/);
    expect(response.headers.get("vary")).toMatch(/\bCookie\b/);
  });

  it("links the cached file when the cookie names the current stylesheet, and the page is otherwise the same", async () => {
    const first = await fetch(`${server.url}${PAGE}`);
    const firstHtml = await first.text();
    const cookie = stylesheetCookie(first)!.split(";", 1)[0]!;
    const later = await fetch(`${server.url}${PAGE}`, { headers: { cookie: `theme=dark; ${cookie}` } });
    expect(later.status).toBe(200);
    expect(stylesheetCookie(later)).toBeUndefined();
    const html = await later.text();
    expect(html).not.toMatch(INLINE);
    const file = LINKED.exec(html)?.[1];
    expect(file).toBe(`/assets/${cookie.slice("hive_css=".length)}`);
    expect(html.length).toBeLessThan(firstHtml.length - 40_000);
    expect(withoutStylesheet(html)).toBe(withoutStylesheet(firstHtml));
  });

  it("inlines again, and renews the cookie, when the cookie names another (older) stylesheet", async () => {
    const response = await fetch(`${server.url}/`, { headers: { cookie: "hive_css=app-0ld0ne.css" } });
    expect(await response.text()).toMatch(INLINE);
    expect(stylesheetCookie(response)).toMatch(/^hive_css=app-[\w-]+\.css;/);
    expect(stylesheetCookie(response)).not.toContain("app-0ld0ne.css");
  });

  it("serves the file with a year-long immutable cache, compressed, with the very text that is inlined", async () => {
    const firstResponse = await fetch(`${server.url}/`);
    const first = await firstResponse.text();
    const inlined = INLINE.exec(first)![1]!;
    const file = `/assets/${stylesheetCookie(firstResponse)!.split(";", 1)[0]!.slice("hive_css=".length)}`;
    const response = await fetch(`${server.url}${file}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect((await response.text()).trimEnd()).toBe(inlined.trimEnd());
  });

  it("keeps the CSP either way: styles from this origin (the file) and inline, scripts only with the response's nonce", async () => {
    const first = await fetch(`${server.url}/`);
    const cookie = stylesheetCookie(first)!.split(";", 1)[0]!;
    for (const response of [first, await fetch(`${server.url}/`, { headers: { cookie } })]) {
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("default-src 'self'");
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      const html = await response.text();
      // Every script that runs carries the nonce (JSON-LD is data, not a script that runs).
      const running = [...html.matchAll(/<script\b([^>]*)>/g)]
        .map((match) => match[1]!)
        .filter((attributes) => !attributes.includes('type="application/ld+json"'));
      expect(running.length).toBeGreaterThan(0);
      expect(running.filter((attributes) => !attributes.includes(`nonce="${nonce}"`))).toEqual([]);
    }
  });

  it("sets no cookie on an answer without a page: a HEAD, a data request, a JSON route", async () => {
    const head = await fetch(`${server.url}/`, { method: "HEAD" });
    expect(stylesheetCookie(head)).toBeUndefined();
    const data = await fetch(`${server.url}${PAGE}.data`);
    expect(data.status).toBe(200);
    expect(stylesheetCookie(data)).toBeUndefined();
    const json = await fetch(`${server.url}/api/products/magnolia-lace-ball-gown`);
    expect(stylesheetCookie(json)).toBeUndefined();
  });
});
