import { useMemo } from "react";
import { DateGrid } from "~/components/ui/date-grid";
import { Field, FieldError } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { cx } from "~/lib/class-names";
import { fieldAria, fieldIds } from "~/lib/field-aria";
import { useHydrated } from "~/lib/hydrated";
import { longDate, slotLabel, SLOT_TIMES } from "../fittings";
import type { FittingCalendar, SlotAvailability } from "../types";

// The one picker of a fitting's day and time: the booking form, the shopper's
// reschedule (her account, the mailed link's page) and the staff's reschedule
// dialog all draw these.

const LEGEND = "text-xs tracking-[0.18em] text-muted-foreground uppercase";

/** What a time of the shown day is to the picker: offered, or why not. */
export type SlotState = "open" | "taken" | "unavailable" | "current";

const STATE_NOTE: Record<Exclude<SlotState, "open">, string> = {
  taken: "taken",
  unavailable: "unavailable",
  current: "current time",
};

/**
 * Which time the picker offers as chosen on the shown day: the wanted one
 * while it can be chosen, else the first free one. A move's own slot
 * (`current`) is never a choice. `slots` null: the day's times are not known
 * here (a booking without JavaScript, whose day may change in a native date
 * field), so every time is offered and the server judges.
 */
export function timeChoice(
  slots: readonly SlotAvailability[] | null,
  date: string | null,
  wanted: string | null,
  current?: { date: string; time: string },
) {
  const stateOf = (time: string): SlotState => {
    if (current && date === current.date && time === current.time) return "current";
    if (!slots) return "open";
    const slot = slots.find((s) => s.time === time);
    if (slot?.available) return "open";
    return slot?.full ? "taken" : "unavailable";
  };
  const choosable = (time: string) => stateOf(time) === "open";
  const chosenTime = wanted && choosable(wanted) ? wanted : (SLOT_TIMES.find(choosable) ?? "");
  return { stateOf, chosenTime, noTimes: slots !== null && chosenTime === "" };
}

export type TimeChoice = ReturnType<typeof timeChoice>;

interface SlotDateFieldProps {
  id: string;
  /** The field's name to people: "Preferred date", "New date". */
  label: string;
  calendar: FittingCalendar;
  /** The day shown. */
  date: string | null;
  errors?: readonly string[];
  onDate: (day: string) => void;
  /**
   * The form field's name, when this field carries the form's date: a hidden
   * input beside the calendar, or, until the page is hydrated (without
   * JavaScript), a native date field in its place.
   */
  name?: string;
  /** The calendar's frame, to sit on the surface around it. */
  frameClassName?: string;
}

/** The Fitting Room's calendar: open days only, and a required date (choosing the chosen day again keeps it). */
export function SlotDateField({ id, label, calendar, date, errors, onDate, name, frameClassName = "bg-surface" }: SlotDateFieldProps) {
  const hydrated = useHydrated();
  const closed = useMemo(() => new Set(calendar.closedDays), [calendar.closedDays]);
  if (name && !hydrated) {
    return (
      <Field id={id} label={label} errors={errors} description="Open Monday to Saturday.">
        <Input id={id} name={name} type="date" required min={calendar.today} max={calendar.lastDay} defaultValue={date ?? ""} />
      </Field>
    );
  }
  return (
    <fieldset className="min-w-0">
      <legend className={LEGEND}>{label}</legend>
      {name ? <input type="hidden" name={name} value={date ?? ""} /> : null}
      <div className={`mt-2 flex justify-center border border-border p-2 sm:p-3 ${frameClassName}`}>
        <DateGrid
          label={label}
          value={date}
          required
          min={calendar.today}
          max={calendar.lastDay}
          disabled={closed}
          describedBy={errors?.length ? `${id}-error` : `${id}-hint`}
          onChange={(next) => {
            if (next) onDate(next);
          }}
        />
      </div>
      <p id={`${id}-hint`} className="mt-2 text-sm text-muted-foreground">
        {date ? `Chosen: ${longDate(date)}` : "No open day left to choose"}. Open Monday to Saturday.
      </p>
      <FieldError id={`${id}-error`} errors={errors?.slice(0, 1)} className="mt-2" />
    </fieldset>
  );
}

interface SlotTimeFieldProps {
  id: string;
  /** The group's name to people: "Preferred time", "New time". */
  label: string;
  /** The form field's name. */
  name: string;
  /** The choice made of the shown day's times (timeChoice). */
  choice: TimeChoice;
  errors?: readonly string[];
  onTime: (time: string) => void;
  /** The day's times are on their way: nothing can be chosen yet. */
  disabled?: boolean;
}

/**
 * The times of the shown day as a group of radio buttons (a native
 * radiogroup: arrow keys move the choice, Tab leaves the group). A time taken,
 * past or the booking's own is shown with the reason and is not offered.
 * Without JavaScript it is a plain form field.
 */
export function SlotTimeField({ id, label, name, choice, errors, onTime, disabled = false }: SlotTimeFieldProps) {
  const ids = fieldIds(id);
  const legendId = `${id}-legend`;
  const description = choice.noTimes ? "No times are free on this day. Please choose another date." : null;
  return (
    <fieldset
      id={id}
      role="radiogroup"
      aria-labelledby={legendId}
      disabled={disabled}
      className="min-w-0"
      {...fieldAria({ id, hasDescription: Boolean(description), errors })}
    >
      <legend id={legendId} className={LEGEND}>
        {label}
      </legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {SLOT_TIMES.map((value) => {
          const state = choice.stateOf(value);
          const offered = state === "open" && !disabled;
          return (
            <label
              key={value}
              className={cx(
                "relative flex min-h-11 items-center justify-center gap-1.5 rounded-full border px-3 text-sm [font-variant-numeric:tabular-nums] transition-colors",
                "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-foreground",
                offered
                  ? "cursor-pointer border-border text-foreground hover:border-foreground has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground"
                  : "cursor-not-allowed border-dashed border-border text-muted-foreground",
              )}
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={choice.chosenTime === value}
                disabled={state !== "open"}
                // A time not offered says why in its name too: "2:00 PM, taken".
                aria-label={state === "open" ? undefined : `${slotLabel(value)}, ${STATE_NOTE[state]}`}
                onChange={() => onTime(value)}
                // Invisible over the whole pill: a click or tap anywhere on it is on the radio itself.
                className="absolute inset-0 size-full cursor-[inherit] appearance-none rounded-full opacity-0"
              />
              <span className={state === "open" ? undefined : "line-through decoration-muted-foreground/60"}>{slotLabel(value)}</span>
              {state === "open" ? null : <span className="text-xs">{STATE_NOTE[state]}</span>}
            </label>
          );
        })}
      </div>
      {description ? (
        <p id={ids.description} className="mt-2 text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <FieldError id={ids.error} errors={errors} className="mt-2" />
    </fieldset>
  );
}
