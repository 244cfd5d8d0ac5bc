import { Link } from "react-router";
import { imageSrcSet, imageUrlAtWidth } from "~/lib/image-url";
import type { ProductImage } from "../types";

export type ShowcaseImage = ProductImage & { title: string; handle: string };

/** Two gowns side by side, the second set lower: the bridal hero's showcase. */
export function TwoImageShowcase({ images }: { images: ShowcaseImage[] }) {
  if (images.length === 0) return null;
  return (
    <div className="grid grid-cols-2 gap-4 sm:gap-6">
      {images.slice(0, 2).map((image, index) => (
        <Link
          key={image.handle}
          to={`/product/${image.handle}`}
          className={`block overflow-hidden rounded-[2rem] bg-muted shadow-sm ${index === 1 ? "mt-12" : ""}`}
        >
          <img
            src={imageUrlAtWidth(image.url, 480)}
            srcSet={imageSrcSet(image, [240, 320, 480, 640, 800])}
            sizes="(min-width: 1024px) 22vw, 45vw"
            alt={image.altText ?? image.title}
            width={image.width ?? 600}
            height={image.height ?? 800}
            fetchPriority={index === 0 ? "high" : "auto"}
            className="aspect-[3/4] size-full object-cover"
          />
        </Link>
      ))}
    </div>
  );
}
