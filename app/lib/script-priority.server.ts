import { StringDecoder } from "node:string_decoder";

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
 * (entry.server.tsx). A tag cut between two pieces is caught by holding back
 * the end of a piece that could be the start of one; a character cut between
 * two pieces is kept whole by the decoder.
 */
const TAG = '<link rel="modulepreload"';
const MARKED = `${TAG} fetchpriority="low"`;

export class ModulePreloadPriority {
  #decoder = new StringDecoder("utf8");
  #carry = "";

  /** The next piece of the page, marked; a few bytes may wait for the next piece. */
  write(chunk: Buffer): string {
    const text = this.#carry + this.#decoder.write(chunk);
    const keep = partialTagAtEnd(text);
    this.#carry = text.slice(text.length - keep);
    return text.slice(0, text.length - keep).replaceAll(TAG, MARKED);
  }

  /** Whatever was held back, at the end of the page. */
  end(): string {
    const rest = this.#carry + this.#decoder.end();
    this.#carry = "";
    return rest.replaceAll(TAG, MARKED);
  }
}

/** How many characters at the end of `text` are a proper prefix of the tag. */
function partialTagAtEnd(text: string): number {
  for (let length = Math.min(TAG.length - 1, text.length); length > 0; length--) {
    if (TAG.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
