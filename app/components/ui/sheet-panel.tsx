import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode, RefObject } from "react";

/**
 * A panel that slides in from a side: radix Dialog underneath, so focus is
 * trapped, Escape closes it and the page behind is inert. Loaded on first
 * use (see sheet.tsx), so no page pays for it up front.
 */

const SIDES = {
  left: "inset-y-0 left-0 h-full w-[min(24rem,88vw)] border-r data-[state=open]:animate-[sheet-in-left_.28s_ease-out] data-[state=closed]:animate-[sheet-out-left_.2s_ease-in]",
  right:
    "inset-y-0 right-0 h-full w-[min(28rem,100vw)] border-l data-[state=open]:animate-[sheet-in-right_.28s_ease-out] data-[state=closed]:animate-[sheet-out-right_.2s_ease-in]",
  bottom:
    "inset-x-0 bottom-0 h-[80vh] rounded-t-3xl border-t data-[state=open]:animate-[sheet-in-bottom_.3s_ease-out] data-[state=closed]:animate-[sheet-out-bottom_.2s_ease-in]",
} as const;

export interface SheetPanelProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Focus goes back here when the panel closes. */
  triggerRef: RefObject<HTMLElement | null>;
  side: keyof typeof SIDES;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

export default function SheetPanel({
  open,
  onOpenChange,
  triggerRef,
  side,
  title,
  description,
  children,
  footer,
  testId,
}: SheetPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_.2s_ease-out] data-[state=closed]:animate-[fade-out_.2s_ease-in]" />
        <Dialog.Content
          data-testid={testId}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className={`fixed z-50 flex flex-col border-border bg-background shadow-2xl outline-none ${SIDES[side]}`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-6 py-5">
            <div>
              <Dialog.Title className="font-display text-2xl">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-sm text-muted-foreground">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            <Dialog.Close className="-mr-2 inline-flex size-10 items-center justify-center rounded-full hover:bg-accent" aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto">{children}</div>
          {footer ? <div className="border-t border-border px-6 py-5">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
