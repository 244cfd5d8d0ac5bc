import { SlidersHorizontal } from "lucide-react";
import { useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Sheet, SheetTrigger } from "~/components/ui/sheet";
import { BRIDAL_STYLES, collectionSearch, SORT_OPTIONS, type CollectionQuery } from "../collection-rules";

const STYLE_CHOICES = [{ value: "all", label: "All Styles" }, ...BRIDAL_STYLES.map((s) => ({ value: s, label: s }))] as const;

function StyleButtons({ query, onChoose, layout }: { query: CollectionQuery; onChoose?: () => void; layout: "row" | "grid" }) {
  return (
    <ul className={layout === "row" ? "flex flex-wrap gap-2" : "grid grid-cols-2 gap-2"} aria-label="Style">
      {STYLE_CHOICES.map((choice) => {
        const active = query.style === choice.value;
        return (
          <li key={choice.value}>
            <Link
              to={collectionSearch({ ...query, style: choice.value })}
              preventScrollReset
              onClick={onChoose}
              aria-current={active ? "true" : undefined}
              className={`inline-flex h-10 w-full items-center justify-center rounded-full border px-5 text-xs tracking-[0.16em] uppercase transition-colors ${
                active ? "border-primary bg-primary text-primary-foreground" : "border-border hover:border-foreground"
              }`}
            >
              {choice.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Sort as a plain GET form: it works before JavaScript, and changes apply at once after. */
function SortSelect({ query, id, onChoose }: { query: CollectionQuery; id: string; onChoose?: () => void }) {
  const navigate = useNavigate();
  return (
    <Form method="get" preventScrollReset className="flex items-center gap-3">
      {query.style !== "all" ? <input type="hidden" name="style" value={query.style.toLowerCase()} /> : null}
      <label htmlFor={id} className="text-xs tracking-[0.16em] whitespace-nowrap text-muted-foreground uppercase">
        Sort by
      </label>
      <select
        id={id}
        name="sort"
        value={query.sort}
        onChange={(event) => {
          onChoose?.();
          void navigate(collectionSearch({ ...query, sort: event.target.value as CollectionQuery["sort"] }), { preventScrollReset: true });
        }}
        className="h-10 rounded-full border border-border bg-background px-4 pr-9 text-sm"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="h-10 rounded-full border border-border px-4 text-xs uppercase">
          Apply
        </button>
      </noscript>
    </Form>
  );
}

/**
 * Filters and sort: inline from 768 px up; below that, in the bottom drawer
 * 'Filter & Sort' (80% of the viewport's height), which closes on a choice.
 */
export function CollectionControls({
  query,
  showStyles,
  resultCount,
}: {
  query: CollectionQuery;
  showStyles: boolean;
  resultCount: number;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  return (
    <div className="flex items-center justify-between gap-4 border-y border-border py-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {resultCount} {resultCount === 1 ? "dress" : "dresses"}
      </p>
      <div className="hidden flex-1 items-center justify-end gap-6 md:flex">
        {showStyles ? <StyleButtons query={query} layout="row" /> : null}
        <SortSelect query={query} id="sort-inline" />
      </div>
      <SheetTrigger
        ref={trigger}
        open={open}
        onClick={() => setOpen(true)}
        className="inline-flex h-10 items-center gap-2 rounded-full border border-border px-5 text-xs tracking-[0.16em] uppercase md:hidden"
      >
        <SlidersHorizontal className="size-4" aria-hidden="true" />
        Filter &amp; Sort
      </SheetTrigger>
      <Sheet
        open={open}
        onOpenChange={setOpen}
        triggerRef={trigger}
        side="bottom"
        title="Filter & Sort"
        description="Choose a style or an order for the dresses"
        testId="filter-drawer"
      >
        <div className="flex flex-col gap-8 px-6 py-6">
          {showStyles ? (
            <section>
              <h2 className="eyebrow mb-3 font-sans">Style</h2>
              <StyleButtons query={query} layout="grid" onChoose={close} />
            </section>
          ) : null}
          <section>
            <h2 className="eyebrow mb-3 font-sans">Sort</h2>
            <ul className="flex flex-col gap-2" aria-label="Sort">
              {SORT_OPTIONS.map((option) => (
                <li key={option.value}>
                  <Link
                    to={collectionSearch({ ...query, sort: option.value })}
                    preventScrollReset
                    onClick={close}
                    aria-current={query.sort === option.value ? "true" : undefined}
                    className={`flex h-12 items-center rounded-xl border px-4 text-sm ${query.sort === option.value ? "border-primary bg-accent" : "border-border"}`}
                  >
                    {option.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </Sheet>
    </div>
  );
}
