import { Search, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { Link } from "react-router";
import { formatPrice } from "~/lib/format";
import type { SearchHit } from "~/modules/catalogue/types";

const MIN_CHARS = 2;
const DEBOUNCE_MS = 200;

type SearchState =
  | { status: "idle" }
  | { status: "loading"; query: string }
  | { status: "done"; query: string; hits: SearchHit[] }
  | { status: "error"; query: string };

export interface SearchPanelProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  triggerRef: RefObject<HTMLElement | null>;
  fetchHits: (query: string, signal: AbortSignal) => Promise<SearchHit[]>;
}

/** The search box and its results; loaded the first time search opens. */
export default function SearchPanel({ open, onOpenChange, triggerRef, fetchHits }: SearchPanelProps) {
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
    onOpenChange(next);
    if (!next) {
      setText("");
      setState({ status: "idle" });
    }
  };
  const query = text.trim();
  const current = query.length >= MIN_CHARS && state.status !== "idle" && state.query === query ? state : null;

  return (
    // A non-modal dialog under the header: it closes on an outside click or
    // Escape like a popover, without a positioning engine in every page's JavaScript.
    <Dialog.Root open={open} onOpenChange={close} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          aria-describedby={undefined}
          onInteractOutside={(event) => {
            // The search button toggles the panel itself.
            if (triggerRef.current?.contains(event.target as Node)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="fixed top-[4.75rem] left-1/2 z-50 w-[min(34rem,calc(100vw-1.5rem))] -translate-x-1/2 rounded-2xl border border-border bg-surface p-3 shadow-xl outline-none data-[state=open]:animate-[pop-in_.18s_ease-out] lg:top-[5.5rem]"
        >
          <Dialog.Title className="sr-only">Search dresses</Dialog.Title>
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
            <Dialog.Close
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-accent"
              aria-label="Close search"
            >
              <X className="size-4" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div id={listId} aria-live="polite" className="empty:hidden">
            {current?.status === "loading" ? <p className="px-2 pt-4 pb-2 text-sm text-muted-foreground">Searching…</p> : null}
            {current?.status === "error" ? (
              <p className="px-2 pt-4 pb-2 text-sm text-muted-foreground">Search is unavailable right now. Please try again.</p>
            ) : null}
            {current?.status === "done" && current.hits.length === 0 ? (
              <p className="px-2 pt-4 pb-2 text-sm text-muted-foreground">No results found</p>
            ) : null}
            {current?.status === "done" && current.hits.length > 0 ? (
              <ul className="mt-2 flex flex-col" aria-label="Search results">
                {current.hits.map((hit) => (
                  <li key={hit.id}>
                    <Link
                      to={`/product/${hit.handle}`}
                      onClick={() => close(false)}
                      className="flex items-center gap-3 rounded-xl p-2 transition-colors hover:bg-accent"
                    >
                      {hit.image ? (
                        <img
                          src={hit.image.url}
                          alt={hit.image.altText ?? hit.title}
                          width={48}
                          height={64}
                          loading="lazy"
                          className="h-16 w-12 shrink-0 rounded-md bg-muted object-cover"
                        />
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
