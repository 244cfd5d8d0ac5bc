import { IMAGE_WIDTHS, imageSrcSet, imageUrlAtWidth } from "~/lib/image-url";

/**
 * A product picture drawn small (a line of a list): the browser picks from
 * the widths that box needs at 1× to 3× density, instead of the stored URL's
 * full-size picture (1,200 px for the built-in store, as large as Shopify
 * holds it). Lists are below the fold or long, so it loads lazily unless told.
 */
export function Thumbnail({
  image,
  width,
  height,
  alt = "",
  className,
  eager = false,
}: {
  /** `width`: the original's, when known, so the browser is never offered more than there is. */
  image: { url: string; width?: number | null };
  width: number;
  height: number;
  alt?: string;
  className?: string;
  eager?: boolean;
}) {
  const widest = Math.max(...IMAGE_WIDTHS);
  const largest = IMAGE_WIDTHS.find((w) => w >= width * 3) ?? widest;
  const widths = IMAGE_WIDTHS.filter((w) => w >= width && w <= largest);
  return (
    <img
      src={imageUrlAtWidth(image.url, IMAGE_WIDTHS.find((w) => w >= width * 2) ?? largest)}
      srcSet={imageSrcSet({ url: image.url, width: image.width ?? null }, widths) || undefined}
      sizes={`${width}px`}
      width={width}
      height={height}
      alt={alt}
      loading={eager ? undefined : "lazy"}
      decoding="async"
      className={className}
    />
  );
}
