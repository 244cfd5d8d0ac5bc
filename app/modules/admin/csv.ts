// CSV as spreadsheets read it safely (SPEC §9, issue 12): every value in
// double quotes with quotes doubled, and a cell that a spreadsheet would take
// for a formula (= + - @, a tab or a carriage return first) neutralised with
// a leading apostrophe. A time is ISO 8601 on the boutique's clock with its
// offset (2026-12-01T14:00:00-05:00): a spreadsheet reads it as a date, and a
// person reads the time the boutique saw.
import { isoDateTimeIn } from "~/lib/format";

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell; a Date is written on `timeZone`'s clock (the boutique's BOUTIQUE_TIME_ZONE). */
function csvCell(value: unknown, timeZone = "UTC"): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? isoDateTimeIn(value, timeZone) : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One record, CRLF-terminated (RFC 4180). */
export function csvLine(values: readonly unknown[], timeZone = "UTC"): string {
  return `${values.map((value) => csvCell(value, timeZone)).join(",")}\r\n`;
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
