/**
 * The page's JavaScript is not needed for its first paint: the HTML and the
 * stylesheet paint it. React Router's <Scripts> preloads every module at the
 * browser's default (high) priority, so on a slow connection the scripts
 * share the line with the preloaded fonts, which the first paint does wait
 * for. The server's HTML therefore marks those preloads
 * `fetchpriority="low"`: they are still fetched at once, behind what the
 * paint needs.
 *
 * <Scripts> offers no prop for it, so the HTML is rewritten as it streams
 * (entry.server.tsx). It works on the bytes, never decoding the page: the tag
 * is ASCII, and no byte of a multi-byte UTF-8 character is ASCII, so a match
 * is always the tag. A piece without the tag passes through as it is (no
 * copy). A tag cut between two pieces is caught by holding back the end of a
 * piece that could be the start of one.
 */
const TAG = Buffer.from('<link rel="modulepreload"', "latin1");
const MARKED = Buffer.from('<link rel="modulepreload" fetchpriority="low"', "latin1");
const EMPTY = Buffer.alloc(0);

export class ModulePreloadPriority {
  #carry: Buffer = EMPTY;

  /** The next piece of the page, marked; a few bytes may wait for the next piece. */
  write(chunk: Buffer): Buffer {
    const data = this.#carry.length > 0 ? Buffer.concat([this.#carry, chunk]) : chunk;
    const keep = partialTagAtEnd(data);
    this.#carry = keep > 0 ? Buffer.from(data.subarray(data.length - keep)) : EMPTY;
    return marked(keep > 0 ? data.subarray(0, data.length - keep) : data);
  }

  /** Whatever was held back, at the end of the page. */
  end(): Buffer {
    const rest = this.#carry;
    this.#carry = EMPTY;
    return marked(rest);
  }
}

function marked(data: Buffer): Buffer {
  let found = data.indexOf(TAG);
  if (found < 0) return data;
  const parts: Buffer[] = [];
  let from = 0;
  while (found >= 0) {
    parts.push(data.subarray(from, found), MARKED);
    from = found + TAG.length;
    found = data.indexOf(TAG, from);
  }
  parts.push(data.subarray(from));
  return Buffer.concat(parts);
}

/** How many bytes at the end of `data` are a proper prefix of the tag. */
function partialTagAtEnd(data: Buffer): number {
  for (let length = Math.min(TAG.length - 1, data.length); length > 0; length--) {
    if (data.compare(TAG, 0, length, data.length - length) === 0) return length;
  }
  return 0;
}
