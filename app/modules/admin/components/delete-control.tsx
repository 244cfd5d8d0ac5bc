import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { DASHBOARD_MESSAGES } from "../admin";
import { useDashboardFetcher, useHydrated } from "./use-dashboard-action";

type Target = { tab: string; id: string; label: string; back: string };

function HiddenFields({ tab, id, back }: Omit<Target, "label">) {
  return (
    <>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="tab" value={tab} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
    </>
  );
}

/**
 * Delete, only after SPEC §5's question. With JavaScript the question is an
 * alert dialog; before it, the button is a link to the same page asking the
 * question (`confirmHref`), answered by `DeleteConfirmation`.
 */
export function DeleteControl({ target, confirmHref }: { target: Target; confirmHref: string }) {
  const hydrated = useHydrated();
  const fetcher = useDashboardFetcher();
  const [open, setOpen] = useState(false);
  const sent = useRef(false);
  useEffect(() => {
    // Close once the answer is in (the row then disappears, or a toast says why not).
    if (sent.current && fetcher.state === "idle") {
      sent.current = false;
      setOpen(false);
    }
  }, [fetcher.state]);
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === target.id;

  if (!hydrated) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link to={confirmHref} aria-label={`Delete ${target.label}`}>
          Delete
        </Link>
      </Button>
    );
  }
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Delete ${target.label}`}>
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{DASHBOARD_MESSAGES.confirmDelete}</AlertDialogTitle>
          <AlertDialogDescription>{target.label} will be removed. Its history stays in the audit log.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <fetcher.Form
            method="post"
            action="/admin/dashboard"
            onSubmit={() => {
              sent.current = true;
            }}
          >
            <HiddenFields {...target} />
            <input type="hidden" name="via" value="fetcher" />
            <Button type="submit" variant="destructive" size="sm" disabled={busy} className="w-full sm:w-auto">
              {busy ? "Deleting..." : "Delete"}
            </Button>
          </fetcher.Form>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The question without JavaScript: a box above the table with a plain form. */
export function DeleteConfirmation({ target, cancelHref }: { target: Target; cancelHref: string }) {
  return (
    <section
      role="alertdialog"
      aria-labelledby="confirm-delete-title"
      aria-describedby="confirm-delete-text"
      className="mb-6 rounded-md border border-destructive/50 bg-surface p-5"
    >
      <h3 id="confirm-delete-title" className="text-xl">
        {DASHBOARD_MESSAGES.confirmDelete}
      </h3>
      <p id="confirm-delete-text" className="mt-2 text-sm text-muted-foreground">
        {target.label} will be removed. Its history stays in the audit log.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" action="/admin/dashboard">
          <HiddenFields {...target} />
          <Button type="submit" variant="destructive" size="sm">
            Delete
          </Button>
        </Form>
        <Button asChild variant="outline" size="sm">
          <Link to={cancelHref}>Cancel</Link>
        </Button>
      </div>
    </section>
  );
}
