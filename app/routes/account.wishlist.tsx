import { data, Form, Link } from "react-router";
import type { Route } from "./+types/account.wishlist";
import { Thumbnail } from "~/components/ui/thumbnail";
import { servicesContext } from "~/lib/context.server";
import { formatPrice } from "~/lib/format";
import { formFailure, readFormData } from "~/lib/forms";
import { ACCOUNT_MESSAGES } from "~/modules/accounts/accounts";
import { requireUser } from "~/modules/accounts/accounts.server";
import { listWishlist, removeWishlistItem } from "~/modules/wishlist/wishlist.server";
import { EmptyTab, useAnswerToast, type AccountAnswer } from "~/modules/accounts/components/account-answer";
import { wishlist } from "~/modules/wishlist/wishlist";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { wishlist: await listWishlist(context.get(servicesContext).database.db, user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const intent = "remove-wishlist";
  const id = String((await readFormData(request))?.get("productId") ?? "");
  if (!id || !(await removeWishlistItem(context.get(servicesContext).database.db, user.id, id)))
    return data<AccountAnswer>({ intent, ...formFailure(ACCOUNT_MESSAGES.removeFailed) }, { status: 404 });
  return data<AccountAnswer>({ intent, ok: true, message: ACCOUNT_MESSAGES.removedFromWishlist });
}

export default function WishlistTab({ loaderData, actionData }: Route.ComponentProps) {
  useAnswerToast(actionData as AccountAnswer | undefined);
  if (loaderData.wishlist.length === 0) return <EmptyTab>{ACCOUNT_MESSAGES.wishlistEmpty}</EmptyTab>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {loaderData.wishlist.map((item) => (
        <li key={item.id} className="flex gap-4 rounded-lg border border-border p-3">
          {item.productImageUrl ? (
            <Thumbnail image={{ url: item.productImageUrl }} width={72} height={96} className="h-24 w-18 rounded object-cover" />
          ) : null}
          <div className="flex flex-1 flex-col">
            <Link to={`/product/${item.productHandle}`} className="font-medium underline-offset-4 hover:underline">
              {item.productTitle}
            </Link>
            <span className="text-sm text-muted-foreground">
              {formatPrice({ amount: item.priceAmount, currencyCode: item.priceCurrency })}
            </span>
            <Form method="post" action="/account/wishlist" className="mt-auto" onSubmit={() => wishlist.forget(item.productId)}>
              <input type="hidden" name="productId" value={item.productId} />
              <button
                type="submit"
                className="text-sm underline underline-offset-4"
                aria-label={`Remove ${item.productTitle} from wishlist`}
              >
                Remove
              </button>
            </Form>
          </div>
        </li>
      ))}
    </ul>
  );
}
