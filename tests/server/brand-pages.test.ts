import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";

let server: BoutiqueServer;
beforeAll(async () => {
  server = await startBoutique();
});
afterAll(() => server.stop("SIGKILL"));

describe("brand pages on the production server", () => {
  it.each([
    ["/", "Your Story"],
    ["/our-story", "Made for the Moments You Will Remember"],
    ["/journal", "Notes from the Fitting Room"],
    ["/faq", "Frequently Asked Questions"],
    ["/newsletter", "Join the Hive"],
  ])("%s answers 200 with its content in the HTML", async (path, text) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(text);
  });

  it("inlines the stylesheet, and every font it names is served", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain("<style data-inline-styles");
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const fonts = [...new Set([...html.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map((m) => m[1]!))];
    // Per family: the core face (scripts/subset-fonts.mjs), the rest of Latin, Latin Extended.
    expect(fonts.length).toBe(6);
    for (const font of fonts) expect((await fetch(`${server.url}${font}`)).status, font).toBe(200);
  });

  it("preloads the page's scripts at low priority, behind the fonts the first paint waits for", async () => {
    const html = await (await fetch(`${server.url}/weddings`)).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads.length).toBeGreaterThan(3);
    for (const link of preloads) expect(link).toContain('fetchpriority="low"');
    // The fonts preloaded are the two core faces, cut to the boutique's characters: well under fontsource's files.
    const fonts = [...html.matchAll(/<link[^>]+rel="preload"[^>]+href="(\/assets\/[^"]+\.woff2)"/g)].map((m) => m[1]!);
    expect(fonts.map((font) => font.replace(/-[\w-]{8}\.woff2$/, ""))).toEqual(["/assets/cormorant-garamond-core", "/assets/inter-core"]);
    for (const font of fonts) expect((await (await fetch(`${server.url}${font}`)).arrayBuffer()).byteLength).toBeLessThan(30_000);
  });

  it("answers a bad or missing unsubscribe token with a clear page, never a 500", async () => {
    for (const query of ["", "?token=", "?token=abc", "?token=00000000-0000-4000-8000-000000000000.AAAA", `?token=${"x".repeat(5000)}`]) {
      const response = await fetch(`${server.url}/newsletter/unsubscribe${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.text()).toContain("This link has lost its way");
    }
    const posted = await fetch(`${server.url}/newsletter/unsubscribe`, { method: "POST", body: new URLSearchParams({ token: "nope" }) });
    expect(posted.status).toBe(400);
  });

  it("refuses a sign-up whose body is not a form with 415, not a 500", async () => {
    const response = await fetch(`${server.url}/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("application/x-www-form-urlencoded");
  });
});
