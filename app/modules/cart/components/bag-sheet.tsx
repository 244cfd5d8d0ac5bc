import { ShoppingBag } from "lucide-react";
import { lazy, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { LazyMount } from "~/components/ui/lazy-mount";
import { SheetTrigger } from "~/components/ui/sheet";
import { totalQuantity, useCart } from "../cart";

export type CreateCheckout = (lines: { merchandiseId: string; quantity: number }[]) => Promise<{ cartId: string; checkoutUrl: string }>;

const BagPanel = lazy(() => import("./bag-panel"));
/** Start fetching the open bag's code (on hover or focus of its button). */
const preloadBag = () => void import("./bag-panel");

/** The header's bag button with its count; the panel it opens loads on first use (bag-panel.tsx). */
export function BagSheet({ createCheckout }: { createCheckout: CreateCheckout }) {
  const count = totalQuantity(useCart());
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button asChild variant="quiet" size="icon" className="relative">
        <SheetTrigger
          ref={trigger}
          open={open}
          onClick={() => setOpen(true)}
          onPointerEnter={preloadBag}
          onFocus={preloadBag}
          aria-label={`Shopping bag, ${count} ${count === 1 ? "item" : "items"}`}
        >
          <ShoppingBag className="size-5" aria-hidden="true" />
          {count > 0 ? (
            <span
              data-testid="bag-count"
              className="absolute top-1 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1 text-[0.7rem] leading-5 font-medium text-primary-foreground"
            >
              {count}
            </span>
          ) : null}
        </SheetTrigger>
      </Button>
      <LazyMount when={open}>
        <BagPanel open={open} onOpenChange={setOpen} triggerRef={trigger} createCheckout={createCheckout} />
      </LazyMount>
    </>
  );
}
