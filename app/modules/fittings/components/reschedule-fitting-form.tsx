import { CalendarClock } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { formatSlot } from "~/lib/format";
import { getFormErrors } from "~/lib/forms";
import type { DayAvailability } from "../types";
import { SlotDateField, SlotTimeField, timeChoice } from "./slot-fields";

export interface RescheduleFittingFormProps {
  /** Where the booking is now. */
  current: { date: string; time: string };
  /** The calendar and the shown day's slots, from the page's loader (`?date=` picks the day). */
  availability: DayAvailability;
  /** What names the booking to the action: its id or the link's token, the sequence shown, the intent. */
  hidden: Record<string, string>;
  /** The action's failed answer, if any (the form helper's shape). */
  failure?: unknown;
  /** The way out that changes nothing. */
  keep: { to: string; label: string };
  /** The heading's level where the form sits. */
  headingLevel?: 2 | 3;
  /** Drawn in a box of its own (in a list); false inside a card that frames it already (the mail link's page). */
  framed?: boolean;
}

/**
 * Moving a fitting, for the shopper (her account, or the link in her mail):
 * the Fitting Room's calendar and the chosen day's free times, both from the
 * server, and a plain form the server judges again (the slot's rules and
 * seats are the booking's). Choosing a day changes `?date=` in the page's
 * address, so the page's loader answers with that day's times; without
 * JavaScript a native date field stands in for the calendar, as on the
 * booking form.
 */
export function RescheduleFittingForm({
  current,
  availability,
  hidden,
  failure,
  keep,
  headingLevel = 2,
  framed = true,
}: RescheduleFittingFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const ids = { heading: useId(), date: useId(), time: useId() };
  const heading = useRef<HTMLHeadingElement>(null);
  const errors = getFormErrors(failure);
  const { calendar, date, slots } = availability;
  const [time, setTime] = useState<string | null>(errors.valueOf("time") ?? null);
  // No day left to choose: no times either.
  const choice = timeChoice(date ? slots : [], date, time, current);
  const noTimes = choice.noTimes;

  // The view opens on its heading, so a screen reader hears where it is and the keyboard starts here.
  useEffect(() => heading.current?.focus(), []);

  const showDay = (day: string) => {
    const params = new URLSearchParams(location.search);
    params.set("date", day);
    void navigate({ search: `?${params.toString()}` }, { replace: true, preventScrollReset: true });
  };

  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={ids.heading} className={framed ? "border border-border bg-surface p-4 text-left sm:p-8" : "text-left"}>
      <Heading id={ids.heading} ref={heading} tabIndex={-1} className="text-2xl outline-none sm:text-3xl">
        Reschedule your fitting
      </Heading>
      <p className="mt-2 text-sm text-muted-foreground">
        Now <strong className="text-foreground">{formatSlot(current.date, current.time)}</strong>. Choose a new day and time; we will email
        you the updated invitation.
      </p>
      <Form method="post" className="mt-6 grid gap-6" preventScrollReset>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <SlotDateField
          id={ids.date}
          label="New date"
          name="date"
          calendar={calendar}
          date={date}
          errors={errors.fieldErrors.date}
          onDate={showDay}
          frameClassName="bg-background"
        />
        <SlotTimeField id={ids.time} label="New time" name="time" choice={choice} errors={errors.fieldErrors.time} onTime={setTime} />
        <FormMessage>{errors.formError}</FormMessage>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" disabled={busy || !date || noTimes} className="w-full sm:w-auto">
            <CalendarClock aria-hidden="true" className="size-4" />
            {busy ? "Moving..." : "Move my fitting"}
          </Button>
          <Button asChild variant="outline" className="w-full sm:w-auto">
            <Link to={keep.to}>{keep.label}</Link>
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** On the page a mail's link opens: a plain GET form (it works without JavaScript) to the same page's reschedule view. */
export function RescheduleOffer({ token, question }: { token: string; question: string }) {
  return (
    <Form method="get" className="mt-8 border-t border-border pt-8">
      <p className="text-sm text-muted-foreground">{question}</p>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="reschedule" value="1" />
      <Button type="submit" variant="outline" className="mt-4 w-full sm:w-auto">
        Reschedule
      </Button>
    </Form>
  );
}
