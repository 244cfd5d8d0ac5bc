import { useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmButton, ConfirmDialog, ConfirmDialogFooter } from "~/components/ui/confirm-dialog";
import { FormMessage } from "~/components/ui/field";
import { DASHBOARD_MESSAGES } from "../admin";
import { useHydrated } from "~/lib/hydrated";
import { useOwnAnswer } from "./use-dashboard-action";

type Target = {
  tab: string;
  id: string;
  label: string;
  back: string;
  /** A fitting still to come: the server refuses its delete ("Cancel it first"), and the question says so up front. */
  upcoming?: boolean;
};

function HiddenFields({ tab, id, back }: Omit<Target, "label" | "upcoming">) {
  return (
    <>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="tab" value={tab} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
    </>
  );
}

/** What the question says under SPEC §5's words. */
function consequence(target: Target): string {
  return target.upcoming
    ? `${target.label}'s fitting is still to come, so it cannot be deleted: cancel it first (Cancel fitting, in its details), which emails the customer.`
    : `${target.label} will be removed. Its history stays in the audit log.`;
}

/**
 * Delete, only after SPEC §5's question. With JavaScript the question is an
 * alert dialog, which stays open to show a refusal (a fitting still to come:
 * "Cancel it first"); before it, the button is a link to the same page asking
 * the question (`confirmHref`), answered by `DeleteConfirmation`.
 */
export function DeleteControl({ target, confirmHref }: { target: Target; confirmHref: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Once the answer is in: gone, the dialog closes with the row; refused, the dialog says why (the toast too).
  const { fetcher, markSent } = useOwnAnswer("delete", (ok, answer) => {
    if (ok) setOpen(false);
    else setRefusal(answer.formError ?? DASHBOARD_MESSAGES.deleteFailed);
  });
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
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setRefusal(null);
      }}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Delete ${target.label}`}>
          Delete
        </Button>
      }
      title={DASHBOARD_MESSAGES.confirmDelete}
      description={consequence(target)}
    >
      {refusal ? <FormMessage className="mt-4">{refusal}</FormMessage> : null}
      <ConfirmDialogFooter cancel={refusal ? "Keep it" : "Cancel"}>
        <fetcher.Form
          method="post"
          action="/admin/dashboard"
          onSubmit={() => {
            markSent();
            setRefusal(null);
          }}
        >
          <HiddenFields {...target} />
          <input type="hidden" name="via" value="fetcher" />
          <ConfirmButton busy={busy} busyLabel="Deleting...">
            Delete
          </ConfirmButton>
        </fetcher.Form>
      </ConfirmDialogFooter>
    </ConfirmDialog>
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
        {consequence(target)}
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
