import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * The page's JavaScript is not needed for its first paint: the HTML and the
 * inlined stylesheet paint it, and hydration waits for the first frame
 * (entry.client.tsx). React Router's <Scripts> preloads every module at the
 * browser's default (high) priority, so on a slow connection the scripts
 * share the line with the preloaded fonts and the hero image, which the
 * first paint does wait for. This stream marks those preloads
 * `fetchpriority="low"`: they are still fetched at once, behind what the
 * paint needs.
 *
 * <Scripts> offers no prop for it, so the server's HTML is rewritten as it
 * streams. A tag split across two chunks is caught by holding back the
 * last few bytes of each chunk.
 */
const TAG = '<link rel="modulepreload"';
const MARKED = `${TAG} fetchpriority="low"`;

export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      // The decoder keeps a character split across chunks whole.
      const text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      // Hold back a tail that could be the start of a tag cut in two; it cannot hold a whole one.
      const keep = partialTagAtEnd(text);
      carry = text.slice(text.length - keep);
      const ready = text.slice(0, text.length - keep);
      callback(null, ready.replaceAll(TAG, MARKED));
    },
    flush(callback) {
      callback(null, (carry + decoder.end()).replaceAll(TAG, MARKED));
    },
  });
}

/** How many bytes at the end of `text` are a proper prefix of the tag. */
function partialTagAtEnd(text: string): number {
  for (let length = Math.min(TAG.length - 1, text.length); length > 0; length--) {
    if (TAG.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
