import { Search, X } from "lucide-react";
import { Popover } from "radix-ui";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { formatPrice } from "~/lib/format";
import type { Money } from "~/modules/catalogue/types";

/** What the search endpoint answers for each match. */
export interface SearchHit {
  id: string;
  handle: string;
  title: string;
  price: Money;
  image: { url: string; altText: string | null; width: number | null; height: number | null } | null;
}

const MIN_CHARS = 2;
const DEBOUNCE_MS = 200;

type SearchState = { status: "idle" } | { status: "loading"; query: string } | { status: "done"; query: string; hits: SearchHit[] } | { status: "error"; query: string };

export function SearchPopover({ fetchHits }: { fetchHits: (query: string, signal: AbortSignal) => Promise<SearchHit[]> }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [state, setState] = useState<SearchState>({ status: "idle" });
  const latest = useRef<AbortController | null>(null);
  const inputId = useId();
  const listId = useId();

  useEffect(() => {
    const query = text.trim();
    latest.current?.abort();
    if (query.length < MIN_CHARS) return;
    // Each keystroke cancels the request before it: an older answer can never replace a newer one.
    const controller = new AbortController();
    latest.current = controller;
    const timer = setTimeout(() => {
      setState({ status: "loading", query });
      fetchHits(query, controller.signal).then(
        (hits) => {
          if (!controller.signal.aborted) setState({ status: "done", query, hits: hits.slice(0, 5) });
        },
        () => {
          if (!controller.signal.aborted) setState({ status: "error", query });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, fetchHits]);

  const close = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setText("");
      setState({ status: "idle" });
    }
  };
  const query = text.trim();
  const current = query.length >= MIN_CHARS && state.status !== "idle" && state.query === query ? state : null;

  return (
    <Popover.Root open={open} onOpenChange={close}>
      <Popover.Trigger className="inline-flex size-11 items-center justify-center rounded-full hover:bg-accent" aria-label="Search dresses">
        <Search className="size-5" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={10}
          collisionPadding={12}
          className="z-50 w-[min(26rem,calc(100vw-1.5rem))] rounded-2xl border border-border bg-surface p-3 shadow-xl outline-none data-[state=open]:animate-[pop-in_.18s_ease-out]"
        >
          <div className="flex items-center gap-2 rounded-xl border border-border bg-background px-3 focus-within:border-gold-ink">
            <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <label htmlFor={inputId} className="sr-only">
              Search dresses
            </label>
            <input
              id={inputId}
              type="search"
              autoComplete="off"
              placeholder="Search dresses..."
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-controls={listId}
              className="h-11 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground [&::-webkit-search-cancel-button]:hidden"
            />
            <Popover.Close className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-accent" aria-label="Close search">
              <X className="size-4" aria-hidden="true" />
            </Popover.Close>
          </div>
          <div id={listId} aria-live="polite" className="empty:hidden">
            {current?.status === "loading" ? <p className="px-2 pt-4 pb-2 text-sm text-muted-foreground">Searching…</p> : null}
            {current?.status === "error" ? <p className="px-2 pt-4 pb-2 text-sm text-muted-foreground">Search is unavailable right now. Please try again.</p> : null}
            {current?.status === "done" && current.hits.length === 0 ? <p className="px-2 pt-4 pb-2 text-sm text-muted-foreground">No results found</p> : null}
            {current?.status === "done" && current.hits.length > 0 ? (
              <ul className="mt-2 flex flex-col" aria-label="Search results">
                {current.hits.map((hit) => (
                  <li key={hit.id}>
                    <Link to={`/product/${hit.handle}`} onClick={() => close(false)} className="flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-accent">
                      {hit.image ? (
                        <img src={hit.image.url} alt={hit.image.altText ?? hit.title} width={48} height={64} loading="lazy" className="h-16 w-12 shrink-0 rounded-md bg-muted object-cover" />
                      ) : (
                        <span className="h-16 w-12 shrink-0 rounded-md bg-muted" aria-hidden="true" />
                      )}
                      <span className="min-w-0">
                        <span className="block truncate font-display text-lg">{hit.title}</span>
                        <span className="block text-sm text-muted-foreground">{formatPrice(hit.price)}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
