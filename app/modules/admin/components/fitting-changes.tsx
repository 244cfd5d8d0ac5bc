import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmButton, ConfirmDialog, ConfirmDialogFooter } from "~/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { FormMessage } from "~/components/ui/field";
import { formatSlot } from "~/lib/format";
import { inputAttributes, type FieldErrors } from "~/lib/forms";
import type { FittingAvailability } from "~/modules/fittings/components/fitting-booking-form";
import { SlotDateField, SlotTimeField, timeChoice } from "~/modules/fittings/components/slot-fields";
import { fittingRescheduleSchema, fittingStaffCancelSchema } from "~/modules/fittings/schema";
import type { AppointmentRow } from "../types";
import { useHydrated } from "~/lib/hydrated";
import { useOwnAnswer } from "./use-dashboard-action";

/**
 * Reschedule: a dialog with the Fitting Room's calendar and the chosen day's
 * times, both from the server (only open days and free times can be chosen).
 * The dashboard's action judges the slot again and takes a place in it; the
 * customer is mailed the new time with an updated invitation.
 */
export function RescheduleControl({ row, back }: { row: AppointmentRow; back: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const slots = useFetcher<FittingAvailability>();
  const ids = { time: useId(), date: useId(), form: useId() };
  const { fetcher, markSent } = useOwnAnswer("reschedule", (ok, answer) => {
    if (ok) setOpen(false);
    else setErrors(answer.fieldErrors);
  });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === row.id;

  const loadDay = (day: string) => void slots.load(`/admin/dashboard/slots?date=${day}`);
  const availability = slots.data;
  // The server may answer with another day (the asked one cannot be booked): follow it.
  const shownDate = availability && (date === null || availability.date !== date) && slots.state === "idle" ? availability.date : date;
  const daySlots = availability && availability.date === shownDate ? availability.slots : null;
  const current = { date: row.preferredDate, time: row.preferredTime };
  const choice = timeChoice(daySlots, shownDate, time, current);

  if (!hydrated) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setErrors({});
          setDate(null);
          setTime(null);
          loadDay(row.preferredDate);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Reschedule the fitting of ${row.name}`}>
          Reschedule
        </Button>
      </DialogTrigger>
      <DialogContent
        className="max-w-lg p-5 sm:p-8"
        // Open at the top, on the dialog itself (named by its title): the first button is the footer's, which on a phone scrolls the calendar away.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="text-2xl leading-tight sm:text-3xl">Reschedule the fitting</DialogTitle>
          <DialogDescription>
            {row.name}, now {formatSlot(row.preferredDate, row.preferredTime)}. The customer is emailed the new time with an updated
            calendar invitation.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          id={ids.form}
          method="post"
          action="/admin/dashboard"
          className="mt-6 grid gap-6"
          onSubmit={() => {
            setErrors({});
            markSent();
          }}
        >
          <input type="hidden" name="intent" value="reschedule" />
          <input type="hidden" {...inputAttributes(fittingRescheduleSchema, "id")} value={row.id} />
          <input type="hidden" name="back" value={back} />
          <input type="hidden" name="via" value="fetcher" />
          <input type="hidden" {...inputAttributes(fittingRescheduleSchema, "date")} value={shownDate ?? ""} />
          {availability ? (
            <>
              <SlotDateField
                id={ids.date}
                label="New date"
                calendar={availability.calendar}
                date={shownDate}
                errors={errors.date}
                onDate={(next) => {
                  setDate(next);
                  setErrors({});
                  loadDay(next);
                }}
              />
              <SlotTimeField
                id={ids.time}
                label="New time"
                name={inputAttributes(fittingRescheduleSchema, "time").name}
                choice={choice}
                errors={errors.time}
                onTime={setTime}
                disabled={!daySlots}
              />
            </>
          ) : (
            <p role="status" className="text-sm text-muted-foreground">
              Loading the open days...
            </p>
          )}
          {errors.id ? <FormMessage>{errors.id[0]}</FormMessage> : null}
        </fetcher.Form>
        <DialogFooter className="mt-6">
          <Button type="button" variant="outline" size="sm" onClick={() => setOpen(false)}>
            Keep the time
          </Button>
          <Button
            type="submit"
            form={ids.form}
            variant="primary"
            size="sm"
            disabled={busy || !shownDate || !daySlots || !choice.chosenTime}
          >
            {busy ? "Moving..." : "Move the fitting"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Cancel for the boutique, after a question: the fitting is cancelled, its
 * place freed, and the customer mailed the cancellation (METHOD:CANCEL).
 */
export function CancelFittingControl({ row, back }: { row: AppointmentRow; back: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const { fetcher, markSent } = useOwnAnswer("cancel-fitting", (ok) => {
    if (ok) setOpen(false);
  });
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === row.id;
  if (!hydrated) return null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Cancel fitting of ${row.name}`}>
          Cancel fitting
        </Button>
      }
      title="Cancel this fitting?"
      description={`${row.name}'s fitting on ${formatSlot(row.preferredDate, row.preferredTime)} will be cancelled and the time freed. The customer is emailed the cancellation, which removes it from their calendar.`}
    >
      <ConfirmDialogFooter cancel="Keep the fitting">
        <fetcher.Form method="post" action="/admin/dashboard" onSubmit={markSent}>
          <input type="hidden" name="intent" value="cancel-fitting" />
          <input type="hidden" {...inputAttributes(fittingStaffCancelSchema, "id")} value={row.id} />
          <input type="hidden" name="back" value={back} />
          <input type="hidden" name="via" value="fetcher" />
          <ConfirmButton busy={busy} busyLabel="Cancelling...">
            Cancel fitting
          </ConfirmButton>
        </fetcher.Form>
      </ConfirmDialogFooter>
    </ConfirmDialog>
  );
}
