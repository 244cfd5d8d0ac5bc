import { Minus, Plus, ShoppingBag, Trash2 } from "lucide-react";
import { useId, useState, type RefObject } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import SheetPanel from "~/components/ui/sheet-panel";
import { formatPrice } from "~/lib/format";
import { toast } from "~/lib/toast";
import { CheckoutRefused, stockMessage } from "~/modules/catalogue/catalogue";
import { atStockLimit, cart, cartTotal, totalQuantity, useCart, withOnlineStoreChannel, type CartLine, type CartState } from "../cart";
import type { CreateCheckout } from "./bag-sheet";

// The open bag: its lines, total and checkout. Loaded the first time the bag opens (or its button is hovered or
// focused), so a page's first load carries only the button (bag-sheet.tsx).

const lineName = (line: CartLine) => `${line.product.title} (${line.variantTitle})`;

/** What the bag did with each line the store could not fill, in the bag's words. */
function stockNotices(state: CartState, stock: { merchandiseId: string; available: number }[]): string[] {
  return state.lines.flatMap((line) => {
    const short = stock.find((s) => s.merchandiseId === line.variantId);
    if (!short) return [];
    if (short.available <= 0) return [`${stockMessage(lineName(line), 0)} It has been taken out of your bag.`];
    return [`${stockMessage(lineName(line), short.available)} Your bag now holds ${short.available}.`];
  });
}

/**
 * SPEC §4: checkout needs a line; creating it sets isLoading, stores the
 * returned URL and opens it, with channel=online_store, in a new tab. The tab
 * is opened inside the click so no pop-up blocker stops it, then pointed at
 * the checkout once the storefront answers. A store short of stock cuts the
 * bag to what is left and says so (trying again would not help); other
 * refusals say the store's words; only a failure that may pass says SPEC's
 * 'Checkout failed. Please try again.'
 */
async function checkout(state: CartState, createCheckout: CreateCheckout, tell: (notices: string[]) => void) {
  if (state.lines.length === 0 || state.isLoading) return;
  tell([]);
  const tab = window.open("", "_blank");
  cart.setLoading(true);
  try {
    const result = await createCheckout(state.lines.map((line) => ({ merchandiseId: line.variantId, quantity: line.quantity })));
    cart.setCheckout(result.cartId, result.checkoutUrl);
    const url = withOnlineStoreChannel(result.checkoutUrl, window.location.origin);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    if (error instanceof CheckoutRefused && error.stock.length > 0) {
      tell(stockNotices(state, error.stock));
      cart.applyStock(error.stock);
    } else if (error instanceof CheckoutRefused) {
      tell(error.problems);
    } else {
      console.error(error);
      toast.error("Checkout failed. Please try again.");
    }
  } finally {
    cart.setLoading(false);
  }
}

/** The bag's panel, mounted from its first opening on (bag-sheet.tsx). */
export default function BagPanel({
  open,
  onOpenChange,
  triggerRef,
  createCheckout,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  triggerRef: RefObject<HTMLElement | null>;
  createCheckout: CreateCheckout;
}) {
  const state = useCart();
  const count = totalQuantity(state);
  const empty = state.lines.length === 0;
  // Why the last checkout did not open, until the next one or until the bag closes.
  const [notices, setNotices] = useState<string[]>([]);
  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) setNotices([]);
  };
  const close = () => changeOpen(false);

  return (
    <SheetPanel
      open={open}
      onOpenChange={changeOpen}
      triggerRef={triggerRef}
      side="right"
      title="Shopping Bag"
      description={empty ? "Your bag is empty" : `${count} item(s)`}
      footer={
        <div className="flex flex-col gap-4">
          <div role="alert" className="empty:hidden">
            {notices.length > 0 ? (
              <div className="rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-foreground">
                <p className="font-medium">Your bag has changed</p>
                <ul className="mt-1 flex flex-col gap-1">
                  {notices.map((notice) => (
                    <li key={notice}>{notice}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
          <div className="flex items-baseline justify-between">
            <span className="text-sm tracking-[0.15em] uppercase">Total</span>
            <span className="font-display text-2xl" data-testid="bag-total">
              {formatPrice(cartTotal(state))}
            </span>
          </div>
          <Button disabled={empty || state.isLoading} onClick={() => void checkout(state, createCheckout, setNotices)} className="px-6">
            {state.isLoading ? "Creating Checkout..." : "Checkout with Shopify"}
          </Button>
        </div>
      }
    >
      {empty ? (
        <div className="flex flex-col items-center px-6 py-16 text-center">
          <ShoppingBag className="size-10 text-gold" aria-hidden="true" />
          <p className="mt-4 font-display text-2xl">Nothing here yet</p>
          <p className="mt-2 text-sm text-muted-foreground">Find the dress that tells your story.</p>
          <Link
            to="/weddings"
            onClick={close}
            className="mt-6 text-sm tracking-[0.15em] text-gold-ink uppercase underline-offset-4 hover:underline"
          >
            Browse the bridal suite
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-border" aria-label="Items in your bag">
          {state.lines.map((line) => (
            <li key={line.variantId} className="flex gap-4 px-6 py-5" data-testid="bag-line">
              {line.product.image ? (
                <img
                  src={line.product.image.url}
                  alt={line.product.image.altText ?? line.product.title}
                  width={80}
                  height={107}
                  className="h-[107px] w-20 shrink-0 rounded-lg bg-muted object-cover"
                />
              ) : (
                <span className="h-[107px] w-20 shrink-0 rounded-lg bg-muted" aria-hidden="true" />
              )}
              <div className="flex min-w-0 flex-1 flex-col">
                <div className="flex items-start justify-between gap-2">
                  <Link
                    to={`/product/${line.product.handle}`}
                    onClick={close}
                    className="font-display text-lg leading-tight hover:text-gold-ink"
                  >
                    {line.product.title}
                  </Link>
                  <button
                    type="button"
                    onClick={() => cart.remove(line.variantId)}
                    className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground"
                    aria-label={`Remove ${line.product.title}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </button>
                </div>
                <p className="mt-1 text-sm text-muted-foreground">{line.selectedOptions.map((o) => o.value).join(" • ")}</p>
                <div className="mt-auto flex items-center justify-between gap-2 pt-3">
                  <QuantityStepper line={line} />
                  <span className="shrink-0 text-sm font-medium whitespace-nowrap">{formatPrice(line.price)}</span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SheetPanel>
  );
}

/**
 * Minus, quantity and plus for one line. At the stock limit the plus button stays focusable (a keyboard user who
 * pressed it keeps her place) but is aria-disabled and does nothing, and "Only {n} left" stands beside the
 * quantity and is the button's description.
 */
function QuantityStepper({ line }: { line: CartLine }) {
  const limitId = useId();
  const full = atStockLimit(line);
  const left = line.quantityAvailable ?? 0;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
      <div className="inline-flex items-center rounded-full border border-border">
        <button
          type="button"
          onClick={() => cart.setQuantity(line.variantId, line.quantity - 1)}
          className="inline-flex size-9 items-center justify-center rounded-full hover:bg-accent"
          aria-label={`One fewer ${line.product.title}`}
        >
          <Minus className="size-3.5" aria-hidden="true" />
        </button>
        <span className="w-8 text-center text-sm tabular-nums" aria-label={`Quantity ${line.quantity}`}>
          {line.quantity}
        </span>
        <button
          type="button"
          onClick={() => {
            if (!full) cart.setQuantity(line.variantId, line.quantity + 1);
          }}
          aria-disabled={full || undefined}
          aria-describedby={full ? limitId : undefined}
          className="inline-flex size-9 items-center justify-center rounded-full hover:bg-accent aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent"
          aria-label={`One more ${line.product.title}`}
        >
          <Plus className="size-3.5" aria-hidden="true" />
        </button>
      </div>
      {full ? (
        <span id={limitId} className="text-xs font-medium text-gold-ink">
          Only {left} left
        </span>
      ) : null}
    </div>
  );
}
