// CSV as spreadsheets read it safely (SPEC §9, issue 12): every value in
// double quotes with quotes doubled, and a cell that a spreadsheet would take
// for a formula (= + - @, a tab or a carriage return first) neutralised with
// a leading apostrophe.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One record, CRLF-terminated (RFC 4180). */
export function csvLine(values: readonly unknown[]): string {
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
