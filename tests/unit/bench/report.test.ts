import { describe, expect, it } from "vitest";
import type { BenchRow } from "../../../bench/bench-helpers";
import { errorRows, formatNumber, formatTarget, renderTable, tally, verdict } from "../../../bench/report";

const row = (over: Partial<BenchRow>): BenchRow => ({ figure: "a figure", value: 1, unit: "", command: "npm run x", ...over });

describe("the bench table's verdicts", () => {
  it("meets a floor at or above it and misses it below", () => {
    const target = { op: ">=", value: 95 } as const;
    expect(verdict(row({ value: 95, target }))).toBe("met");
    expect(verdict(row({ value: 100, target }))).toBe("met");
    expect(verdict(row({ value: 94, target }))).toBe("missed");
  });

  it("meets a ceiling at or below it and misses it above", () => {
    const target = { op: "<=", value: 0.02 } as const;
    expect(verdict(row({ value: 0.02, target }))).toBe("met");
    expect(verdict(row({ value: 0, target }))).toBe("met");
    expect(verdict(row({ value: 0.021, target }))).toBe("missed");
  });

  it("reports a figure with no target, and says an error or a missing figure as an error", () => {
    expect(verdict(row({ value: 512 }))).toBe("reported");
    expect(verdict(row({ value: null, error: "PostgreSQL is not reachable" }))).toBe("error: PostgreSQL is not reachable");
    expect(verdict(row({ value: null, target: { op: "<=", value: 1 } }))).toBe("error: no figure");
    expect(verdict(row({ value: Number.NaN, target: { op: "<=", value: 1 } }))).toBe("error: no figure");
  });
});

describe("the bench table's text", () => {
  it("formats figures to a few significant places, and targets with their sign and unit", () => {
    expect(formatNumber(0.01234)).toBe("0.0123");
    expect(formatNumber(0.512)).toBe("0.512");
    expect(formatNumber(3.456)).toBe("3.46");
    expect(formatNumber(12.34)).toBe("12.3");
    expect(formatNumber(1234.5)).toBe("1,235");
    expect(formatTarget({ op: ">=", value: 0.5 }, "×")).toBe("≥ 0.5×");
    expect(formatTarget({ op: "<=", value: 150 }, "KB")).toBe("≤ 150 KB");
    expect(formatTarget(undefined, "MB")).toBe("—");
  });

  it("gives one line per row: figure, value, target, verdict and command, with a pipe in a cell escaped", () => {
    const text = renderTable(
      [
        row({
          figure: "First-load JS /, gzip",
          value: 141.23,
          unit: "KB",
          target: { op: "<=", value: 150 },
          command: "npm run bench:js -- /",
        }),
        row({ figure: "RSS idle, PGlite", value: 180, unit: "MB", command: "a | b" }),
      ],
      { quick: false },
    ).split("\n");
    expect(text).toHaveLength(4);
    expect(text[0]).toMatch(/^\| figure +\| value +\| target +\| met or missed \| reproduce with +\|$/);
    expect(text[2]!.split("|").map((c) => c.trim())).toEqual([
      "",
      "First-load JS /, gzip",
      "141 KB",
      "≤ 150 KB",
      "met",
      "`npm run bench:js -- /`",
      "",
    ]);
    expect(text[3]).toContain("`a \\| b`");
    expect(text[3]).toContain("| reported ");
  });

  it("labels every row of a quick run as quick", () => {
    const text = renderTable([row({ figure: "Cold start to /healthz, fresh folder", value: 2900, unit: "ms" })], { quick: true });
    expect(text).toContain("QUICK run");
    expect(text).toContain("Cold start to /healthz, fresh folder (quick)");
  });

  it("turns each expected figure a bench did not report into an error row, and counts the verdicts", () => {
    const reported = [
      row({ figure: "Admin, pglite: submissions: first page p95 at 20,000 rows", value: 12, target: { op: "<=", value: 300 } }),
    ];
    const errors = errorRows(
      ["Admin, pglite: submissions: first page", "Admin, postgres: submissions: first page"],
      reported,
      "PostgreSQL is not reachable",
      "npm run bench:admin",
    );
    expect(errors).toEqual([
      {
        figure: "Admin, postgres: submissions: first page",
        value: null,
        unit: "",
        command: "npm run bench:admin",
        error: "PostgreSQL is not reachable",
      },
    ]);
    expect(tally([...reported, ...errors, row({ value: 3 })])).toBe("1 met, 0 missed, 1 errors, 1 reported without a target");
  });
});
