import { useMemo, type SelectHTMLAttributes } from "react";
import { DateGrid } from "~/components/ui/date-grid";
import { Field, FieldError } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { longDate, slotLabel, SLOT_TIMES } from "../fittings";
import type { FittingCalendar, SlotAvailability } from "../types";

/**
 * Which time a move offers on the shown day: the wanted one while it can be
 * chosen, else the first free one. The booking's own slot is never a choice.
 * `slots` is null while the day's times are still on their way.
 */
export function newTimeChoice(
  slots: readonly SlotAvailability[] | null,
  date: string | null,
  current: { date: string; time: string },
  wanted: string | null,
) {
  const isCurrent = (time: string) => date === current.date && time === current.time;
  const choosable = (time: string) => Boolean(slots?.find((slot) => slot.time === time)?.available) && !isCurrent(time);
  const chosenTime = wanted && choosable(wanted) ? wanted : (SLOT_TIMES.find(choosable) ?? "");
  return { isCurrent, choosable, chosenTime, noTimes: slots !== null && chosenTime === "" };
}

interface NewDateFieldProps {
  id: string;
  calendar: FittingCalendar;
  /** The day shown. */
  date: string | null;
  errors?: string[];
  onDate: (day: string) => void;
  /** The calendar's frame, to sit on the surface around it. */
  frameClassName?: string;
}

/** The day a fitting moves to, for the shopper and for staff alike: the Fitting Room's calendar, open days only, a required date. */
export function NewDateField({ id, calendar, date, errors, onDate, frameClassName = "bg-surface" }: NewDateFieldProps) {
  const closed = useMemo(() => new Set(calendar.closedDays), [calendar.closedDays]);
  return (
    <fieldset className="min-w-0">
      <legend className="text-xs tracking-[0.18em] text-muted-foreground uppercase">New date</legend>
      <div className={`mt-2 flex justify-center border border-border p-2 sm:p-3 ${frameClassName}`}>
        <DateGrid
          label="New date"
          value={date}
          required
          min={calendar.today}
          max={calendar.lastDay}
          disabled={closed}
          describedBy={errors ? `${id}-error` : `${id}-hint`}
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

interface NewTimeFieldProps {
  id: string;
  /** The shown day's times (null while they load), and the choice made of them (newTimeChoice). */
  slots: readonly SlotAvailability[] | null;
  choice: ReturnType<typeof newTimeChoice>;
  errors?: string[];
  onTime: (time: string) => void;
  /** The field's name and constraints, as its form's schema gives them. */
  attributes: SelectHTMLAttributes<HTMLSelectElement> & { name: string };
}

/** The time a fitting moves to: every slot of the day, the current, fully booked and unavailable ones named and not offered. */
export function NewTimeField({ id, slots, choice, errors, onTime, attributes }: NewTimeFieldProps) {
  const { isCurrent, choosable, chosenTime, noTimes } = choice;
  return (
    <Field
      id={id}
      label="New time"
      errors={errors}
      description={noTimes ? "No times are free on this day. Please choose another date." : undefined}
    >
      <Select {...attributes} id={id} value={chosenTime} disabled={!slots || noTimes} onChange={(event) => onTime(event.target.value)}>
        {noTimes ? <option value="">No free times</option> : null}
        {SLOT_TIMES.map((value) => {
          const slot = slots?.find((s) => s.time === value);
          const note = isCurrent(value)
            ? " (current time)"
            : slot?.full
              ? " (fully booked)"
              : slot && !slot.available
                ? " (unavailable)"
                : "";
          return (
            <option key={value} value={value} disabled={!choosable(value)}>
              {slotLabel(value)}
              {note}
            </option>
          );
        })}
      </Select>
    </Field>
  );
}
