import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./alert-dialog";
import { SubmitButton } from "./button";

/**
 * A question before something that cannot be undone ("Delete this item?"): the trigger, the alert dialog with its
 * title and description, then `children` (the confirming form, with a `ConfirmDialogFooter` inside or beside it).
 * Open state is the caller's when it passes `open` and `onOpenChange` (to close once the answer is in).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  children,
  open,
  onOpenChange,
  defaultOpen,
}: {
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  defaultOpen?: boolean;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange} defaultOpen={defaultOpen}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * The dialog's buttons: the one that keeps things as they are (`cancel`, focused first), then the confirming submit
 * (`children`). A plain submit in a form, not an AlertDialogAction, which would unmount the form before it is sent.
 */
export function ConfirmDialogFooter({ cancel, children }: { cancel: string; children?: ReactNode }) {
  return (
    <AlertDialogFooter>
      <AlertDialogCancel>{cancel}</AlertDialogCancel>
      {children}
    </AlertDialogFooter>
  );
}

/** The confirming submit of a ConfirmDialog's form: the project's SubmitButton, destructive and small. */
export function ConfirmButton({ busy = false, busyLabel, children }: { busy?: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <SubmitButton variant="destructive" size="sm" busy={busy} busyLabel={busyLabel} className="w-full sm:w-auto">
      {children}
    </SubmitButton>
  );
}
