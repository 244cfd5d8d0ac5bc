import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "~/lib/script-priority.server";

/** Pushes the chunks through the stream and returns what came out. */
async function through(chunks: Array<string | Buffer>): Promise<string> {
  const stream = lowPriorityModulePreloads();
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer | string) => out.push(Buffer.from(chunk)));
  const done = new Promise<void>((resolve, reject) => {
    stream.on("end", resolve);
    stream.on("error", reject);
  });
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await done;
  return Buffer.concat(out).toString("utf8");
}

const page =
  '<head><link rel="preload" href="/f.woff2"/></head><body><p>Café — naïve</p>' +
  '<link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>' +
  '<script type="module">import("/assets/a.js")</script></body>';
const marked = page.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("low-priority module preloads", () => {
  it("marks every modulepreload link and leaves the rest of the page as it was", async () => {
    expect(await through([page])).toBe(marked);
  });

  it("marks a tag cut across chunks at any byte, and keeps a character cut across chunks whole", async () => {
    const bytes = Buffer.from(page, "utf8");
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(marked);
    }
  });

  it("marks tags in a page sent a byte at a time", async () => {
    const bytes = Buffer.from(page, "utf8");
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(marked);
  });

  it("leaves a page without module preloads byte for byte, even one ending in part of the tag", async () => {
    const plain = "<p>no scripts here</p><link rel=";
    expect(await through([plain])).toBe(plain);
  });
});
