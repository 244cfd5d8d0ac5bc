import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { forwardRef, type ComponentPropsWithoutRef, type HTMLAttributes } from "react";
import { cx } from "~/lib/class-names";

/**
 * A modal dialog (Radix: focus trap, Escape, scroll lock, role="dialog" named
 * by its title). Every dialog needs a `DialogTitle`; hide it visually with
 * `className="sr-only"` if the design has none.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export const overlayStyles = "animate-fade-in fixed inset-0 z-50 bg-[#1b1a18]/60 backdrop-blur-[2px]";
export const contentStyles =
  "animate-dialog-in fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto border border-border bg-background shadow-2xl";

export type DialogContentProps = ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & {
  /** Show the round close button at the top right (named "Close"). */
  closeButton?: boolean;
  /** "md": a padded box up to 32rem wide; "none": width and padding come from `className`. */
  size?: "md" | "none";
};

export const DialogContent = forwardRef<HTMLDivElement, DialogContentProps>(function DialogContent(
  { className, children, closeButton = true, size = "md", ...props },
  ref,
) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayStyles} />
      <DialogPrimitive.Content ref={ref} className={cx(contentStyles, size === "md" && "max-w-lg p-6 sm:p-8", className)} {...props}>
        {children}
        {closeButton ? (
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
          >
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
});

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx("grid gap-2 pr-8", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx("mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end", className)} {...props} />;
}

/** The dialog's name. Its default look (display type, 3xl) applies when no `className` is given; a `className` replaces it. */
export const DialogTitle = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Title>>(function DialogTitle(
  { className, ...props },
  ref,
) {
  return <DialogPrimitive.Title ref={ref} className={className ?? "text-3xl leading-tight"} {...props} />;
});

/** Read with the dialog's name. As with the title, a `className` replaces the default look. */
export const DialogDescription = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Description>>(
  function DialogDescription({ className, ...props }, ref) {
    return <DialogPrimitive.Description ref={ref} className={className ?? "leading-relaxed text-muted-foreground"} {...props} />;
  },
);
