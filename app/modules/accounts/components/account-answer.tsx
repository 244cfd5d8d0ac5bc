import { useEffect } from "react";
import type { FormFailure } from "~/lib/forms";
import { toast } from "~/lib/toast";

/** What the account page's forms answer: a success with its toast, or a failure in the form helper's shape; `intent` names the form. */
export type AccountAnswer = { intent: string } & ({ ok: true; message?: string } | FormFailure);

/** Toasts an answer once: a success's message, or a failure's form-level message. */
export function useAnswerToast(answer: AccountAnswer | undefined) {
  useEffect(() => {
    if (answer?.ok && answer.message) toast.success(answer.message);
    if (answer?.ok === false && answer.formError) toast.error(answer.formError);
  }, [answer]);
}

/** A tab with nothing in it yet, in SPEC's words. */
export function EmptyTab({ children }: { children: string }) {
  return <p className="py-10 text-center text-muted-foreground">{children}</p>;
}
