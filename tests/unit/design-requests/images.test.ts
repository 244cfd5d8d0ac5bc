import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { customDesignSubmissions, designRequestImages } from "~/db/schema/design-requests";
import {
  designImageResponse,
  designRequestFileKeys,
  imagesOfDesignRequests,
  removeDesignRequestFiles,
  submitDesignRequest,
} from "~/modules/design-requests/design-requests.server";
import { designRequestSchema } from "~/modules/design-requests/schema";
import { folderStore } from "~/modules/uploads/store.server";
import { storeImages } from "~/modules/uploads/uploads.server";
import { testEngines } from "../../helpers/databases";
import { useTestDatabase } from "../../helpers/test-database";

const work = mkdtempSync(join(tmpdir(), "design-images-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const request = designRequestSchema.parse({ name: "Ada", email: "ada@example.com", eventType: "gala", vision: "A midnight silk column" });
const settings = { BOUTIQUE_TIME_ZONE: "America/New_York", BOUTIQUE_EMAIL: "studio@example.com", STAFF_NOTIFICATIONS: "all" as const };

describe.each(testEngines)("inspiration images on $name", (engine) => {
  const database = useTestDatabase(engine);

  it("are recorded with the request, seen by its owner and staff only, and their files removed on request", async () => {
    const db = database.handle.db;
    const store = folderStore(join(work, engine.name));
    const path = join(work, `${engine.name}.png`);
    writeFileSync(
      path,
      await sharp({ create: { width: 800, height: 600, channels: 3, background: "#abcdef" } })
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
    // The owner gets the picture, staff the thumbnail too; anyone else a 404, as for an id that does not exist.
    const served = async (viewer: { id: string; isAdmin: boolean } | null, size: "full" | "thumb") => {
      const response = await designImageResponse(db, store, imageId, viewer, size);
      return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
    };
    const stored = async (key: string) => Buffer.concat(await (await store.open(key))!.stream.toArray());
    const full = await stored(kept.images[0]!.key);
    const thumb = await stored(kept.images[0]!.thumbKey);
    expect(full.equals(thumb)).toBe(false);
    expect(await served({ id: "owner", isAdmin: false }, "full")).toEqual({ status: 200, body: full });
    expect(await served({ id: "staff", isAdmin: true }, "thumb")).toEqual({ status: 200, body: thumb });
    expect((await served({ id: "someone-else", isAdmin: false }, "full")).status).toBe(404);
    expect((await served(null, "full")).status).toBe(404);

    const keys = await designRequestFileKeys(db, outcome.id);
    expect(keys.sort()).toEqual([kept.images[0]!.key, kept.images[0]!.thumbKey].sort());
    await db.delete(customDesignSubmissions).where(eq(customDesignSubmissions.id, outcome.id));
    expect(await db.select().from(designRequestImages)).toEqual([]);
    await removeDesignRequestFiles(store, keys);
    expect(await store.open(keys[0]!)).toBeNull();
  });
});
