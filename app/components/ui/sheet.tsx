import { forwardRef, lazy, type ButtonHTMLAttributes } from "react";
import { LazyMount } from "./lazy-mount";
import type { SheetPanelProps } from "./sheet-panel";

const SheetPanel = lazy(() => import("./sheet-panel"));
/** Start fetching the panel's code (on hover or focus of its trigger). */
export const preloadSheet = () => void import("./sheet-panel");

/** A side panel whose dialog code loads the first time it opens. */
export function Sheet(props: SheetPanelProps) {
  return (
    <LazyMount when={props.open}>
      <SheetPanel {...props} />
    </LazyMount>
  );
}

/** The button that opens a sheet; it warms the panel's code before the click. */
export const SheetTrigger = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { open: boolean }>(
  function SheetTrigger({ open, ...props }, ref) {
    return (
      <button
        ref={ref}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preloadSheet}
        onFocus={preloadSheet}
        {...props}
      />
    );
  },
);
