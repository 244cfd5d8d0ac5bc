import { CalendarX, Clock, Users } from "lucide-react";
import { useEffect, useId, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, SubmitButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { formatDay, formatSlot } from "~/lib/format";
import { getFormErrors, type FormFailure } from "~/lib/forms";
import { toast } from "~/lib/toast";
import { longDate, slotLabel, SLOT_TIMES } from "../fittings";
import type { AvailabilityDay, AvailabilityOverview, AvailabilityRule, HeldFitting } from "../types";

// /admin/availability (issue 26): staff close days, block times and change seats; the booking page follows at once.

/** What the page's action answers: its success (the toast, and the fittings a close or block found), or the form helper's failure. */
export type AvailabilityAnswer =
  | { ok: true; intent: string; message: string; held?: { date: string; time: string | null; fittings: HeldFitting[] } }
  | (FormFailure & { intent: string });

const TIME_OPTIONS = SLOT_TIMES.map((time) => ({ value: time, label: slotLabel(time) }));
const card = "grid content-start gap-5 rounded-md border border-border bg-surface p-5 sm:p-6";
const heading = "flex items-center gap-2 font-display text-2xl";

/** One answer a toast each: the success's message or the failure's first. */
export function AvailabilityToasts({ answer }: { answer: AvailabilityAnswer | undefined }) {
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else {
      const message = answer.formError ?? Object.values(answer.fieldErrors)[0]?.[0];
      if (message) toast.error(message);
    }
  }, [answer]);
  return null;
}

function useBusy(intent: string, extra?: string) {
  const navigation = useNavigation();
  const form = navigation.formData;
  return navigation.state === "submitting" && form?.get("intent") === intent && (extra === undefined || form.get("date") === extra);
}

/** A form of the page: its intent, its fields (errors read from the answer when it is this form's), its submit. */
function ChangeForm({
  intent,
  title,
  icon,
  description,
  answer,
  submit,
  busyLabel,
  today,
  children,
}: {
  intent: string;
  title: string;
  icon: ReactNode;
  description: string;
  answer: AvailabilityAnswer | undefined;
  submit: string;
  busyLabel: string;
  today: string;
  children: (errors: ReturnType<typeof getFormErrors>, id: string) => ReactNode;
}) {
  const id = useId();
  const errors = getFormErrors(answer && !answer.ok && answer.intent === intent ? answer : undefined);
  const busy = useBusy(intent);
  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <div>
        <h2 id={`${id}-title`} className={heading}>
          {icon}
          {title}
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">{description}</p>
      </div>
      {/* A change stored starts the form afresh (a new key); a refusal keeps what was typed. */}
      <Form method="post" className="grid gap-4" noValidate key={answer?.ok && answer.intent === intent ? answer.message : "form"}>
        <input type="hidden" name="intent" value={intent} />
        <Field id={`${id}-date`} label="Date" errors={errors.errorsOf("date")}>
          <Input name="date" type="date" required min={today} defaultValue={errors.valueOf("date") ?? ""} />
        </Field>
        {children(errors, id)}
        <SubmitButton busy={busy} busyLabel={busyLabel} className="justify-self-start">
          {submit}
        </SubmitButton>
      </Form>
    </section>
  );
}

function NoteField({ id, errors }: { id: string; errors: ReturnType<typeof getFormErrors> }) {
  return (
    <Field
      id={`${id}-note`}
      label="Note"
      optional
      errors={errors.errorsOf("note")}
      description="For staff, e.g. the holiday or who is away."
    >
      <Input name="note" maxLength={200} defaultValue={errors.valueOf("note") ?? ""} />
    </Field>
  );
}

/** The time a change is for: one slot, or (`wholeDay`) a slot or the whole day. */
function TimeField({ id, errors, wholeDay = false }: { id: string; errors: ReturnType<typeof getFormErrors>; wholeDay?: boolean }) {
  return (
    <Field id={`${id}-time`} label={wholeDay ? "Day or time" : "Time"} errors={errors.errorsOf("time")}>
      <Select
        name="time"
        required={!wholeDay}
        options={TIME_OPTIONS}
        placeholder={wholeDay ? undefined : "Choose a time"}
        defaultValue={errors.valueOf("time") ?? ""}
      >
        {wholeDay ? <option value="">Whole day</option> : null}
      </Select>
    </Field>
  );
}

/** The three changes staff make: close a day, block a time, change seats. */
export function AvailabilityForms({
  today,
  answer,
  capacity,
}: {
  today: string;
  answer: AvailabilityAnswer | undefined;
  capacity: number;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <ChangeForm
        intent="close-day"
        title="Close a day"
        icon={<CalendarX className="size-5 text-gold-ink" aria-hidden="true" />}
        description="A holiday: no fittings can be booked that day. Fittings already booked are listed for you to cancel or keep."
        answer={answer}
        submit="Close day"
        busyLabel="Closing..."
        today={today}
      >
        {(errors, id) => <NoteField id={id} errors={errors} />}
      </ChangeForm>
      <ChangeForm
        intent="block-slot"
        title="Block a time"
        icon={<Clock className="size-5 text-gold-ink" aria-hidden="true" />}
        description="A fitter away: that one time cannot be booked."
        answer={answer}
        submit="Block time"
        busyLabel="Blocking..."
        today={today}
      >
        {(errors, id) => (
          <>
            <TimeField id={id} errors={errors} />
            <NoteField id={id} errors={errors} />
          </>
        )}
      </ChangeForm>
      <ChangeForm
        intent="set-seats"
        title="Change seats"
        icon={<Users className="size-5 text-gold-ink" aria-hidden="true" />}
        description={`How many fittings one time takes, for a whole day or one time (usually ${capacity}).`}
        answer={answer}
        submit="Set seats"
        busyLabel="Saving..."
        today={today}
      >
        {(errors, id) => (
          <>
            <TimeField id={id} errors={errors} wholeDay />
            <Field id={`${id}-seats`} label="Seats" errors={errors.errorsOf("seats")} description="A whole number from 1 to 100.">
              <Input
                name="seats"
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                required
                defaultValue={errors.valueOf("seats") ?? ""}
              />
            </Field>
          </>
        )}
      </ChangeForm>
    </div>
  );
}

const whenOf = (date: string, time: string | null) => (time ? formatSlot(date, time) : longDate(date));

/** The fittings still booked on a closed day or blocked time, and the question: cancel them (each customer mailed) or keep them. */
export function HeldFittings({
  date,
  fittings,
  title,
  kept = false,
}: {
  date: string;
  fittings: HeldFitting[];
  title: string;
  kept?: boolean;
}) {
  const id = useId();
  const cancelling = useBusy("cancel-fittings", date);
  const keeping = useBusy("keep-fittings", date);
  const count = fittings.length === 1 ? "1 fitting" : `${fittings.length} fittings`;
  const ids = fittings.map((fitting) => <input key={fitting.id} type="hidden" name="id" value={fitting.id} />);
  return (
    <section role="region" aria-labelledby={id} className="grid gap-4 rounded-md border border-destructive/40 bg-destructive/5 p-5">
      <div>
        <h3 id={id} className="font-display text-xl">
          {title}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          {kept ? "Kept when the day was closed. " : null}Cancel them and each customer is mailed the cancellation, which takes it out of
          her calendar. Kept fittings stay booked but get no reminder while the time is closed: arrange them with the customer yourself.
        </p>
      </div>
      <ul className="grid gap-2">
        {fittings.map((fitting) => (
          <li
            key={fitting.id}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded border border-border bg-background px-3 py-2 text-sm"
          >
            <span className="font-medium">{fitting.name}</span>
            <span className="text-muted-foreground [overflow-wrap:anywhere]">{fitting.email}</span>
            <span className="tabular-nums">{formatSlot(fitting.date, fitting.time, "short")}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="cancel-fittings" />
          <input type="hidden" name="date" value={date} />
          {ids}
          <SubmitButton variant="destructive" busy={cancelling} busyLabel="Cancelling...">
            Cancel {count} and mail the customers
          </SubmitButton>
        </Form>
        {kept ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="keep-fittings" />
            <input type="hidden" name="date" value={date} />
            {ids}
            <SubmitButton variant="outline" busy={keeping} busyLabel="Keeping...">
              Keep them
            </SubmitButton>
          </Form>
        )}
      </div>
    </section>
  );
}

/** The next fourteen days at a glance: closed (Sunday, or by staff with the note) or how many of the day's seats are booked. */
export function NextDays({ days }: { days: AvailabilityDay[] }) {
  return (
    <section aria-labelledby="next-days" className="grid gap-4">
      <h2 id="next-days" className="font-display text-2xl">
        The next two weeks
      </h2>
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {days.map((day) => (
          <li key={day.date} className="grid gap-1 rounded-md border border-border bg-surface p-3 text-sm" aria-label={longDate(day.date)}>
            <span className="font-medium">{formatDay(day.date, "weekday").split(",")[0]}</span>
            <span className="text-muted-foreground">{formatDay(day.date, "month-day")}</span>
            {day.closed ? (
              <span className="grid gap-1">
                <Badge variant={day.closed === "staff" ? "destructive" : "outline"} className="justify-self-start">
                  Closed
                </Badge>
                {day.note ? <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{day.note}</span> : null}
                {day.closed === "staff" && day.booked > 0 ? <span className="text-xs">{day.booked} still booked</span> : null}
              </span>
            ) : (
              <span className="tabular-nums lining-nums">
                {day.booked} of {day.seats} booked
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function ruleText(rule: AvailabilityRule): string {
  if (rule.closed) return rule.time ? "Blocked" : "Closed";
  return `${rule.seats} ${rule.seats === 1 ? "seat" : "seats"}${rule.time ? "" : " per time"}`;
}

/** Staff's changes from today on, each with its undo: Reopen a day, Unblock a time, Usual seats. */
export function AvailabilityRules({ overview, capacity }: { overview: AvailabilityOverview; capacity: number }) {
  const busyDate = useNavigation().formData?.get("date");
  return (
    <section aria-labelledby="rules" className="grid gap-4">
      <h2 id="rules" className="font-display text-2xl">
        Closed days, blocked times and seats
      </h2>
      {overview.rules.length === 0 ? (
        <p className="text-muted-foreground">Nothing changed: the fitting room keeps its usual hours, {capacity} per time.</p>
      ) : (
        <ul aria-label="Changes to the usual hours" className="grid gap-2">
          {overview.rules.flatMap((rule) => {
            const when = whenOf(rule.date, rule.time);
            const undo: { intent: string; label: string }[] = [];
            if (rule.closed)
              undo.push(rule.time ? { intent: "unblock-slot", label: "Unblock" } : { intent: "reopen-day", label: "Reopen" });
            if (rule.seats !== null) undo.push({ intent: "reset-seats", label: "Usual seats" });
            return [
              <li
                key={`${rule.date} ${rule.time ?? ""}`}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border bg-surface px-4 py-3"
              >
                <div className="grid min-w-0 gap-1">
                  <span className="font-medium">{when}</span>
                  <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                    <Badge variant={rule.closed ? "destructive" : "secondary"}>{ruleText(rule)}</Badge>
                    {rule.closed && rule.seats !== null ? <Badge variant="secondary">{`${rule.seats} seats`}</Badge> : null}
                    {rule.note ? <span className="[overflow-wrap:anywhere]">{rule.note}</span> : null}
                    <span>{rule.booked === 1 ? "1 booked" : `${rule.booked} booked`}</span>
                  </span>
                </div>
                <div className="flex flex-wrap gap-2">
                  {undo.map(({ intent, label }) => (
                    <Form method="post" key={intent}>
                      <input type="hidden" name="intent" value={intent} />
                      <input type="hidden" name="date" value={rule.date} />
                      {rule.time ? <input type="hidden" name="time" value={rule.time} /> : null}
                      <Button type="submit" variant="outline" size="sm" disabled={busyDate === rule.date} aria-label={`${label}: ${when}`}>
                        {label}
                      </Button>
                    </Form>
                  ))}
                </div>
              </li>,
            ];
          })}
        </ul>
      )}
    </section>
  );
}
