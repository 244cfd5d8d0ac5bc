// CSV as spreadsheets read it safely (SPEC §9, issue 12): every value in
// double quotes with quotes doubled, and a cell that a spreadsheet would take
// for a formula (= + - @, a tab or a carriage return first) neutralised with
// a leading apostrophe. What a cell says (a time in words and in ISO 8601 on
// the boutique's clock, a budget's label) is the export's columns' business
// (dashboard-read-model.server.ts); this file only quotes.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text, a number, or nothing (null, undefined) as an empty cell. */
function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One record, CRLF-terminated (RFC 4180). */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** `Custom Design Submissions 2026-11-25.csv`: the tab's label and the day. */
export function csvFileName(label: string, day: string): string {
  return `${label} ${day}.csv`;
}

/** A Content-Disposition header for that name: a plain ASCII form and the RFC 5987 one. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
