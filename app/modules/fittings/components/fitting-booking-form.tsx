import { CalendarCheck, Loader2 } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { DateGrid } from "~/components/ui/date-grid";
import { Thumbnail } from "~/components/ui/thumbnail";
import { Field, FieldError } from "~/components/ui/field";
import { firstMessage, getFormErrors, type FieldErrors, type FormErrors, type FormFailure } from "~/lib/forms";
import { useHydrated } from "~/lib/hydrated";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { DEFAULT_SLOT_TIME, longDate, slotLabel, SLOT_TIMES } from "../fittings";
import { FITTING_MESSAGES, firstFittingMessage, fittingBookingSchema, fittingFieldErrors } from "../schema";
import type { FittingCalendar, PullItem, SlotAvailability } from "../types";

/** What POST /fitting-room answers: the booked slot, or the form helper's failure (its formError is the toast). */
export type FittingBookingResult = { ok: true; date: string; time: string } | FormFailure;

/** What GET /fitting-room?date= gives the form: the calendar and one day's slots. */
export interface FittingAvailability {
  calendar: FittingCalendar;
  date: string | null;
  slots: SlotAvailability[];
  /** The signed-in shopper's wishlist, to tick dresses for the pull list (empty for a guest). */
  pullChoices?: PullItem[];
}

function bookedDescription(date: string, time: string): string {
  return `Your fitting is booked for ${longDate(date)} at ${slotLabel(time)}. A confirmation email will follow shortly.`;
}

const EMPTY = { name: "", email: "", phone: "", notes: "" };

/**
 * SPEC's booking form. A real form posting to /fitting-room, so it books
 * without JavaScript (a native date field stands in for the calendar until
 * the page is hydrated); with JavaScript it checks the fields first, posts
 * through a fetcher, asks the server for the chosen day's slots, and answers
 * with toasts.
 */
export function FittingBookingForm({
  availability,
  serverResult,
}: {
  availability: FittingAvailability;
  serverResult?: FittingBookingResult;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<FittingBookingResult>();
  const slotsFetcher = useFetcher<FittingAvailability>();
  const ids = { name: useId(), email: useId(), phone: useId(), date: useId(), time: useId(), notes: useId(), hp: useId() };
  const initial = serverResult && !serverResult.ok ? getFormErrors(serverResult) : undefined;
  const [fields, setFields] = useState({ ...EMPTY, ...pick(initial) });
  const defaultDate = availability.date ?? availability.calendar.firstOpenDay ?? availability.calendar.today;
  const [date, setDate] = useState<string | null>(initial?.valueOf("date") ?? defaultDate);
  const [time, setTime] = useState<string>(initial?.valueOf("time") ?? DEFAULT_SLOT_TIME);
  const [errors, setErrors] = useState<FieldErrors>(initial?.fieldErrors ?? {});
  const handled = useRef<FittingBookingResult | null>(null);
  // Bumped after a booking: the pull list's checkboxes start unticked again.
  const [resetKey, setResetKey] = useState(0);
  const busy = fetcher.state !== "idle";

  const current = slotsFetcher.data ?? availability;
  const calendar = current.calendar;
  // Without JavaScript the native date field can change the day: the server then judges the time alone.
  const slots = hydrated && current.date === date ? current.slots : null;
  const closed = useMemo(() => new Set(calendar.closedDays), [calendar.closedDays]);

  const loadDay = (day: string | null) => {
    if (day) void slotsFetcher.load(`/fitting-room?date=${day}`);
  };

  // Each answer once: the form's state changes while rendering (React's way to
  // adjust state to new data), the toast after the render.
  const [seen, setSeen] = useState<FittingBookingResult | null>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (answer && answer !== seen) {
    setSeen(answer);
    if (answer.ok) {
      setResetKey((n) => n + 1);
      setFields(EMPTY);
      setErrors({});
      setTime(DEFAULT_SLOT_TIME);
      setDate(defaultDate);
    } else {
      setErrors(getFormErrors(answer).fieldErrors);
    }
  }
  useEffect(() => {
    if (!seen || handled.current === seen) return;
    handled.current = seen;
    if (seen.ok) {
      toast.success(FITTING_MESSAGES.success, { description: bookedDescription(seen.date, seen.time) });
      loadDay(defaultDate);
    } else {
      toast.error(firstMessage(seen) ?? FITTING_MESSAGES.failed);
      loadDay(date);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per answer
  }, [seen]);

  // A chosen time that is full or past on the chosen day gives way to the day's first free one.
  const chosen = slots?.find((slot) => slot.time === time);
  const effectiveTime = chosen && !chosen.available ? (slots?.find((slot) => slot.available)?.time ?? time) : time;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const parsed = fittingBookingSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      toast.error(firstFittingMessage(parsed.error));
      setErrors(fittingFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    void fetcher.submit(form, { method: "post", action: "/fitting-room" });
  };

  const noJsSuccess = !fetcher.data && serverResult?.ok ? serverResult : null;

  return (
    <fetcher.Form method="post" action="/fitting-room" noValidate onSubmit={onSubmit} className="space-y-7">
      {noJsSuccess ? (
        <div role="status" className="border border-gold/60 bg-accent px-5 py-4 text-accent-foreground">
          <p className="font-medium">{FITTING_MESSAGES.success}</p>
          <p className="mt-1 text-sm">{bookedDescription(noJsSuccess.date, noJsSuccess.time)}</p>
        </div>
      ) : null}
      {!fetcher.data && serverResult && !serverResult.ok ? (
        <p role="alert" className="border border-destructive/60 px-5 py-4 text-destructive">
          {firstMessage(serverResult) ?? FITTING_MESSAGES.failed}
        </p>
      ) : null}

      <div className="grid gap-7 sm:grid-cols-2">
        <Field id={ids.name} label="Full name" errors={errors.name} className="sm:col-span-2">
          <Input
            id={ids.name}
            name="name"
            autoComplete="name"
            required
            maxLength={100}
            value={fields.name}
            onChange={(e) => setFields({ ...fields, name: e.target.value })}
          />
        </Field>
        <Field id={ids.email} label="Email" errors={errors.email}>
          <Input
            id={ids.email}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={255}
            value={fields.email}
            onChange={(e) => setFields({ ...fields, email: e.target.value })}
          />
        </Field>
        <Field id={ids.phone} label="Phone" optional errors={errors.phone}>
          <Input
            id={ids.phone}
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={20}
            value={fields.phone}
            onChange={(e) => setFields({ ...fields, phone: e.target.value })}
          />
        </Field>
      </div>

      <div className="grid gap-7">
        {hydrated ? (
          <fieldset>
            <legend className="text-xs font-medium tracking-[0.18em] text-foreground uppercase">Preferred date</legend>
            <input type="hidden" name="date" value={date ?? ""} />
            <div className="mt-2 border border-border bg-surface p-2 sm:p-3">
              <DateGrid
                label="Preferred date"
                value={date}
                min={calendar.today}
                max={calendar.lastDay}
                disabled={closed}
                describedBy={errors.date ? `${ids.date}-error` : `${ids.date}-hint`}
                onChange={(next) => {
                  setDate(next);
                  loadDay(next);
                }}
              />
            </div>
            <p id={`${ids.date}-hint`} className="mt-2 text-sm text-muted-foreground">
              {date ? `Chosen: ${longDate(date)}` : "No date chosen"}. Open Monday to Saturday.
            </p>
            <FieldError id={`${ids.date}-error`} errors={errors.date} className="mt-2" />
          </fieldset>
        ) : (
          <Field id={ids.date} label="Preferred date" errors={errors.date} description="Open Monday to Saturday.">
            <Input id={ids.date} name="date" type="date" required min={calendar.today} max={calendar.lastDay} defaultValue={date ?? ""} />
          </Field>
        )}

        <div className="space-y-7">
          <Field
            id={ids.time}
            label="Preferred time"
            errors={errors.time}
            description={
              slots && !slots.some((s) => s.available) ? "No times are left on this day. Please choose another date." : undefined
            }
          >
            <Select id={ids.time} name="time" value={effectiveTime} onChange={(e) => setTime(e.target.value)}>
              {SLOT_TIMES.map((value) => {
                const slot = slots?.find((s) => s.time === value);
                const unavailable = slot ? !slot.available : false;
                return (
                  <option key={value} value={value} disabled={unavailable}>
                    {slotLabel(value)}
                    {slot?.full ? " (fully booked)" : unavailable ? " (unavailable)" : ""}
                  </option>
                );
              })}
            </Select>
          </Field>
          <Field id={ids.notes} label="Notes" optional errors={errors.notes}>
            <Textarea
              id={ids.notes}
              name="notes"
              maxLength={1000}
              rows={4}
              placeholder="Tell us about your gown, the event, or any alterations you have in mind"
              value={fields.notes}
              onChange={(e) => setFields({ ...fields, notes: e.target.value })}
            />
          </Field>
        </div>
      </div>

      {availability.pullChoices?.length ? (
        <fieldset className="min-w-0">
          <legend className="text-xs font-medium tracking-[0.18em] text-foreground uppercase">
            Dresses to have ready <span className="ml-1 tracking-normal normal-case">(optional)</span>
          </legend>
          <p className="mt-2 text-sm text-muted-foreground">From your wishlist: we will pull them for you before your fitting.</p>
          <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {availability.pullChoices.map((item) => (
              <li key={item.productId} className="min-w-0">
                <label className="flex min-w-0 cursor-pointer items-center gap-3 border border-border px-3 py-2 has-[:checked]:border-gold-ink">
                  <input
                    type="checkbox"
                    name="pull"
                    value={item.productId}
                    key={`${item.productId}-${resetKey}`}
                    className="size-4 shrink-0 accent-gold-ink"
                  />
                  {item.imageUrl ? (
                    <Thumbnail image={{ url: item.imageUrl }} width={40} height={40} className="size-10 shrink-0 object-cover" />
                  ) : null}
                  <span className="min-w-0 truncate text-sm">{item.title}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      {/* A honeypot: hidden from people and assistive technology, filled in by bots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={ids.hp}>Leave this empty</label>
        <input id={ids.hp} name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {busy ? (
          <>
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            Booking...
          </>
        ) : (
          <>
            <CalendarCheck aria-hidden="true" className="size-4" />
            Confirm Appointment
          </>
        )}
      </Button>
    </fetcher.Form>
  );
}

function pick(echoed: FormErrors | undefined) {
  if (!echoed) return {};
  const { valueOf } = echoed;
  return { name: valueOf("name") ?? "", email: valueOf("email") ?? "", phone: valueOf("phone") ?? "", notes: valueOf("notes") ?? "" };
}
