import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { forwardRef, type ComponentPropsWithoutRef, type HTMLAttributes } from "react";
import { cx } from "~/lib/class-names";
import { buttonStyles, type ButtonVariant } from "./button";
import { contentStyles, overlayStyles } from "./dialog";

/**
 * A confirmation that interrupts (Radix: role="alertdialog", focus starts on
 * Cancel, no closing by a click outside). For "Delete this item?" and the like.
 * The dialog itself needs JavaScript: keep a plain `<Form method="post">`
 * path for the action (a page, or a form the dialog enhances), and inside the
 * content submit with a plain `<Button type="submit">` in that form rather
 * than `AlertDialogAction`, which closes (unmounts) the form on click before
 * the browser submits it.
 */
export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export const AlertDialogContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Content>>(
  function AlertDialogContent({ className, ...props }, ref) {
    return (
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayStyles} />
        <AlertDialogPrimitive.Content ref={ref} className={cx(contentStyles, "max-w-md p-6 sm:p-8", className)} {...props} />
      </AlertDialogPrimitive.Portal>
    );
  },
);

export function AlertDialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx("grid gap-2", className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx("mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end", className)} {...props} />;
}

export const AlertDialogTitle = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Title>>(
  function AlertDialogTitle({ className, ...props }, ref) {
    return <AlertDialogPrimitive.Title ref={ref} className={cx("text-2xl leading-tight", className)} {...props} />;
  },
);

export const AlertDialogDescription = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Description>>(
  function AlertDialogDescription({ className, ...props }, ref) {
    return <AlertDialogPrimitive.Description ref={ref} className={cx("leading-relaxed text-muted-foreground", className)} {...props} />;
  },
);

export const AlertDialogAction = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Action> & { variant?: ButtonVariant }
>(function AlertDialogAction({ className, variant = "destructive", ...props }, ref) {
  return <AlertDialogPrimitive.Action ref={ref} className={buttonStyles(variant, className, "sm")} {...props} />;
});

export const AlertDialogCancel = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<typeof AlertDialogPrimitive.Cancel> & { variant?: ButtonVariant }
>(function AlertDialogCancel({ className, variant = "outline", ...props }, ref) {
  return <AlertDialogPrimitive.Cancel ref={ref} className={buttonStyles(variant, className, "sm")} {...props} />;
});
