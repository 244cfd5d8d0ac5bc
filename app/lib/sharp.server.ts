import type SharpModule from "sharp";

let loading: Promise<typeof SharpModule> | null = null;

/**
 * sharp, loaded on the first picture rendered or upload decoded rather than
 * at start-up: importing it adds about 28 MB of RSS to a bare Node process
 * (libvips and its threads), which an idle server, or one whose pictures all
 * come from the disk cache, never needs.
 */
export function loadSharp(): Promise<typeof SharpModule> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // libvips would keep its own cache of operations and files (up to 50 MB by default) beside ours; ours is enough.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
