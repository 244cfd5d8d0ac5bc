import { describe, expect, it } from "vitest";
import { ModulePreloadPriority } from "~/lib/script-priority.server";

/** Passes the pieces through one marker, as one page's stream does, and returns the page that comes out. */
function through(pieces: Buffer[]): string {
  const marker = new ModulePreloadPriority();
  return Buffer.concat([...pieces.map((piece) => marker.write(piece)), marker.end()]).toString("utf8");
}

const page =
  '<head><link rel="preload" href="/f.woff2"/></head><body><p>Café — naïve</p>' +
  '<link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>' +
  '<script type="module">import("/assets/a.js")</script></body>';
const marked = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
const bytes = Buffer.from(page, "utf8");

describe("low-priority module preloads", () => {
  it("marks every modulepreload link and leaves the rest of the page as it was", () => {
    expect(through([bytes])).toBe(marked);
  });

  it("marks a tag cut across pieces at any byte, and keeps a character cut across pieces whole", () => {
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(marked);
    }
  });

  it("marks tags in a page sent a byte at a time", () => {
    expect(through([...bytes].map((byte) => Buffer.from([byte])))).toBe(marked);
  });

  it("holds back only what could start a tag, and gives it back at the end", () => {
    const marker = new ModulePreloadPriority();
    expect(marker.write(Buffer.from("<p>no scripts here</p><link rel=")).toString()).toBe("<p>no scripts here</p>");
    expect(marker.end().toString()).toBe("<link rel=");
  });

  it("hands a piece without the tag on as it is, without copying it", () => {
    const marker = new ModulePreloadPriority();
    const piece = Buffer.from("<main><h1>Café — naïve</h1></main>");
    expect(marker.write(piece)).toBe(piece);
  });
});
