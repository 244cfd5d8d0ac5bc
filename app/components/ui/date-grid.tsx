import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { formatDay } from "~/lib/format";

/**
 * A single-date calendar as a keyboard-operable grid: one tab stop (the
 * selected or focused day), arrows move by day and week, Home/End to the
 * week's ends, Page Up/Down by month, Enter or Space chooses. Dates are
 * 'YYYY-MM-DD' text; which days can be chosen is the caller's (the server's)
 * answer. No time zone is involved: the grid draws calendar dates.
 */
export interface DateGridProps {
  /** Names the grid, e.g. "Choose a date". */
  label: string;
  value: string | null;
  onChange(value: string | null): void;
  min: string;
  max: string;
  /** Dates between min and max that cannot be chosen. */
  disabled?: ReadonlySet<string>;
  /** Clicking the selected day clears it unless required (SPEC §4). */
  required?: boolean;
  describedBy?: string;
}

const WEEKDAYS = [
  ["Su", "Sunday"],
  ["Mo", "Monday"],
  ["Tu", "Tuesday"],
  ["We", "Wednesday"],
  ["Th", "Thursday"],
  ["Fr", "Friday"],
  ["Sa", "Saturday"],
] as const;

function toDate(value: string): Date {
  const [y = 1970, m = 1, d = 1] = value.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}
function toIso(date: Date): string {
  return date.toISOString().slice(0, 10);
}
function shift(value: string, days: number): string {
  const date = toDate(value);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}
function shiftMonth(value: string, months: number): string {
  const date = toDate(value);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return toIso(date);
}

export function DateGrid({ label, value, onChange, min, max, disabled, required, describedBy }: DateGridProps) {
  const headingId = useId();
  const [focusDate, setFocusDate] = useState(value ?? min);
  const [month, setMonth] = useState((value ?? min).slice(0, 7));
  const wantFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);

  // A new value from outside (a reset, the server's answer) moves the view to it.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value) {
      setFocusDate(value);
      setMonth(value.slice(0, 7));
    }
  }

  useEffect(() => {
    if (!wantFocus.current) return;
    wantFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focusDate}"]`)?.focus();
  }, [focusDate, month]);

  const weeks = useMemo(() => {
    const first = toDate(`${month}-01`);
    const start = shift(`${month}-01`, -first.getUTCDay());
    const rows: string[][] = [];
    let cursor = start;
    do {
      const row: string[] = [];
      for (let i = 0; i < 7; i++) {
        row.push(cursor);
        cursor = shift(cursor, 1);
      }
      rows.push(row);
    } while (cursor.slice(0, 7) === month);
    return rows;
  }, [month]);

  const selectable = (date: string) => date >= min && date <= max && !disabled?.has(date);
  const clamp = (date: string) => (date < min ? min : date > max ? max : date);

  const moveTo = (date: string) => {
    const next = clamp(date);
    wantFocus.current = true;
    setFocusDate(next);
    setMonth(next.slice(0, 7));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => shift(date, -1),
      ArrowRight: () => shift(date, 1),
      ArrowUp: () => shift(date, -7),
      ArrowDown: () => shift(date, 7),
      Home: () => shift(date, -toDate(date).getUTCDay()),
      End: () => shift(date, 6 - toDate(date).getUTCDay()),
      PageUp: () => shiftMonth(date, -1),
      PageDown: () => shiftMonth(date, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  };

  const choose = (date: string) => {
    if (!selectable(date)) return;
    onChange(date === value && !required ? null : date);
  };

  // The tab stop: the focused day when it is in this month, else the month's first visible day in range.
  const visible = weeks.flat().filter((d) => d.slice(0, 7) === month && d >= min && d <= max);
  const tabStop = visible.includes(focusDate) ? focusDate : (visible[0] ?? null);
  const canPrev = `${month}-01` > min;
  const canNext = shiftMonth(`${month}-01`, 1) <= max;

  return (
    <div className="w-full max-w-sm">
      <div className="flex items-center justify-between">
        <button
          type="button"
          onClick={() => setMonth(shiftMonth(`${month}-01`, -1).slice(0, 7))}
          disabled={!canPrev}
          aria-label="Previous month"
          className="inline-flex size-11 items-center justify-center rounded-full text-foreground hover:bg-muted disabled:opacity-40"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <p id={headingId} aria-live="polite" className="font-display text-xl">
          {formatDay(`${month}-01`, "month-year")}
        </p>
        <button
          type="button"
          onClick={() => setMonth(shiftMonth(`${month}-01`, 1).slice(0, 7))}
          disabled={!canNext}
          aria-label="Next month"
          className="inline-flex size-11 items-center justify-center rounded-full text-foreground hover:bg-muted disabled:opacity-40"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-label={`${label}, ${formatDay(`${month}-01`, "month-year")}`}
        aria-describedby={describedBy}
        className="mt-2 w-full table-fixed border-collapse"
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col" abbr={long} className="pb-2 text-center text-xs font-medium text-muted-foreground">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const inMonth = date.slice(0, 7) === month;
                if (!inMonth) return <td key={date} />;
                const inRange = date >= min && date <= max;
                const can = selectable(date);
                const selected = date === value;
                return (
                  <td key={date} role="gridcell" aria-selected={selected} className="p-0.5 text-center">
                    <button
                      type="button"
                      data-date={date}
                      tabIndex={date === tabStop ? 0 : -1}
                      aria-disabled={!can || undefined}
                      aria-label={`${formatDay(date, "weekday")}${!inRange || !can ? ", unavailable" : ""}`}
                      aria-pressed={selected}
                      onClick={() => {
                        setFocusDate(date);
                        choose(date);
                      }}
                      onKeyDown={(event) => onKeyDown(event, date)}
                      className={`mx-auto flex size-9 items-center sm:size-10 justify-center rounded-full text-sm [font-variant-numeric:tabular-nums] ${
                        selected
                          ? "bg-primary text-primary-foreground"
                          : can
                            ? "text-foreground hover:bg-muted"
                            : "cursor-not-allowed text-muted-foreground line-through decoration-muted-foreground/60"
                      }`}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
