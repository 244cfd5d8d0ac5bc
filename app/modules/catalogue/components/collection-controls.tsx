import { SlidersHorizontal } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Sheet, SheetTrigger } from "~/components/ui/sheet";
import { cx } from "~/lib/class-names";
import { BRIDAL_STYLES, collectionSearch, SORT_OPTIONS, type CollectionQuery } from "../collection-rules";

const STYLE_CHOICES = [{ value: "all", label: "All Styles" }, ...BRIDAL_STYLES.map((s) => ({ value: s, label: s }))] as const;

/*
 * The view lives in the URL (?style=&sort=). Every control is a GET form, so it works before JavaScript (and
 * without it); with JavaScript React Router's <Form> makes the same request a client navigation. A GET form
 * sends only its own fields: each one carries the view's other field in a hidden input.
 */

function KeepSort({ query }: { query: CollectionQuery }) {
  return query.sort !== "featured" ? <input type="hidden" name="sort" value={query.sort} /> : null;
}

/**
 * With JavaScript, the style already chosen pressed again changes nothing, so it adds no history entry (a link to
 * the page it is on did not either); `then` runs for every press (the drawer closes on a choice).
 */
function skipCurrentView(then?: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("aria-pressed") === "true") event.preventDefault();
    then?.();
  };
}

/** SPEC §2: the bridal style filter, buttons in a group named Style; All Styles sends no style at all. */
function StyleButtons({
  query,
  onChoose,
  layout,
  legendClassName,
  className,
}: {
  query: CollectionQuery;
  onChoose?: () => void;
  layout: "row" | "grid";
  legendClassName: string;
  className?: string;
}) {
  return (
    <Form method="get" preventScrollReset onSubmit={skipCurrentView(onChoose)} className={className}>
      <fieldset>
        <legend className={legendClassName}>Style</legend>
        <div className={layout === "row" ? "flex flex-wrap gap-2 xl:justify-end" : "grid grid-cols-2 gap-2"}>
          {STYLE_CHOICES.map((choice) => {
            const active = query.style === choice.value;
            const style = choice.value === "all" ? undefined : choice.value.toLowerCase();
            return (
              <Button
                key={choice.value}
                type="submit"
                variant="choice"
                name={style ? "style" : undefined}
                value={style}
                aria-pressed={active}
                className={layout === "grid" ? "w-full" : undefined}
              >
                {choice.label}
              </Button>
            );
          })}
        </div>
      </fieldset>
      <KeepSort query={query} />
    </Form>
  );
}

/**
 * SPEC §2 sort selector: a labelled select. With JavaScript a choice applies at once (made before the page is
 * interactive, it sends the form); without, the Apply button (inside <noscript>) sends the form.
 */
function SortSelect({
  query,
  id,
  onChoose,
  layout,
  insideNoscript = false,
  className,
}: {
  query: CollectionQuery;
  id: string;
  onChoose?: () => void;
  layout: "inline" | "stack";
  /** Already inside a <noscript> (which may not nest): the Apply button is shown as it is. */
  insideNoscript?: boolean;
  className?: string;
}) {
  const navigate = useNavigate();
  const apply = (
    <Button type="submit" variant="choice" className="shrink-0">
      Apply
    </Button>
  );
  return (
    <Form
      method="get"
      preventScrollReset
      className={cx(layout === "inline" ? "flex w-full items-center gap-3 sm:w-auto" : "flex flex-col gap-3", className)}
    >
      {query.style !== "all" ? <input type="hidden" name="style" value={query.style.toLowerCase()} /> : null}
      <label
        htmlFor={id}
        className={
          layout === "inline" ? "text-xs tracking-[0.16em] whitespace-nowrap text-muted-foreground uppercase" : "eyebrow font-sans"
        }
      >
        Sort by
      </label>
      <div className="flex flex-1 items-center gap-2">
        <select
          id={id}
          name="sort"
          value={query.sort}
          // Chosen before the page is interactive, the choice is sent as this form (app/lib/early-clicks.tsx).
          data-submit-on-change=""
          onChange={(event) => {
            onChoose?.();
            void navigate(collectionSearch({ ...query, sort: event.target.value as CollectionQuery["sort"] }), {
              preventScrollReset: true,
            });
          }}
          className={cx(
            "h-11 min-w-0 rounded-full border border-border bg-background px-4 pr-9 text-sm text-foreground",
            layout === "stack" ? "flex-1" : "flex-1 sm:flex-none",
          )}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {insideNoscript ? apply : <noscript>{apply}</noscript>}
      </div>
    </Form>
  );
}

/** SPEC §4: 'Clear Filters' sets the style back to all and keeps the sort. */
export function ClearFiltersButton({ query, className }: { query: CollectionQuery; className?: string }) {
  return (
    <Form method="get" preventScrollReset className={className}>
      <KeepSort query={query} />
      <Button type="submit" variant="outline">
        Clear Filters
      </Button>
    </Form>
  );
}

/**
 * The result count, the sort and (bridal only) the style filter. Prom and Celebrations have only the sort: inline
 * at every width. Bridal: inline from 768 px up; below that, in the bottom drawer 'Filter & Sort' (80% of the
 * viewport's height), which closes on a choice. The drawer needs JavaScript: without it, the same controls show
 * inline below 768 px instead (<noscript>).
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
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-y border-border py-4">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {resultCount} {resultCount === 1 ? "dress" : "dresses"}
        </p>
        {showStyles ? (
          <>
            {/* From 768 px: the styles on a row of their own above the count and the sort; from 1280 px all on one row. */}
            <StyleButtons
              query={query}
              layout="row"
              legendClassName="sr-only"
              className="hidden md:order-first md:block md:w-full xl:order-none xl:w-auto xl:flex-1"
            />
            <SortSelect query={query} id="sort-inline" layout="inline" className="max-md:hidden" />
            <Button asChild variant="choice" className="md:hidden">
              <SheetTrigger ref={trigger} open={open} onClick={() => setOpen(true)}>
                <SlidersHorizontal className="size-4" aria-hidden="true" />
                Filter &amp; Sort
              </SheetTrigger>
            </Button>
          </>
        ) : (
          <SortSelect query={query} id="sort-inline" layout="inline" />
        )}
      </div>
      {showStyles ? (
        <>
          <noscript>
            <div className="flex flex-col gap-6 border-b border-border py-6 md:hidden">
              <StyleButtons query={query} layout="grid" legendClassName="eyebrow mb-3 font-sans" />
              <SortSelect query={query} id="sort-noscript" layout="stack" insideNoscript />
            </div>
          </noscript>
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
              <StyleButtons query={query} layout="grid" legendClassName="eyebrow mb-3 font-sans" onChoose={close} />
              <SortSelect query={query} id="sort-drawer" layout="stack" onChoose={close} />
            </div>
          </Sheet>
        </>
      ) : null}
    </>
  );
}
