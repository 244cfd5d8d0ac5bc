import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  catalogueCollections,
  catalogueInventory,
  catalogueProductCollections,
  catalogueProductImages,
  catalogueProductOptions,
  catalogueProducts,
  catalogueProductVariants,
} from "~/db/schema/catalogue";
import { DEMO_COLLECTIONS, DEMO_DRESSES, DEMO_SIZES, demoImages, type DemoDress } from "./demo-collection";
import { ART_HEIGHT, ART_WIDTH } from "./gown-art";
import { gownImagePath } from "./gown-image-url";

const SEED_LOCK_KEY = 728_193_101; // any constant; shared by every instance

/** A stable small stock level per variant, so the demo looks lived-in but is the same on every machine. */
function stockFor(handle: string, variantTitle: string): number {
  let h = 0;
  for (const c of `${handle}/${variantTitle}`) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return 1 + (h % 6);
}

export function demoVariants(dress: DemoDress) {
  return dress.colors.flatMap((color) =>
    DEMO_SIZES.map((size) => {
      const title = `${size} / ${color}`;
      const soldOut = dress.soldOut === "*" || (dress.soldOut ?? []).includes(title);
      return { title, size, color, stock: soldOut ? 0 : stockFor(dress.handle, title) };
    }),
  );
}

/**
 * Fills an empty built-in catalogue with the demo collection. Safe to call
 * at every start of every instance: a transaction-scoped advisory lock lets
 * one instance seed while the others wait, then find the products there.
 */
export async function seedDemoCatalogue(db: Database, dresses: DemoDress[] = DEMO_DRESSES): Promise<{ seeded: boolean; products: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(catalogueProducts);
    if (existing && existing.count > 0) return { seeded: false, products: existing.count };

    await tx.insert(catalogueCollections).values(DEMO_COLLECTIONS).onConflictDoNothing();
    // Ids are made here, not by the database, so rows can be linked without relying on RETURNING order.
    const idOf = new Map(dresses.map((d) => [d.handle, randomUUID()]));
    await tx
      .insert(catalogueProducts)
      .values(
        dresses.map((d, position) => ({ id: idOf.get(d.handle)!, handle: d.handle, title: d.title, description: d.description, position })),
      );

    const collectionPositions = new Map<string, number>();
    await tx.insert(catalogueProductCollections).values(
      dresses.map((d) => {
        const position = collectionPositions.get(d.collection) ?? 0;
        collectionPositions.set(d.collection, position + 1);
        return { collectionHandle: d.collection, productId: idOf.get(d.handle)!, position };
      }),
    );
    await tx.insert(catalogueProductOptions).values(
      dresses.flatMap((d) => [
        { productId: idOf.get(d.handle)!, position: 0, name: "Size", values: [...DEMO_SIZES] },
        { productId: idOf.get(d.handle)!, position: 1, name: "Color", values: d.colors },
      ]),
    );
    // Each colour's front view is also the picture of that colour's variants.
    const colourImage = new Map<string, string>();
    const images = dresses.flatMap((d) =>
      demoImages(d).map((image, position) => {
        const id = randomUUID();
        if (image.view === "front") colourImage.set(`${d.handle}/${image.color}`, id);
        return {
          id,
          productId: idOf.get(d.handle)!,
          position,
          url: gownImagePath(image.key),
          altText: image.alt,
          width: ART_WIDTH,
          height: ART_HEIGHT,
        };
      }),
    );
    await tx.insert(catalogueProductImages).values(images);
    const planned = dresses.flatMap((d) =>
      demoVariants(d).map((v, position) => ({
        stock: v.stock,
        row: {
          id: randomUUID(),
          productId: idOf.get(d.handle)!,
          position,
          title: v.title,
          sku: `HIVE-${d.handle.split("-")[0]!.toUpperCase()}-${v.size}-${v.color
            .replace(/[^A-Za-z]/g, "")
            .slice(0, 4)
            .toUpperCase()}`,
          price: d.price.toFixed(2),
          currencyCode: "USD",
          selectedOptions: [
            { name: "Size", value: v.size },
            { name: "Color", value: v.color },
          ],
          imageId: colourImage.get(`${d.handle}/${v.color}`) ?? null,
        },
      })),
    );
    await tx.insert(catalogueProductVariants).values(planned.map((p) => p.row));
    await tx.insert(catalogueInventory).values(planned.map((p) => ({ variantId: p.row.id, available: p.stock })));
    return { seeded: true, products: dresses.length };
  });
}
