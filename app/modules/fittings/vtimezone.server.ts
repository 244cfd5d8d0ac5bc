/**
 * A VTIMEZONE block (RFC 5545 §3.6.5) for an IANA zone, worked out from the
 * platform's own time zone data (Intl): one observance per offset change in
 * the years asked for, or a single STANDARD observance for a zone without
 * daylight saving. Enough for a calendar to place an invitation's
 * `DTSTART;TZID=...` exactly, on the boutique's clock.
 */

// Making an Intl.DateTimeFormat costs far more than using one, and a year's transitions ask for an offset about 1,500
// times: one formatter per zone and kind, kept. (It was 140 ms of CPU per booking's invitation.)
const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneName(timeZone: string, kind: "longOffset" | "short", at: number): string | undefined {
  const key = `${timeZone} ${kind}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: kind })));
  return format.formatToParts(at).find((part) => part.type === "timeZoneName")?.value;
}

function offsetMinutes(timeZone: string, at: number): number {
  const name = zoneName(timeZone, "longOffset", at);
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name ?? "");
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

function shortName(timeZone: string, at: number): string {
  const name = zoneName(timeZone, "short", at);
  // Names like 'GMT-3' are not abbreviations: leave TZNAME out rather than invent one.
  return name && /^[A-Z]{2,5}$/.test(name) ? name : "";
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");
const utcOffset = (minutes: number) => `${minutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
/** An instant written as the wall-clock time of a fixed offset, 'YYYYMMDDTHHMMSS'. */
function localStamp(at: number, offset: number): string {
  const d = new Date(at + offset * 60_000);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

interface Transition {
  at: number;
  from: number;
  to: number;
}

/** The instants in `year` at which the zone's offset changes, to the minute. */
function offsetTransitions(timeZone: string, year: number): Transition[] {
  const out: Transition[] = [];
  const end = Date.UTC(year + 1, 0, 1);
  const step = 6 * 3600_000;
  let previous = offsetMinutes(timeZone, Date.UTC(year, 0, 1));
  for (let t = Date.UTC(year, 0, 1) + step; t <= end; t += step) {
    const current = offsetMinutes(timeZone, t);
    if (current === previous) continue;
    let low = t - step;
    let high = t;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetMinutes(timeZone, middle) === previous) low = middle;
      else high = middle;
    }
    out.push({ at: high, from: previous, to: current });
    previous = current;
  }
  return out;
}

/** Blocks already worked out, by zone and years: the same two years serve every invitation of a season. */
const blocks = new Map<string, string>();

/** The VTIMEZONE text (CRLF lines) for `timeZone`, covering the given years. */
export function vtimezone(timeZone: string, years: readonly number[]): string {
  const distinct = [...new Set(years)].sort();
  const key = `${timeZone} ${distinct.join(",")}`;
  let block = blocks.get(key);
  if (block === undefined) {
    block = buildVtimezone(timeZone, distinct);
    // A handful of zones and years in practice; never a store that grows without end.
    if (blocks.size >= 64) blocks.clear();
    blocks.set(key, block);
  }
  return block;
}

/** The block for `years`, distinct and in order. */
function buildVtimezone(timeZone: string, years: readonly number[]): string {
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  const transitions = years.flatMap((year) => offsetTransitions(timeZone, year));
  if (transitions.length === 0) {
    const offset = offsetMinutes(timeZone, Date.UTC(years[0] ?? 2026, 0, 1));
    const name = shortName(timeZone, Date.UTC(years[0] ?? 2026, 0, 1));
    lines.push("BEGIN:STANDARD", "DTSTART:19700101T000000", `TZOFFSETFROM:${utcOffset(offset)}`, `TZOFFSETTO:${utcOffset(offset)}`);
    if (name) lines.push(`TZNAME:${name}`);
    lines.push("END:STANDARD");
  }
  for (const { at, from, to } of transitions) {
    const kind = to > from ? "DAYLIGHT" : "STANDARD";
    const name = shortName(timeZone, at + 60_000);
    lines.push(`BEGIN:${kind}`, `DTSTART:${localStamp(at, from)}`, `TZOFFSETFROM:${utcOffset(from)}`, `TZOFFSETTO:${utcOffset(to)}`);
    if (name) lines.push(`TZNAME:${name}`);
    lines.push(`END:${kind}`);
  }
  lines.push("END:VTIMEZONE");
  return `${lines.join("\r\n")}\r\n`;
}
