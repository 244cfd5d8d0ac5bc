import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { firstMessage, getFormErrors, type FormErrors, type FormFailure } from "~/lib/forms";

/**
 * What the dashboard's action answers a script's request with, naming the
 * intent that asked: its success with the toast's message, or the form
 * helper's failure, whose formError is the toast and whose fieldErrors the
 * reschedule dialog shows beside its fields.
 */
export type DashboardAnswer = { ok: true; intent: string; message: string } | (FormFailure & { intent: string });

/**
 * Every control of the dashboard posts through this one keyed fetcher, so
 * its answer outlives the control (a deleted row's button is gone by the
 * time the answer is read); `DashboardToasts` shows each answer once.
 */
export const DASHBOARD_FETCHER = "admin-dashboard-action";

export function useDashboardFetcher() {
  return useFetcher<DashboardAnswer>({ key: DASHBOARD_FETCHER });
}

/**
 * Watches the dashboard's one fetcher for the answer to a form this control sent (call `markSent` as it is
 * submitted): `onAnswer` runs once per answer to `intent`, with whether it went through and its errors.
 */
export function useOwnAnswer(intent: string, onAnswer: (ok: boolean, errors: FormErrors) => void) {
  const fetcher = useDashboardFetcher();
  const sent = useRef(false);
  useEffect(() => {
    if (!sent.current || fetcher.state !== "idle") return;
    sent.current = false;
    const answer = fetcher.data;
    if (answer?.intent === intent) onAnswer(answer.ok, getFormErrors(answer));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per answer
  }, [fetcher.state, fetcher.data]);
  return { fetcher, markSent: () => (sent.current = true) };
}

export function DashboardToasts() {
  const fetcher = useDashboardFetcher();
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    const message = answer.ok ? answer.message : firstMessage(answer);
    if (!message) return;
    if (answer.ok) toast.success(message);
    else toast.error(message);
  }, [fetcher.data]);
  return null;
}
