import { useEffect, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import type { FieldErrors } from "~/lib/forms";

/** What the dashboard's action answers a script's request with. */
export interface ActionAnswer {
  intent: string;
  ok: boolean;
  message: string;
  /** A form's refused fields (the reschedule dialog shows them beside the field). */
  fieldErrors?: FieldErrors;
}

/**
 * Every control of the dashboard posts through this one keyed fetcher, so
 * its answer outlives the control (a deleted row's button is gone by the
 * time the answer is read); `DashboardToasts` shows each answer once.
 */
export const DASHBOARD_FETCHER = "admin-dashboard-action";

export function useDashboardFetcher() {
  return useFetcher<ActionAnswer>({ key: DASHBOARD_FETCHER });
}

export function DashboardToasts() {
  const fetcher = useDashboardFetcher();
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer?.message) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.message);
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
