import { Search } from "lucide-react";
import { lazy, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
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
      <Button
        ref={trigger}
        variant="quiet"
        size="icon"
        onClick={() => setOpen((o) => !o)}
        onPointerEnter={preload}
        onFocus={preload}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label="Search dresses"
      >
        <Search className="size-5" aria-hidden="true" />
      </Button>
      <LazyMount when={open}>
        <SearchPanel open={open} onOpenChange={setOpen} triggerRef={trigger} fetchHits={fetchHits} />
      </LazyMount>
    </>
  );
}
