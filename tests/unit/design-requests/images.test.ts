import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customDesignSubmissions, designRequestImages } from "~/db/schema/design-requests";
import {
  designImageKeyFor,
  designRequestFileKeys,
  imagesOfDesignRequests,
  removeDesignRequestFiles,
  submitDesignRequest,
} from "~/modules/design-requests/design-requests.server";
import { designRequestSchema } from "~/modules/design-requests/schema";
import { folderStore } from "~/modules/uploads/store.server";
import { storeImages } from "~/modules/uploads/uploads.server";
import { testEngines, type TestDatabase } from "../../helpers/databases";

const work = mkdtempSync(join(tmpdir(), "design-images-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const request = designRequestSchema.parse({ name: "Ada", email: "ada@example.com", eventType: "gala", vision: "A midnight silk column" });
const settings = { BOUTIQUE_TIME_ZONE: "America/New_York", BOUTIQUE_EMAIL: "studio@example.com" };

describe.each(testEngines)("inspiration images on $name", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await engine.create();
  }, 120_000);
  afterAll(async () => {
    await database?.drop();
  });

  it("are recorded with the request, seen by its owner and staff only, and their files removed on request", async () => {
    const db = database.handle.db;
    const store = folderStore(join(work, engine.name));
    const path = join(work, `${engine.name}.png`);
    writeFileSync(
      path,
      await sharp({ create: { width: 40, height: 30, channels: 3, background: "#abcdef" } })
        .png()
        .toBuffer(),
    );
    const kept = await storeImages([{ field: "images", name: "a.png", path, bytes: 100, type: "image/png" }], store, "design-requests");
    if (!kept.ok) throw new Error("not stored");
    const outcome = await submitDesignRequest(db, request, { settings, userId: "owner", appUrl: "https://b.example", images: kept.images });
    if (outcome.status !== "submitted") throw new Error("refused");

    const images = (await imagesOfDesignRequests(db, [outcome.id])).get(outcome.id) ?? [];
    expect(images).toHaveLength(1);
    const imageId = images[0]!.id;
    expect(images[0]!.url).toBe(`/custom-design/images/${imageId}`);
    expect(await designImageKeyFor(db, imageId, { id: "owner", isAdmin: false }, "full")).toBe(kept.images[0]!.key);
    expect(await designImageKeyFor(db, imageId, { id: "staff", isAdmin: true }, "thumb")).toBe(kept.images[0]!.thumbKey);
    expect(await designImageKeyFor(db, imageId, { id: "someone-else", isAdmin: false }, "full")).toBeNull();
    expect(await designImageKeyFor(db, imageId, null, "full")).toBeNull();

    const keys = await designRequestFileKeys(db, outcome.id);
    expect(keys.sort()).toEqual([kept.images[0]!.key, kept.images[0]!.thumbKey].sort());
    await db.delete(customDesignSubmissions).where(eq(customDesignSubmissions.id, outcome.id));
    expect(await db.select().from(designRequestImages)).toEqual([]);
    await removeDesignRequestFiles(store, keys);
    expect(await store.open(keys[0]!)).toBeNull();
  });
});
