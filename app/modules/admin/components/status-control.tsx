import { Button } from "~/components/ui/button";
import { statusLabel } from "../admin";
import { useDashboardFetcher, useHydrated } from "./use-dashboard-action";

/**
 * The status dropdown of one row (SPEC §4: any status, in any order). With
 * JavaScript a choice is sent at once; without, a Save button sends the form.
 */
export function StatusControl({
  tab,
  id,
  status,
  statuses,
  label,
  back,
}: {
  tab: string;
  id: string;
  status: string;
  statuses: readonly string[];
  label: string;
  back: string;
}) {
  const fetcher = useDashboardFetcher();
  const hydrated = useHydrated();
  const sending = fetcher.state !== "idle" && fetcher.formData?.get("id") === id && fetcher.formData.get("intent") === "status";
  const shown = sending ? String(fetcher.formData?.get("status")) : status;
  return (
    <fetcher.Form method="post" action="/admin/dashboard" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="tab" value={tab} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <span className="relative block">
        <select
          name="status"
          aria-label={`Update ${label}`}
          value={shown}
          disabled={sending}
          onChange={(event) => {
            if (hydrated) fetcher.submit(event.currentTarget.form);
          }}
          className="h-10 min-w-36 appearance-none rounded-md border border-foreground/25 bg-surface pr-8 pl-3 text-sm text-foreground focus:border-gold-ink"
        >
          {statuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        >
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </span>
      {hydrated ? null : (
        <Button type="submit" variant="outline" size="sm">
          Save
        </Button>
      )}
    </fetcher.Form>
  );
}
