import * as z from "zod/mini";
import type { Route } from "./+types/api.wishlist";
import { requestContext, servicesContext } from "~/lib/context.server";
import { requireUser } from "~/modules/accounts/accounts.server";
import { listWishlist, removeWishlistItem, upsertWishlistItems } from "~/modules/wishlist/wishlist.server";

const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

const item = z.object({
  id: text(200),
  handle: text(200),
  title: text(300),
  price: z.object({ amount: z.string().check(z.regex(/^\d{1,10}(\.\d{1,2})?$/)), currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)) }),
  image: z.optional(z.object({ url: z.string().check(z.maxLength(2000)), altText: z.nullable(z.string().check(z.maxLength(500))) })),
});

const body = z.discriminatedUnion("op", [
  z.object({ op: z.literal("upsert"), items: z.array(item).check(z.maxLength(200)) }),
  z.object({ op: z.literal("remove"), id: text(200) }),
]);

/** GET /api/wishlist: the signed-in shopper's list, newest first, in the local store's shape. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const rows = await listWishlist(context.get(servicesContext).database.db, user.id);
  return Response.json({
    items: rows.map((row) => ({
      id: row.productId,
      handle: row.productHandle,
      title: row.productTitle,
      price: { amount: row.priceAmount, currencyCode: row.priceCurrency },
      ...(row.productImageUrl ? { image: { url: row.productImageUrl, altText: null } } : {}),
    })),
  });
}

/** POST /api/wishlist {op: "upsert", items} | {op: "remove", id}: the local list's changes, for the signed-in shopper only. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "Invalid wishlist change" }, { status: 400 });
  const db = context.get(servicesContext).database.db;
  if (parsed.data.op === "remove") {
    await removeWishlistItem(db, user.id, parsed.data.id);
  } else {
    await upsertWishlistItems(
      db,
      user.id,
      parsed.data.items.map((i) => ({
        productId: i.id,
        productHandle: i.handle,
        productTitle: i.title,
        productImageUrl: i.image?.url ?? null,
        priceAmount: i.price.amount,
        priceCurrency: i.price.currencyCode,
      })),
    );
  }
  context.get(requestContext).logger.debug({ op: parsed.data.op }, "wishlist synced");
  return Response.json({ ok: true });
}
