import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from "~/lib/scripts-after-paint";

/**
 * Sends React Router's scripts inert, for ScriptsAfterPaint to wake after the
 * first paint (scripts-after-paint.tsx, decision 0016). Two tags change:
 *
 * - every `<link rel="modulepreload"`, to the relation browsers ignore;
 * - the inline module that starts hydration (`type="module" async=""`, as
 *   <Scripts> writes it), to a type browsers do not run.
 *
 * <Scripts> offers no prop for it, so the HTML is rewritten as it streams
 * (entry.server.tsx). It works on the bytes, never decoding the page: the
 * patterns are ASCII, and no byte of a multi-byte UTF-8 character is ASCII, so
 * a match is always the tag. A piece without a pattern passes through as it is
 * (no copy). A pattern cut between two pieces is caught by holding back the end
 * of a piece that could be the start of one.
 */
const REWRITES: ReadonlyArray<readonly [Buffer, Buffer]> = [
  ['<link rel="modulepreload"', `<link rel="${INERT_PRELOAD_REL}"`],
  ['type="module" async=""', `type="${INERT_MODULE_TYPE}" async=""`],
].map(([from, to]) => [Buffer.from(from!, "latin1"), Buffer.from(to!, "latin1")] as const);
const EMPTY = Buffer.alloc(0);

export class InertScripts {
  #carry: Buffer = EMPTY;

  /** The next piece of the page, rewritten; a few bytes may wait for the next piece. */
  write(chunk: Buffer): Buffer {
    const data = this.#carry.length > 0 ? Buffer.concat([this.#carry, chunk]) : chunk;
    const keep = partialPatternAtEnd(data);
    this.#carry = keep > 0 ? Buffer.from(data.subarray(data.length - keep)) : EMPTY;
    return rewritten(keep > 0 ? data.subarray(0, data.length - keep) : data);
  }

  /** Whatever was held back, at the end of the page. */
  end(): Buffer {
    const rest = this.#carry;
    this.#carry = EMPTY;
    return rewritten(rest);
  }
}

/** The first pattern found at or after `from`, if any. */
function nextMatch(data: Buffer, from: number): { at: number; rewrite: readonly [Buffer, Buffer] } | null {
  let best: { at: number; rewrite: readonly [Buffer, Buffer] } | null = null;
  for (const rewrite of REWRITES) {
    const at = data.indexOf(rewrite[0], from);
    if (at >= 0 && (best === null || at < best.at)) best = { at, rewrite };
  }
  return best;
}

function rewritten(data: Buffer): Buffer {
  let match = nextMatch(data, 0);
  if (match === null) return data;
  const parts: Buffer[] = [];
  let from = 0;
  while (match !== null) {
    const [pattern, replacement] = match.rewrite;
    parts.push(data.subarray(from, match.at), replacement);
    from = match.at + pattern.length;
    match = nextMatch(data, from);
  }
  parts.push(data.subarray(from));
  return Buffer.concat(parts);
}

/** How many bytes at the end of `data` are a proper prefix of some pattern (the longest such). */
function partialPatternAtEnd(data: Buffer): number {
  let longest = 0;
  for (const [pattern] of REWRITES) {
    for (let length = Math.min(pattern.length - 1, data.length); length > longest; length--) {
      if (data.compare(pattern, 0, length, data.length - length) === 0) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}
