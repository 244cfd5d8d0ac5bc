import { CalendarCheck } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import { SubmitButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { firstMessage, getFormErrors, type FieldErrors, type FormErrors, type FormFailure } from "~/lib/forms";
import { useHydrated } from "~/lib/hydrated";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { DEFAULT_SLOT_TIME, longDate, slotLabel } from "../fittings";
import { FITTING_MESSAGES, firstFittingMessage, fittingBookingSchema, fittingFieldErrors } from "../schema";
import type { FittingCalendar, FittingConfirmation, PullItem, SlotAvailability } from "../types";
import { FittingConfirmationPanel, PullItemLabel } from "./fitting-confirmation";
import { SlotDateField, SlotTimeField, timeChoice } from "./slot-fields";

/** What POST /fitting-room answers: what she booked (the confirmation panel), or the form helper's failure (its formError is the toast). */
export type FittingBookingResult = { ok: true; booking: FittingConfirmation } | FormFailure;

/** The signed-in shopper's details the form starts with (she may change them for this request). */
export interface FittingContact {
  name: string;
  email: string;
  phone: string;
}

/** What GET /fitting-room?date= gives the form: the calendar and one day's slots. */
export interface FittingAvailability {
  calendar: FittingCalendar;
  date: string | null;
  slots: SlotAvailability[];
  /** The signed-in shopper's wishlist, to tick dresses for the pull list (empty for a guest). */
  pullChoices?: PullItem[];
  /** The signed-in shopper's name, email and phone (none for a guest). */
  contact?: FittingContact | null;
}

function bookedDescription(date: string, time: string): string {
  return `Your fitting is booked for ${longDate(date)} at ${slotLabel(time)}. A confirmation email will follow shortly.`;
}

const EMPTY = { name: "", email: "", phone: "", notes: "" };
type TextField = keyof typeof EMPTY;

/**
 * SPEC's booking form. A real form posting to /fitting-room, so it books
 * without JavaScript (a native date field stands in for the calendar until
 * the page is hydrated, and every time is offered: the server judges); with
 * JavaScript it checks the fields first, posts through a fetcher, asks the
 * server for the chosen day's times, and answers with toasts. A booking
 * gives way to the confirmation panel, which offers a fresh form again.
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
  const start = { ...EMPTY, ...(availability.contact ?? {}) };
  const [fields, setFields] = useState({ ...start, ...pick(initial) });
  const defaultDate = availability.date ?? availability.calendar.firstOpenDay ?? availability.calendar.today;
  const [date, setDate] = useState<string | null>(initial?.valueOf("date") ?? defaultDate);
  const [time, setTime] = useState<string>(initial?.valueOf("time") ?? DEFAULT_SLOT_TIME);
  const [errors, setErrors] = useState<FieldErrors>(initial?.fieldErrors ?? {});
  // What she has just booked: the panel stands in for the form until she asks for another.
  const [booked, setBooked] = useState<FittingConfirmation | null>(serverResult?.ok ? serverResult.booking : null);
  const handled = useRef<FittingBookingResult | null>(null);
  const busy = fetcher.state !== "idle";

  const current = slotsFetcher.data ?? availability;
  const calendar = current.calendar;
  // Without JavaScript the native date field can change the day: the server then judges the time alone.
  const slots = hydrated && current.date === date ? current.slots : null;
  const choice = timeChoice(slots, date, time);

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
      setBooked(answer.booking);
      setFields(start);
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
      toast.success(FITTING_MESSAGES.success, { description: bookedDescription(seen.booking.date, seen.booking.time) });
      loadDay(defaultDate);
    } else {
      toast.error(firstMessage(seen) ?? FITTING_MESSAGES.failed);
      loadDay(date);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per answer
  }, [seen]);

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

  if (booked) {
    return (
      <div className="grid gap-6">
        {/* Without JavaScript there is no toast: SPEC's words stand above the panel. */}
        {!hydrated ? (
          <div role="status" className="border border-gold/60 bg-accent px-5 py-4 text-accent-foreground">
            <p className="font-medium">{FITTING_MESSAGES.success}</p>
            <p className="mt-1 text-sm">{bookedDescription(booked.date, booked.time)}</p>
          </div>
        ) : null}
        <FittingConfirmationPanel booking={booked} onBookAnother={() => setBooked(null)} />
      </div>
    );
  }

  const text = (field: TextField, props: InputHTMLAttributes<HTMLInputElement>) => (
    <Input
      id={ids[field]}
      name={field}
      value={fields[field]}
      onChange={(event) => setFields({ ...fields, [field]: event.target.value })}
      {...props}
    />
  );

  return (
    <fetcher.Form method="post" action="/fitting-room" noValidate onSubmit={onSubmit} className="space-y-7">
      {!fetcher.data && serverResult && !serverResult.ok ? (
        <p role="alert" className="border border-destructive/60 px-5 py-4 text-destructive">
          {firstMessage(serverResult) ?? FITTING_MESSAGES.failed}
        </p>
      ) : null}

      <div className="grid gap-7 sm:grid-cols-2">
        <Field id={ids.name} label="Full name" errors={errors.name} className="sm:col-span-2">
          {text("name", { autoComplete: "name", required: true, maxLength: 100 })}
        </Field>
        <Field id={ids.email} label="Email" errors={errors.email}>
          {text("email", { type: "email", inputMode: "email", autoComplete: "email", required: true, maxLength: 255 })}
        </Field>
        <Field id={ids.phone} label="Phone" optional errors={errors.phone}>
          {text("phone", { type: "tel", autoComplete: "tel", maxLength: 20 })}
        </Field>
      </div>

      <SlotDateField
        id={ids.date}
        label="Preferred date"
        name="date"
        calendar={calendar}
        date={date}
        errors={errors.date}
        onDate={(next) => {
          setDate(next);
          loadDay(next);
        }}
      />
      <SlotTimeField id={ids.time} label="Preferred time" name="time" choice={choice} errors={errors.time} onTime={setTime} />
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
                  <input type="checkbox" name="pull" value={item.productId} className="size-4 shrink-0 accent-gold-ink" />
                  <PullItemLabel item={item} />
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

      <SubmitButton busy={busy} busyLabel="Booking..." icon={CalendarCheck} className="w-full sm:w-auto">
        Confirm Appointment
      </SubmitButton>
    </fetcher.Form>
  );
}

function pick(echoed: FormErrors | undefined) {
  if (!echoed) return {};
  const { valueOf } = echoed;
  return { name: valueOf("name") ?? "", email: valueOf("email") ?? "", phone: valueOf("phone") ?? "", notes: valueOf("notes") ?? "" };
}
