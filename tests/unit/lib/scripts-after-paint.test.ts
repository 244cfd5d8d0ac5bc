import { describe, expect, it } from "vitest";
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from "~/lib/scripts-after-paint";
import { InertScripts } from "~/lib/scripts-after-paint.server";

/** Passes the pieces through one rewriter, as one page's stream does, and returns the page that comes out. */
function through(pieces: Buffer[]): string {
  const rewriter = new InertScripts();
  return Buffer.concat([...pieces.map((piece) => rewriter.write(piece)), rewriter.end()]).toString("utf8");
}

const page =
  '<head><link rel="preload" href="/f.woff2"/><link rel="modulepreload" href="/assets/a.js"/></head><body><p>Café — naïve</p>' +
  '<link rel="modulepreload" href="/assets/b.js"/><script>var x="module";</script>' +
  '<script nonce="n" type="module" async="">import "/assets/a.js";</script></body>';
const inert = page
  .replaceAll('<link rel="modulepreload"', `<link rel="${INERT_PRELOAD_REL}"`)
  .replace('type="module" async=""', `type="${INERT_MODULE_TYPE}" async=""`);
const bytes = Buffer.from(page, "utf8");

describe("scripts sent inert", () => {
  it("rewrites every modulepreload link and the hydration module, and leaves the rest of the page as it was", () => {
    const out = through([bytes]);
    expect(out).toBe(inert);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toContain('type="module"');
    expect(out).toContain('<link rel="preload" href="/f.woff2"/>');
  });

  it("rewrites a tag cut across pieces at any byte, and keeps a character cut across pieces whole", () => {
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(inert);
    }
  });

  it("rewrites tags in a page sent a byte at a time", () => {
    expect(through([...bytes].map((byte) => Buffer.from([byte])))).toBe(inert);
  });

  it("holds back only what could start a pattern, and gives it back at the end", () => {
    const rewriter = new InertScripts();
    expect(rewriter.write(Buffer.from("<p>no scripts here</p><link rel=")).toString()).toBe("<p>no scripts here</p>");
    expect(rewriter.end().toString()).toBe("<link rel=");
    expect(rewriter.write(Buffer.from('<script type="module" as')).toString()).toBe("<script ");
    expect(rewriter.end().toString()).toBe('type="module" as');
  });

  it("hands a piece without a pattern on as it is, without copying it", () => {
    const rewriter = new InertScripts();
    const piece = Buffer.from("<main><h1>Café — naïve</h1></main>");
    expect(rewriter.write(piece)).toBe(piece);
  });
});
