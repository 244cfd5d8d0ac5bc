import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBoutique, type BoutiqueServer, grantAdminRole } from "../helpers/boutique-server";
import { designForm, signUpShopper } from "../helpers/shoppers";
import { connectionFailure } from "../helpers/outage-traffic";

// The custom design form with inspiration images, end to end on the built
// server: streamed through the request guard's `uploads` kind, sniffed,
// re-encoded and stored; seen by the requester and staff only; bad files
// refused plainly; never a 5xx.

let server: BoutiqueServer;
const ADMIN_EMAIL = "atelier@example.com";
const cookies = { customer: "", other: "", admin: "" };
const statuses: number[] = [];

const signUp = (name: string, email: string) => signUpShopper(server.url, name, email);

const FIELDS = { name: "Ada Lovelace", email: "ada@example.com", eventType: "wedding", vision: "A long lace gown with a low back" };

async function post(path: string, files: [string, Uint8Array, string][], cookie = "", fields: Record<string, string> = FIELDS) {
  const body = designForm(fields);
  for (const [name, bytes, type] of files) body.append("images", new File([new Uint8Array(bytes)], name, { type }));
  const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { cookie }, body });
  statuses.push(response.status);
  return response;
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#d4a5a5" } })
    .jpeg()
    .withExif({ IFD0: { Model: "Phone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 4/1 0/1" } })
    .toBuffer();

beforeAll(async () => {
  server = await startBoutique({ ADMIN_EMAILS: ADMIN_EMAIL, UPLOAD_LIMIT_BYTES: String(30 * 1024 * 1024) });
  cookies.customer = await signUp("Cara Customer", "cara@example.com");
  cookies.other = await signUp("Otto Other", "otto@example.com");
  cookies.admin = await signUp("Bea Boss", ADMIN_EMAIL);
  await grantAdminRole(ADMIN_EMAIL, server.dataDir);
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGTERM");
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
});

describe("custom design images", { timeout: 180_000 }, () => {
  let imageUrls: { url: string; thumbUrl: string }[] = [];

  it("a signed-in shopper sends two photos; they are stored re-encoded, without their location", async () => {
    const response = await post(
      "/custom-design/submit",
      [
        ["veil.jpg", await photo(2400, 1600), "image/jpeg"],
        [
          "lace.png",
          await sharp({ create: { width: 300, height: 300, channels: 4, background: "#ffffff" } })
            .png()
            .toBuffer(),
          "image/png",
        ],
      ],
      cookies.customer,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; images: number; imageUrls: { url: string; thumbUrl: string }[] };
    expect(body).toMatchObject({ ok: true, images: 2 });
    imageUrls = body.imageUrls;
    expect(imageUrls).toHaveLength(2);

    const mine = await fetch(`${server.url}${imageUrls[0]!.url}`, { headers: { cookie: cookies.customer } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/webp");
    expect(mine.headers.get("cache-control")).toMatch(/^private/);
    const stored = Buffer.from(await mine.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 2000, 1333, undefined]);
    const thumb = await fetch(`${server.url}${imageUrls[0]!.thumbUrl}`, { headers: { cookie: cookies.customer } });
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(480);
  });

  it("the shopper finds them again later, on her account's Design Requests tab; another shopper's tab does not show them", async () => {
    const page = await (await fetch(`${server.url}/account/design-requests`, { headers: { cookie: cookies.customer } })).text();
    expect(page).toContain('aria-label="Inspiration images for your wedding gown"');
    for (const { url, thumbUrl } of imageUrls) {
      expect(page).toContain(`href="${url}"`);
      expect(page).toContain(`src="${thumbUrl}"`);
    }
    expect(page).toContain('alt="Inspiration image 2 of 2"');
    const theirs = await (await fetch(`${server.url}/account/design-requests`, { headers: { cookie: cookies.other } })).text();
    for (const { url } of imageUrls) expect(theirs).not.toContain(url);
  });

  it("staff see them; another shopper and a visitor do not", async () => {
    const url = `${server.url}${imageUrls[1]!.url}`;
    expect((await fetch(url, { headers: { cookie: cookies.admin } })).status).toBe(200);
    for (const cookie of [cookies.other, ""]) {
      const refused = await fetch(url, { headers: { cookie } });
      expect(refused.status).toBe(404);
      expect(refused.headers.get("content-type")).not.toMatch(/image/);
    }
    expect((await fetch(`${server.url}/custom-design/images/not-a-uuid`, { headers: { cookie: cookies.admin } })).status).toBe(404);
  });

  it("a guest's request is stored with its images, which only staff can see", async () => {
    const response = await post("/custom-design/submit", [["gown.jpg", await photo(800, 600), "image/jpeg"]]);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; images: number; imageUrls?: unknown };
    expect(body).toMatchObject({ ok: true, images: 1 });
    expect(body.imageUrls).toBeUndefined();
  });

  it("the page's own action takes the same form without JavaScript", async () => {
    const response = await post("/custom-design", [["gown.jpg", await photo(640, 480), "image/jpeg"]], cookies.customer);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Vision submitted!");
  });

  it("refuses a renamed non-image, a polyglot and an oversized file, each plainly, keeping the fields", async () => {
    const text = await post("/custom-design/submit", [["holiday.jpg", new TextEncoder().encode("not a photo at all"), "image/jpeg"]]);
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({
      ok: false,
      formError: "holiday.jpg is not a JPEG, PNG, WebP, AVIF or HEIC image.",
      values: { name: "Ada Lovelace", vision: FIELDS.vision },
    });

    const polyglot = Buffer.concat([await photo(64, 64), Buffer.from("<script>alert(1)</script>")]);
    const poly = await post("/custom-design/submit", [["cute.jpg", polyglot, "image/jpeg"]]);
    expect(poly.status).toBe(400);
    expect(((await poly.json()) as { formError: string }).formError).toBe("cute.jpg is not a JPEG, PNG, WebP, AVIF or HEIC image.");

    const big = Buffer.concat([await photo(64, 64), Buffer.alloc(10 * 1024 * 1024)]);
    const large = await post("/custom-design/submit", [["huge.jpg", big, "image/jpeg"]]);
    expect(large.status).toBe(400);
    expect(((await large.json()) as { formError: string }).formError).toBe("huge.jpg is larger than 10 MB. Please choose a smaller image.");

    const seven = await photo(32, 32);
    const many = await post(
      "/custom-design/submit",
      Array.from({ length: 7 }, (_, i) => [`${i}.jpg`, seven, "image/jpeg"] as [string, Uint8Array, string]),
    );
    expect(many.status).toBe(400);
    expect(((await many.json()) as { formError: string }).formError).toBe("Please choose at most 6 images.");
  });

  it("a body past UPLOAD_LIMIT_BYTES is cut off with 413; a form that is not multipart gets 415", async () => {
    const chunk = Buffer.concat([await photo(64, 64), Buffer.alloc(9 * 1024 * 1024)]);
    const tooMuch = await post(
      "/custom-design/submit",
      Array.from({ length: 4 }, (_, i) => [`${i}.jpg`, chunk, "image/jpeg"] as [string, Uint8Array, string]),
    ).catch((error: unknown) => error);
    // The server closes the connection once it has answered; the client sees the 413 or, rarely, the connection
    // reset under the body it was still sending. Anything else fails.
    const seen = tooMuch instanceof Response ? tooMuch.status : connectionFailure(tooMuch);
    expect([413, "ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]).toContain(seen);

    const urlencoded = await fetch(`${server.url}/custom-design`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(FIELDS),
    });
    statuses.push(urlencoded.status);
    expect(urlencoded.status).toBe(415);
  });
});
