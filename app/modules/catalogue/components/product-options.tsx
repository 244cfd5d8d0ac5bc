import { useId } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { variantAfterChoosing } from "../catalogue";
import type { Product, ProductOption, ProductVariant } from "../types";

/**
 * One option's choices (SPEC §2 'option buttons per option', §4): a group named by the option ("Size") of buttons
 * named by their values ("XS"), the chosen one pressed. The choice lives in the URL (`?Size=M&Color=Ivory`, as
 * `variantSearch` writes it): each group is a GET form whose buttons send their option and hidden fields send the
 * others' current values, in the selected variant's order, so it works the same before and without JavaScript.
 * A value no variant has with the other choices is disabled (the selection stays); a sold-out one can still be
 * chosen, and says so in its description.
 */
function OptionGroup({
  product,
  variant,
  option,
  soldOutId,
}: {
  product: Product;
  variant: ProductVariant | null;
  option: ProductOption;
  soldOutId: string;
}) {
  const nameId = useId();
  const selectedOptions = variant?.selectedOptions ?? [];
  const at = selectedOptions.findIndex((o) => o.name === option.name);
  const hidden = (list: typeof selectedOptions) =>
    list.filter((o) => o.name !== option.name).map((o) => <input key={o.name} type="hidden" name={o.name} value={o.value} />);
  return (
    <Form method="get" replace preventScrollReset>
      {hidden(at < 0 ? selectedOptions : selectedOptions.slice(0, at))}
      <fieldset aria-labelledby={nameId}>
        <legend className="mb-3 text-xs tracking-[0.18em] uppercase">
          <span id={nameId}>{option.name}</span>:{" "}
          <span className="text-muted-foreground">{selectedOptions.find((o) => o.name === option.name)?.value}</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {option.values.map((value) => {
            const selected = selectedOptions.some((o) => o.name === option.name && o.value === value);
            const next = variant ? variantAfterChoosing(product, variant, option.name, value) : null;
            if (!next) {
              // No variant has this combination: the selection stays (SPEC §4).
              return (
                <Button key={value} variant="choice" disabled aria-pressed={false} className="min-w-12 text-muted-foreground line-through">
                  {value}
                </Button>
              );
            }
            return (
              <Button
                key={value}
                type="submit"
                variant="choice"
                name={option.name}
                value={value}
                aria-pressed={selected}
                aria-describedby={next.availableForSale ? undefined : soldOutId}
                className={next.availableForSale ? "min-w-12" : "min-w-12 border-dashed decoration-1 line-through"}
              >
                {value}
              </Button>
            );
          })}
        </div>
      </fieldset>
      {hidden(at < 0 ? [] : selectedOptions.slice(at + 1))}
    </Form>
  );
}

/** The product's option pickers, one group per option. */
export function ProductOptions({ product, variant }: { product: Product; variant: ProductVariant | null }) {
  const soldOutId = useId();
  return (
    <div className="mt-8 flex flex-col gap-6">
      {product.options.map((option) => (
        <OptionGroup key={option.name} product={product} variant={variant} option={option} soldOutId={soldOutId} />
      ))}
      <span id={soldOutId} className="sr-only">
        Sold out
      </span>
    </div>
  );
}
