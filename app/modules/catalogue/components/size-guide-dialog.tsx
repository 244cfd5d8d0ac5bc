import { Ruler } from "lucide-react";
import { lazy, useState } from "react";
import { LazyMount } from "~/components/ui/lazy-mount";

const SizeGuidePanel = lazy(() => import("./size-guide-panel"));
const preload = () => void import("./size-guide-panel");

export function SizeGuideDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
        aria-haspopup="dialog"
        aria-expanded={open}
        className="inline-flex items-center gap-2 text-sm underline-offset-4 hover:underline"
      >
        <Ruler className="size-4" aria-hidden="true" />
        Size Guide
      </button>
      <LazyMount when={open}>
        <SizeGuidePanel open={open} onOpenChange={setOpen} />
      </LazyMount>
    </>
  );
}
