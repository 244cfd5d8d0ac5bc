import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { gownImagePath, versionedImageUrl } from "~/modules/built-in-store/gown-image-url";
import { DEMO_COLORS, DEMO_DRESSES, demoImages } from "~/modules/built-in-store/demo-collection";
import { configureGownImages, ImageRendererBusy, renderGownImage, snapWidth } from "~/modules/built-in-store/gown-images.server";
import { imageSrcSet, imageUrlAtWidth } from "~/lib/image-url";

describe("the demo collection's pictures", () => {
  const keys = DEMO_DRESSES.flatMap((d) => demoImages(d).map((i) => i.key));

  it("every picture has a unique key and a colour the palette knows", () => {
    expect(new Set(keys).size).toBe(keys.length);
    for (const dress of DEMO_DRESSES) for (const colour of dress.colors) expect(DEMO_COLORS[colour], colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("every picture renders to a WebP of the asked slot width, 4:5, with something drawn on it", async () => {
    const hashes = new Set<string>();
    for (const key of keys) {
      const image = await renderGownImage(key, { width: 96, format: "webp" });
      expect(image.found, key).toBe(true);
      const meta = await sharp(image.body).metadata();
      expect([meta.format, meta.width, meta.height], key).toEqual(["webp", 96, 120]);
      const { channels } = await sharp(image.body).stats();
      // A blank or single-colour image would have almost no spread.
      expect(Math.max(...channels.map((c) => c.stdev)), key).toBeGreaterThan(6);
      hashes.add(image.etag);
    }
    expect(hashes.size).toBe(keys.length);
  });

  it("renders the full size as AVIF too, and the same bytes the second time (from memory)", async () => {
    const first = await renderGownImage("starlight-sequin-mermaid-gown-front", { width: 1200, format: "avif" });
    expect(await sharp(first.body).metadata()).toMatchObject({ width: 1200, height: 1500 });
    expect(first.contentType).toBe("image/avif");
    const again = await renderGownImage("starlight-sequin-mermaid-gown-front", { width: 1200, format: "avif" });
    expect(again).toBe(first);
  });

  it("draws a placeholder gown for a key it does not know, so no image is ever broken", async () => {
    const image = await renderGownImage("no-such-gown-front", { width: 320, format: "webp" });
    expect(image.found).toBe(false);
    expect(await sharp(image.body).metadata()).toMatchObject({ format: "webp", width: 320, height: 400 });
  });

  it("rounds a requested width up to a rendered slot, never above the original", () => {
    expect(snapWidth(100)).toBe(160);
    expect(snapWidth(640)).toBe(640);
    expect(snapWidth(5000)).toBe(1200);
    expect(snapWidth(null)).toBe(1200);
    expect(snapWidth(Number.NaN)).toBe(1200);
    expect(snapWidth(-3)).toBe(1200);
  });
});

describe("rendering the pictures, bounded and kept", () => {
  const DEFAULTS = { cacheDir: null, concurrency: 2, queueLimit: 256, memoryBytes: 32 * 1024 * 1024 };

  it("keeps what it renders on disk, and reads it back from there once memory has let it go", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "gown-cache-"));
    // Nothing stays in memory: every second look must come from the disk.
    configureGownImages({ ...DEFAULTS, cacheDir, memoryBytes: 0 });
    try {
      const first = await renderGownImage("aurora-tulle-ball-gown-front", { width: 240, format: "png" });
      const [version] = readdirSync(cacheDir);
      const files = readdirSync(join(cacheDir, version!));
      expect(files).toEqual(["aurora-tulle-ball-gown-front-240-png"]);
      // Changed on disk: the next answer is the disk's, not a new render.
      const marked = Buffer.concat([first.body, Buffer.from("disk")]);
      writeFileSync(join(cacheDir, version!, files[0]!), marked);
      const again = await renderGownImage("aurora-tulle-ball-gown-front", { width: 240, format: "png" });
      expect(again.body.equals(marked)).toBe(true);
      expect(again).toMatchObject({ contentType: "image/png", width: 240, height: 300, found: true });
      expect(again.etag).not.toBe(first.etag);
    } finally {
      configureGownImages(DEFAULTS);
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it("renders a bounded number at once, queues a bounded number, and refuses the rest as busy", async () => {
    configureGownImages({ ...DEFAULTS, concurrency: 1, queueLimit: 2, memoryBytes: 0 });
    try {
      const keys = DEMO_DRESSES.slice(0, 6).map((d) => demoImages(d)[0]!.key);
      const results = await Promise.allSettled(keys.map((key) => renderGownImage(key, { width: 160, format: "webp" })));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(refused).toHaveLength(3);
      for (const r of refused) expect(r.reason).toBeInstanceOf(ImageRendererBusy);
      // Once the queue has drained, the refused come through.
      const later = await renderGownImage(keys[5]!, { width: 160, format: "webp" });
      expect(later.found).toBe(true);
    } finally {
      configureGownImages(DEFAULTS);
    }
  });
});

describe("image URLs for slots", () => {
  it("add a width to our own and to Shopify's CDN URLs", () => {
    expect(imageUrlAtWidth(versionedImageUrl(gownImagePath("a-front")), 320)).toBe("/images/gowns/a-front.webp?v=1&width=320");
    expect(imageUrlAtWidth("https://cdn.shopify.com/s/files/1/0001/gown.jpg?v=17", 640)).toBe(
      "https://cdn.shopify.com/s/files/1/0001/gown.jpg?v=17&width=640",
    );
  });

  it("make a srcset no wider than the original", () => {
    expect(imageSrcSet({ url: "/images/gowns/a.webp", width: 320 }, [160, 320, 640])).toBe(
      "/images/gowns/a.webp?width=160 160w, /images/gowns/a.webp?width=320 320w",
    );
  });
});
