import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBoutique, type BoutiqueServer } from "../helpers/boutique-server";
import { spawnNode, tempDir } from "../helpers/processes";
import { startLocalS3, type LocalS3 } from "../helpers/s3-server";
import { freePort } from "../helpers/smtp";
import { designForm, signUpShopper } from "../helpers/shoppers";

// Inspiration images in an S3 bucket: the built server started with S3_*
// pointing at a local S3-protocol server (s3rver, in this test's process, on
// loopback, in a temporary folder). The upload lands in the bucket, and comes
// back only through the app's access-checked route.

const MAIN = fileURLToPath(new URL("../../server/main.js", import.meta.url));
let s3: LocalS3;
let server: BoutiqueServer;
const statuses: number[] = [];

const signUp = (name: string, email: string) => signUpShopper(server.url, name, email);

beforeAll(async () => {
  s3 = await startLocalS3();
  server = await startBoutique({ ...s3.env, UPLOAD_LIMIT_BYTES: String(30 * 1024 * 1024) });
}, 300_000);

afterAll(async () => {
  await server?.stop("SIGTERM");
  await s3?.stop();
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
});

describe("uploads in S3-compatible storage", { timeout: 180_000 }, () => {
  it("says at start-up that images go to the bucket, without the secret", () => {
    const line = server.logs().find((entry) => entry.storage !== undefined);
    expect(line).toMatchObject({ storage: "s3", where: `s3://${s3.bucket} at ${s3.endpoint}` });
    expect(server.process.stdout()).not.toContain(`"${s3.secretAccessKey}"`);
  });

  it("stores a requester's photo and thumbnail in the bucket and serves them only through the app", async () => {
    const customer = await signUp("Cara Customer", "cara@example.com");
    const other = await signUp("Otto Other", "otto@example.com");
    const body = designForm({ name: "Ada Lovelace", email: "ada@example.com", eventType: "wedding", vision: "A long lace gown" });
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#d4a5a5" } })
      .jpeg()
      .toBuffer();
    body.append("images", new File([new Uint8Array(photo)], "veil.jpg", { type: "image/jpeg" }));
    const response = await fetch(`${server.url}/custom-design/submit`, { method: "POST", headers: { cookie: customer }, body });
    statuses.push(response.status);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { ok: boolean; images: number; imageUrls: { url: string; thumbUrl: string }[] };
    expect(answer).toMatchObject({ ok: true, images: 1 });

    const keys = s3.keys();
    expect(keys).toHaveLength(2);
    const full = keys.find((key) => !key.endsWith("-thumb.webp"))!;
    expect(full).toMatch(/^design-requests\/[0-9a-f-]{36}\.webp$/);
    expect(keys).toContain(full.replace(/\.webp$/, "-thumb.webp"));
    expect(s3.keys().some((key) => key.includes("veil"))).toBe(false);
    const inBucket = await s3.read(full);
    expect(inBucket.contentType).toBe("image/webp");

    const mine = await fetch(`${server.url}${answer.imageUrls[0]!.url}`, { headers: { cookie: customer } });
    statuses.push(mine.status);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/webp");
    expect(mine.headers.get("cache-control")).toMatch(/^private/);
    expect(Buffer.from(await mine.arrayBuffer()).equals(inBucket.bytes)).toBe(true);
    const thumb = await fetch(`${server.url}${answer.imageUrls[0]!.thumbUrl}`, { headers: { cookie: customer } });
    statuses.push(thumb.status);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(480);

    for (const cookie of [other, ""]) {
      const refused = await fetch(`${server.url}${answer.imageUrls[0]!.url}`, { headers: { cookie } });
      statuses.push(refused.status);
      expect(refused.status).toBe(404);
    }
  });
});

describe("a bad S3 configuration stops the start with a message naming it", { timeout: 120_000 }, () => {
  async function start(env: Record<string, string>) {
    const child = spawnNode([MAIN], { LOG_LEVEL: "info", PORT: String(await freePort()), HOST: "127.0.0.1", DATA_DIR: tempDir(), ...env });
    const exited = await Promise.race([
      child.exited,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running:\n${child.stdout()}`)), 90_000)),
    ]).finally(() => child.child.kill("SIGTERM"));
    return { ...exited, stderr: child.stderr(), stdout: child.stdout() };
  }

  it("refuses half a configuration", async () => {
    const half = await start({ S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId });
    expect(half.code).toBe(1);
    expect(half.stderr).toContain("S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set");
  });

  it("refuses a secret the bucket's server rejects, and does not print it", async () => {
    const wrong = await start({ ...s3.env, S3_SECRET_ACCESS_KEY: "definitely-not-the-secret" });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/S3 storage \(bucket boutique-uploads\).*check S3_SECRET_ACCESS_KEY/);
    expect(wrong.stderr + wrong.stdout).not.toContain("definitely-not-the-secret");
  });
});

// Last: it stops the local S3 server.
describe("when the bucket's server goes away", { timeout: 120_000 }, () => {
  it("an upload and an image answer 503 with a message, and the server keeps running", async () => {
    const customer = await signUp("Flo Later", "flo@example.com");
    const first = designForm({ name: "Flo Later", email: "flo@example.com", eventType: "wedding", vision: "Short and sparkling" });
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#ffffff" } })
      .jpeg()
      .toBuffer();
    first.append("images", new File([new Uint8Array(photo)], "a.jpg", { type: "image/jpeg" }));
    const kept = await fetch(`${server.url}/custom-design/submit`, { method: "POST", headers: { cookie: customer }, body: first });
    expect(kept.status).toBe(200);
    const { imageUrls } = (await kept.json()) as { imageUrls: { url: string }[] };

    await s3.stop();
    const image = await fetch(`${server.url}${imageUrls[0]!.url}`, { headers: { cookie: customer } });
    expect(image.status).toBe(503);
    expect(image.headers.get("content-type")).toMatch(/^text\/plain/);

    const again = new FormData();
    for (const [key, value] of first.entries()) again.append(key, value);
    const refused = await fetch(`${server.url}/custom-design/submit`, { method: "POST", headers: { cookie: customer }, body: again });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ ok: false });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
