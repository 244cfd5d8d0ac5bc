import { useId, type ReactNode } from "react";
import { cx } from "~/lib/class-names";
import type { DashboardInsights, WeekCount } from "../types";

/**
 * The dashboard's pictures (issue 12 item 7): plain SVG rendered on the
 * server, no client JavaScript. Colours are the theme's own variables
 * (fill-gold-ink, stroke-border...), so they follow light and dark. Each chart
 * is a figure named by its caption; its SVG carries a one-sentence summary
 * (role img), and a visually hidden table gives every number to screen
 * readers. The drawing is 320 units wide, about a phone's column, so its
 * 11-unit text stays readable from 390 px to 1440 px.
 */
const WIDTH = 320;
const FONT = 11;
const number = new Intl.NumberFormat("en-US");

/** A round top for the y axis whose half is a whole number too: 4, 6, 8, 10, 20, 40... */
export function niceMax(value: number): number {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [2, 4, 6, 8, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

function ChartFigure({
  title,
  summary,
  children,
  table,
  legend,
}: {
  title: string;
  summary: string;
  children: ReactNode;
  table: { headers: [string, string]; rows: [string, string][] };
  legend?: ReactNode;
}) {
  return (
    // relative: the hidden table is positioned inside the card, never past the page's edge.
    <figure className="relative flex flex-col rounded-lg border border-border bg-surface p-4 sm:p-5">
      <figcaption>
        <span className="block font-display text-xl">{title}</span>
        <span className="mt-1 block text-sm text-muted-foreground">{summary}</span>
      </figcaption>
      <div className="mt-4">{children}</div>
      {legend ? <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">{legend}</div> : null}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{table.headers[0]}</th>
            <th scope="col">{table.headers[1]}</th>
          </tr>
        </thead>
        <tbody>
          {table.rows.map(([a, b]) => (
            <tr key={a}>
              <th scope="row">{a}</th>
              <td>{b}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

function Swatch({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={cx("inline-block size-2.5 rounded-sm", className)} />
      {children}
    </span>
  );
}

/** Horizontal grid lines at 0, half and the top, with their values. */
function YGrid({ top, bottom, left, right, max }: { top: number; bottom: number; left: number; right: number; max: number }) {
  return (
    <g>
      {[0, 0.5, 1].map((f) => {
        const y = bottom - (bottom - top) * f;
        return (
          <g key={f}>
            <line x1={left} x2={right} y1={y} y2={y} className="stroke-border" strokeWidth={1} />
            <text x={left - 4} y={y + FONT / 3} textAnchor="end" fontSize={FONT} className="fill-muted-foreground">
              {number.format(max * f)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

const WHEN_LABEL = { past: "past", current: "this week", upcoming: "booked ahead" } as const;
/** Weeks gone are solid; this week and the ones booked ahead are outlined (told apart by shape, not by a shade of gold). */
const BAR_STYLE = {
  past: { className: "fill-gold-ink", strokeWidth: 0 },
  current: { className: "fill-gold/30 stroke-gold-ink", strokeWidth: 1.5 },
  upcoming: { className: "fill-gold/30 stroke-gold-ink", strokeWidth: 1.5 },
} as const;

export function FittingsPerWeekChart({ weeks }: { weeks: DashboardInsights["fittingsPerWeek"] }) {
  const height = 170;
  const [left, right, top, bottom] = [28, WIDTH - 4, 8, height - 22];
  const max = niceMax(Math.max(0, ...weeks.map((w) => w.count)));
  const slot = (right - left) / Math.max(1, weeks.length);
  const barWidth = Math.max(4, slot * 0.66);
  const past = weeks.filter((w) => w.when === "past").reduce((sum, w) => sum + w.count, 0);
  const ahead = weeks.filter((w) => w.when !== "past").reduce((sum, w) => sum + w.count, 0);
  const current = weeks.findIndex((w) => w.when === "current");
  const summary = `${number.format(past)} in the last ${weeks.filter((w) => w.when === "past").length} weeks; ${number.format(ahead)} booked from this week on.`;
  return (
    <ChartFigure
      title="Fittings per week"
      summary={summary}
      table={{ headers: ["Week of", "Fittings"], rows: weeks.map((w) => [`${w.label} (${WHEN_LABEL[w.when]})`, number.format(w.count)]) }}
      legend={
        <>
          <Swatch className="bg-gold-ink">Past weeks</Swatch>
          <Swatch className="border-[1.5px] border-gold-ink bg-gold/30">This week and ahead</Swatch>
        </>
      }
    >
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={`Bar chart of fittings per week: ${summary}`}
        className="h-auto w-full"
      >
        <YGrid top={top} bottom={bottom} left={left} right={right} max={max} />
        {current >= 0 ? (
          <line
            x1={left + slot * current}
            x2={left + slot * current}
            y1={top}
            y2={bottom}
            className="stroke-muted-foreground"
            strokeDasharray="3 3"
            strokeWidth={1}
          />
        ) : null}
        {weeks.map((week, i) => {
          const h = ((bottom - top) * week.count) / max;
          const x = left + slot * i + (slot - barWidth) / 2;
          return (
            <g key={week.weekStart}>
              {week.count > 0 ? (
                <rect
                  x={x + BAR_STYLE[week.when].strokeWidth / 2}
                  y={bottom - h + BAR_STYLE[week.when].strokeWidth / 2}
                  width={barWidth - BAR_STYLE[week.when].strokeWidth}
                  height={Math.max(0, h - BAR_STYLE[week.when].strokeWidth)}
                  rx={1.5}
                  className={BAR_STYLE[week.when].className}
                  strokeWidth={BAR_STYLE[week.when].strokeWidth}
                />
              ) : null}
              {i % 4 === 0 || i === current ? (
                <text
                  x={left + slot * i + slot / 2}
                  y={height - 6}
                  textAnchor="middle"
                  fontSize={FONT}
                  className={i === current ? "fill-foreground" : "fill-muted-foreground"}
                >
                  {i === current ? "Now" : week.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </ChartFigure>
  );
}

const STATUS_LABEL: Record<DashboardInsights["requestsByStatus"][number]["status"], string> = {
  pending: "Pending",
  contacted: "Contacted",
  "in-progress": "In progress",
  completed: "Completed",
};

export function RequestsByStatusChart({ statuses, windowDays }: { statuses: DashboardInsights["requestsByStatus"]; windowDays: number }) {
  const row = 30;
  const height = statuses.length * row + 4;
  const [labelWidth, right] = [82, WIDTH - 40];
  const max = Math.max(1, ...statuses.map((s) => s.count));
  const total = statuses.reduce((sum, s) => sum + s.count, 0);
  const summary = `${number.format(total)} received in the last ${windowDays} days, by their status now.`;
  return (
    <ChartFigure
      title="Design requests by status"
      summary={summary}
      table={{ headers: ["Status", "Requests"], rows: statuses.map((s) => [STATUS_LABEL[s.status], number.format(s.count)]) }}
    >
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={`Bar chart of design requests by status: ${statuses.map((s) => `${STATUS_LABEL[s.status]} ${number.format(s.count)}`).join(", ")}.`}
        className="h-auto w-full"
      >
        {statuses.map((s, i) => {
          const y = i * row + 4;
          const w = ((right - labelWidth) * s.count) / max;
          return (
            <g key={s.status}>
              <text x={0} y={y + row / 2} fontSize={FONT + 1} className="fill-foreground">
                {STATUS_LABEL[s.status]}
              </text>
              <rect x={labelWidth} y={y + 4} width={right - labelWidth} height={row - 12} rx={2} className="fill-muted" />
              {s.count > 0 ? (
                <rect x={labelWidth} y={y + 4} width={Math.max(2, w)} height={row - 12} rx={2} className="fill-gold-ink" />
              ) : null}
              <text x={right + 6} y={y + row / 2} fontSize={FONT + 1} className="fill-foreground tabular-nums">
                {number.format(s.count)}
              </text>
            </g>
          );
        })}
      </svg>
    </ChartFigure>
  );
}

export function SubscribersChart({ weeks }: { weeks: WeekCount[] }) {
  const height = 170;
  const [left, right, top, bottom] = [28, WIDTH - 8, 8, height - 22];
  const max = niceMax(Math.max(0, ...weeks.map((w) => w.count)));
  const total = weeks.reduce((sum, w) => sum + w.count, 0);
  const step = (right - left) / Math.max(1, weeks.length - 1);
  const points = weeks.map((w, i) => [left + step * i, bottom - ((bottom - top) * w.count) / max] as const);
  const line = points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  const area = `${left},${bottom} ${line} ${right},${bottom}`;
  const last = weeks.at(-1);
  const summary = `${number.format(total)} sign-ups in the last ${weeks.length} weeks; ${number.format(last?.count ?? 0)} this week.`;
  const labelled = new Set([0, Math.floor((weeks.length - 1) / 2), weeks.length - 1]);
  return (
    <ChartFigure
      title="Newsletter subscribers"
      summary={summary}
      table={{ headers: ["Week of", "New subscribers"], rows: weeks.map((w) => [w.label, number.format(w.count)]) }}
    >
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={`Line chart of new subscribers per week: ${summary}`}
        className="h-auto w-full"
      >
        <YGrid top={top} bottom={bottom} left={left} right={right} max={max} />
        <polygon points={area} className="fill-gold opacity-25" />
        <polyline points={line} fill="none" className="stroke-gold-ink" strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
        {points.length > 0 ? <circle cx={points.at(-1)![0]} cy={points.at(-1)![1]} r={3} className="fill-gold-ink" /> : null}
        {weeks.map((w, i) =>
          labelled.has(i) ? (
            <text
              key={w.weekStart}
              x={left + step * i}
              y={height - 6}
              textAnchor={i === 0 ? "start" : i === weeks.length - 1 ? "end" : "middle"}
              fontSize={FONT}
              className="fill-muted-foreground"
            >
              {w.label}
            </text>
          ) : null,
        )}
      </svg>
    </ChartFigure>
  );
}

/**
 * The three pictures together. Give it `loadDashboardInsights(...)`'s result
 * from the page's loader; it reloads with the page's data (LiveUpdates).
 */
export function DashboardCharts({
  data,
  title = "At a glance",
  className,
}: {
  data: DashboardInsights;
  title?: string;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-2xl">
        {title}
      </h2>
      <div className="mt-4 grid gap-5 md:grid-cols-2 xl:grid-cols-3">
        <FittingsPerWeekChart weeks={data.fittingsPerWeek} />
        <RequestsByStatusChart statuses={data.requestsByStatus} windowDays={data.requestWindowDays} />
        <SubscribersChart weeks={data.subscribersPerWeek} />
      </div>
    </section>
  );
}
