import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Each decision record says when it was taken and whether it still holds, under its title, in one line:
// "Date: 2026-11-26 · Status: accepted" (or "rejected", or "superseded by 0021"; words may follow).
const folder = fileURLToPath(new URL("../../../docs/decisions", import.meta.url));
const records = readdirSync(folder).filter((name) => name.endsWith(".md"));
const STATUS_LINE = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (accepted|rejected|superseded by (\d{4}))\b/;

describe("decision records", () => {
  it("are named NNNN-words.md, one record per number", () => {
    expect(records.length).toBeGreaterThan(10);
    for (const name of records) expect(name).toMatch(/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*\.md$/);
    const numbers = records.map((name) => name.slice(0, 4));
    expect(
      numbers.filter((number, index) => numbers.indexOf(number) !== index),
      "numbers used twice",
    ).toEqual([]);
  });

  it.each(records)("%s gives its date and status under its title", (name) => {
    const lines = readFileSync(join(folder, name), "utf8").split("\n");
    expect(lines[0]).toMatch(/^# /);
    const status = lines
      .slice(1, 5)
      .map((line) => STATUS_LINE.exec(line))
      .find(Boolean);
    expect(status, `a line such as "Date: 2026-11-26 · Status: accepted" near the top of ${name}`).toBeTruthy();
    const [, date, , supersededBy] = status!;
    expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
    // A superseded record names one that exists.
    const missing = supersededBy && !records.some((other) => other.startsWith(`${supersededBy}-`)) ? [supersededBy] : [];
    expect(missing, "the record that supersedes it").toEqual([]);
  });
});
