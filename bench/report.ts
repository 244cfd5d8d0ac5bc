/**
 * The table of `npm run bench` (bench/run.ts): whether each row met its
 * target, and the table itself. The rows come from the benches through
 * `reportRow` (bench-helpers.ts).
 */
import { table, type BenchRow, type Target } from "./bench-helpers";

export type Verdict = "met" | "missed" | "reported" | `error: ${string}`;

export function verdict(row: BenchRow): Verdict {
  if (row.error) return `error: ${row.error}`;
  if (row.value === null || !Number.isFinite(row.value)) return "error: no figure";
  if (!row.target) return "reported";
  const { op, value } = row.target;
  return (op === ">=" ? row.value >= value : row.value <= value) ? "met" : "missed";
}

/** A figure to a few significant places: 0.0123, 1.23, 12.3, 123, 1,234. */
export function formatNumber(value: number): string {
  const abs = Math.abs(value);
  const digits = abs === 0 || abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : abs >= 0.1 ? 3 : 4;
  return value.toLocaleString("en-US", { minimumFractionDigits: 0, maximumFractionDigits: digits });
}

const withUnit = (value: number, unit: string) => `${formatNumber(value)}${unit && unit !== "×" && unit !== "/s" ? " " : ""}${unit}`;

export function formatTarget(target: Target | undefined, unit: string): string {
  if (!target) return "—";
  return `${target.op === ">=" ? "≥" : "≤"} ${withUnit(target.value, unit)}`;
}

/** Rows for the reasons a bench could not give the figures it was expected to give. */
export function errorRows(expected: string[], rows: BenchRow[], reason: string, command: string): BenchRow[] {
  return expected
    .filter((figure) => !rows.some((row) => row.figure.startsWith(figure)))
    .map((figure) => ({ figure: figure.replace(/[\s,:(']+$/, ""), value: null, unit: "", command, error: reason }));
}

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** The table as Markdown: readable in a terminal and in bench/results.md alike. */
export function renderTable(rows: BenchRow[], { quick }: { quick: boolean }): string {
  const body = rows.map((row) => {
    const figure = quick ? `${row.figure} (quick)` : row.figure;
    const value = row.value === null || !Number.isFinite(row.value) ? "—" : withUnit(row.value, row.unit);
    return [figure, value, formatTarget(row.target, row.unit), verdict(row), `\`${row.command}\``].map(cell);
  });
  const header = ["figure", "value", "target", quick ? "met or missed (QUICK run)" : "met or missed", "reproduce with"];
  return table(header, body);
}

/** One line under the table: how many targets were met, missed and could not be measured. */
export function tally(rows: BenchRow[]): string {
  const verdicts = rows.map(verdict);
  const count = (v: string) => verdicts.filter((x) => x.startsWith(v)).length;
  return `${count("met")} met, ${count("missed")} missed, ${count("error")} errors, ${count("reported")} reported without a target`;
}
