import type { ImgHTMLAttributes } from "react";
import { cx } from "~/lib/class-names";
import type { Artwork } from "../content/artwork";

type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "width" | "height" | "alt">;

/**
 * One of the boutique's illustrations at its intrinsic size (so it reserves its space before it loads): fetched
 * lazily below the fold, or first (`priority`) where it opens the page.
 */
export function ArtworkImage({ art, priority = false, ...props }: { art: Artwork; priority?: boolean } & ImageProps) {
  const loading: ImageProps = priority ? { fetchPriority: "high" } : { loading: "lazy", decoding: "async" };
  return <img src={art.src} width={art.width} height={art.height} alt={art.alt} {...loading} {...props} />;
}

/** An illustration with a fine gold frame set off behind it, towards one corner. */
export function FramedArtwork({
  art,
  frame,
  priority,
  className,
}: {
  art: Artwork;
  frame: "top-left" | "bottom-right";
  priority?: boolean;
  className?: string;
}) {
  return (
    <div className={cx("relative mx-auto w-full max-w-md", className)}>
      <div
        aria-hidden="true"
        className={cx("absolute h-full w-full border border-gold/60", frame === "top-left" ? "-top-4 -left-4" : "-right-4 -bottom-4")}
      />
      <ArtworkImage art={art} priority={priority} className="relative h-auto w-full" />
    </div>
  );
}
