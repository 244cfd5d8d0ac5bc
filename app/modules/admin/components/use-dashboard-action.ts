import { useEffect, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { firstMessage, type FormFailure } from "~/lib/forms";

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

const noSubscription = () => () => {};

/** False in the server's HTML and before hydration; the controls that need JavaScript switch on after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
