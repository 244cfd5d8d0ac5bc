import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, assert, describe, expect, it } from "vitest";
import { reencodeImage } from "~/modules/uploads/images.server";
import { receiveUpload, UploadRefused } from "~/modules/uploads/receive.server";
import { MarkupScanner, sniffImage } from "~/modules/uploads/sniff.server";
import { folderStore } from "~/modules/uploads/store.server";
import { storeImages } from "~/modules/uploads/uploads.server";
import { checkChosenFiles, displayName, MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from "~/modules/uploads/uploads";

const work = mkdtempSync(join(tmpdir(), "uploads-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const picture = (format: "jpeg" | "png" | "webp" | "avif") => {
  const blank = sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 160, b: 90 } } });
  return blank.toFormat(format).toBuffer();
};

function formRequest(parts: [string, string | File][]): Request {
  const body = new FormData();
  for (const [name, value] of parts) body.append(name, value);
  return new Request("http://localhost/custom-design", { method: "POST", body });
}

const file = (bytes: Uint8Array | string, name: string, type = "image/jpeg") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
const options = (tmpDir = join(work, "tmp")) => ({ tmpDir, fileFields: ["images"], maxFiles: 6, maxFileBytes: MAX_IMAGE_BYTES });

describe("sniffing: the bytes decide, not the name", () => {
  it.each(["jpeg", "png", "webp", "avif"] as const)("recognises a real %s", async (format) => {
    expect(await sniffImage(await picture(format))).toBe(format === "jpeg" ? "image/jpeg" : `image/${format}`);
  });

  it("recognises HEIC from its ftyp box", async () => {
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypheic"),
      Buffer.alloc(4),
      Buffer.from("mif1heic"),
      Buffer.alloc(64),
    ]);
    expect(await sniffImage(heic)).toBe("image/heic");
  });

  it("refuses text named .jpg, a GIF, a PDF and nothing at all", async () => {
    expect(await sniffImage(Buffer.from("just some text, honestly a photo"))).toBeNull();
    expect(await sniffImage(Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"))).toBeNull();
    expect(await sniffImage(Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1"))).toBeNull();
    expect(await sniffImage(new Uint8Array())).toBeNull();
  });

  it("finds markup in a polyglot, even split across chunks", () => {
    const scanner = new MarkupScanner();
    scanner.push(Buffer.from("\xff\xd8\xff\xe0 lots of bytes <scr", "latin1"));
    expect(scanner.found).toBe(false);
    scanner.push(Buffer.from("IPT>alert(1)</script>"));
    expect(scanner.found).toBe(true);
  });
});

describe("limits in the browser's own check", () => {
  it("counts and sizes", () => {
    expect(checkChosenFiles([])).toBeNull();
    expect(checkChosenFiles(Array.from({ length: 6 }, (_, i) => ({ name: `${i}.jpg`, size: 1000 })))).toBeNull();
    expect(checkChosenFiles(Array.from({ length: 7 }, (_, i) => ({ name: `${i}.jpg`, size: 1000 })))).toBe(UPLOAD_MESSAGES.tooMany);
    expect(checkChosenFiles([{ name: "big.jpg", size: MAX_IMAGE_BYTES + 1 }])).toBe(UPLOAD_MESSAGES.tooLarge("big.jpg"));
  });

  it("names files safely in messages", () => {
    expect(displayName("C:\\photos\\gown.jpg")).toBe("gown.jpg");
    expect(displayName("../../etc/passwd")).toBe("passwd");
    expect(displayName("a\u0000b\u001f.png")).toBe("ab.png");
    expect(displayName("")).toBe("A file");
    expect(displayName(`${"x".repeat(100)}.jpg`)).toHaveLength(80);
  });
});

describe("receiving a multipart form as a stream", () => {
  it("reads the fields and keeps real images in the temporary folder, then cleans up", async () => {
    const tmpDir = join(work, "ok");
    const received = await receiveUpload(
      formRequest([
        ["name", "Ada"],
        ["vision", "A gown of midnight silk"],
        ["images", file(await picture("png"), "lace.png", "image/png")],
        ["images", file(await picture("jpeg"), "neckline.JPG")],
      ]),
      options(tmpDir),
    );
    expect(received.problem).toBeNull();
    expect(received.fields).toMatchObject({ name: "Ada", vision: "A gown of midnight silk" });
    expect(received.files.map((f) => [f.name, f.type])).toEqual([
      ["lace.png", "image/png"],
      ["neckline.JPG", "image/jpeg"],
    ]);
    expect(readdirSync(tmpDir)).toHaveLength(2);
    await received.cleanup();
    expect(readdirSync(tmpDir)).toHaveLength(0);
  });

  it("skips an empty file input (no file chosen)", async () => {
    const received = await receiveUpload(
      formRequest([
        ["name", "Ada"],
        ["images", file("", "", "application/octet-stream")],
      ]),
      options(),
    );
    expect(received.problem).toBeNull();
    expect(received.files).toEqual([]);
    await received.cleanup();
  });

  it("refuses a renamed non-image, whatever its name and type claim", async () => {
    const received = await receiveUpload(formRequest([["images", file("MZ this is a program, not a photo", "holiday.jpg")]]), options());
    expect(received.problem).toEqual({ field: "images", message: UPLOAD_MESSAGES.notImage("holiday.jpg") });
    expect(received.files).toEqual([]);
    await received.cleanup();
  });

  it("refuses a polyglot: a real PNG carrying a script", async () => {
    const polyglot = Buffer.concat([await picture("png"), Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
    const received = await receiveUpload(formRequest([["images", file(polyglot, "innocent.png", "image/png")]]), options());
    expect(received.problem?.message).toBe(UPLOAD_MESSAGES.notImage("innocent.png"));
    await received.cleanup();
  });

  it("refuses a file past 10 MB without keeping it whole", async () => {
    const big = Buffer.concat([await picture("jpeg"), Buffer.alloc(MAX_IMAGE_BYTES + 10)]);
    const tmpDir = join(work, "big");
    const received = await receiveUpload(formRequest([["images", file(big, "huge.jpg")]]), options(tmpDir));
    expect(received.problem?.message).toBe(UPLOAD_MESSAGES.tooLarge("huge.jpg"));
    await received.cleanup();
    expect(readdirSync(tmpDir)).toHaveLength(0);
  });

  it("refuses a seventh image", async () => {
    const png = await picture("png");
    const parts: [string, File][] = Array.from({ length: 7 }, (_, i) => ["images", file(png, `${i}.png`, "image/png")]);
    const received = await receiveUpload(formRequest(parts), options());
    expect(received.problem?.message).toBe(UPLOAD_MESSAGES.tooMany);
    await received.cleanup();
  });

  it("refuses a body that is not multipart (415)", async () => {
    const request = new Request("http://localhost/custom-design", { method: "POST", body: new URLSearchParams({ name: "Ada" }) });
    await expect(receiveUpload(request, options())).rejects.toMatchObject({ status: 415 });
    await expect(receiveUpload(request, options())).rejects.toBeInstanceOf(UploadRefused);
  });

  it("refuses a multipart body cut short (400)", async () => {
    const body = '--XyZ\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff';
    const request = new Request("http://localhost/custom-design", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=XyZ" },
      body,
    });
    await expect(receiveUpload(request, options())).rejects.toMatchObject({ status: 400 });
  });
});

describe("re-encoding", () => {
  it("writes WebP with no metadata (the GPS location included) and a thumbnail", async () => {
    const withGps = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#c8a060" } })
      .jpeg()
      .withExif({ IFD0: { Make: "Phone", Model: "Camera" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 4/1 0/1" } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const path = join(work, "gps.jpg");
    writeFileSync(path, withGps);
    const processed = await reencodeImage({ field: "images", name: "gps.jpg", path, bytes: withGps.length, type: "image/jpeg" });
    const full = await sharp(processed.full).metadata();
    expect(full.format).toBe("webp");
    expect(full.exif).toBeUndefined();
    expect(full.xmp).toBeUndefined();
    expect([full.width, full.height]).toEqual([2000, 1333]);
    const thumb = await sharp(processed.thumb).metadata();
    expect(Math.max(thumb.width, thumb.height)).toBe(480);

    const store = folderStore(join(work, "store"));
    const kept = await storeImages(
      [{ field: "images", name: "gps.jpg", path, bytes: withGps.length, type: "image/jpeg" }],
      store,
      "design-requests",
    );
    assert(kept.ok, "the photo is kept");
    expect(kept.images[0]).toMatchObject({ width: 2000, height: 1333, sourceType: "image/jpeg" });
    expect(await store.open(kept.images[0]!.thumbKey)).not.toBeNull();
  });

  it("refuses a file that claims JPEG but does not decode", async () => {
    const path = join(work, "broken.jpg");
    writeFileSync(path, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]));
    const store = folderStore(join(work, "store"));
    const kept = await storeImages(
      [{ field: "images", name: "broken.jpg", path, bytes: 504, type: "image/jpeg" }],
      store,
      "design-requests",
    );
    expect(kept).toEqual({ ok: false, problem: { field: "images", message: UPLOAD_MESSAGES.unreadable("broken.jpg") } });
  });

  it("keeps storage keys to its own shape", async () => {
    const store = folderStore(join(work, "store"));
    await expect(store.put("../escape.webp", Buffer.from("x"))).rejects.toThrow(/not a storage key/);
  });
});
