import { Search } from "lucide-react";
import { lazy, useRef, useState } from "react";
import { LazyMount } from "~/components/ui/lazy-mount";
import type { SearchHit } from "~/modules/catalogue/types";

const SearchPanel = lazy(() => import("./search-panel"));
const preload = () => void import("./search-panel");

/** The header's search button; the panel's code arrives on first use. */
export function SearchPopover({ fetchHits }: { fetchHits: (query: string, signal: AbortSignal) => Promise<SearchHit[]> }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={preload}
        onFocus={preload}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="inline-flex size-11 items-center justify-center rounded-full hover:bg-accent"
        aria-label="Search dresses"
      >
        <Search className="size-5" aria-hidden="true" />
      </button>
      <LazyMount when={open}>
        <SearchPanel open={open} onOpenChange={setOpen} triggerRef={trigger} fetchHits={fetchHits} />
      </LazyMount>
    </>
  );
}
