import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { statusLabel } from "../admin";
import { useHydrated } from "~/lib/hydrated";
import { useDashboardFetcher } from "./use-dashboard-action";

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
      {/* What this control was drawn with: a fitting another admin changed since is not changed (the first wins). */}
      <input type="hidden" name="from" value={status} />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <Select
        name="status"
        aria-label={`Update ${label}`}
        value={shown}
        disabled={sending}
        onChange={(event) => {
          if (hydrated) fetcher.submit(event.currentTarget.form);
        }}
        className="h-10! min-w-36 text-sm!"
        options={statuses.map((s) => ({ value: s, label: statusLabel(s) }))}
      />
      {hydrated ? null : (
        <Button type="submit" variant="outline" size="sm">
          Save
        </Button>
      )}
    </fetcher.Form>
  );
}
