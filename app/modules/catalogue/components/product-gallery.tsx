import { ChevronLeft, ChevronRight, Expand } from "lucide-react";
import { lazy, useState, type KeyboardEvent } from "react";
import { LazyMount } from "~/components/ui/lazy-mount";
import { imageSrcSet, imageUrlAtWidth } from "~/lib/image-url";
import type { ProductImage } from "../types";

const GalleryViewer = lazy(() => import("./gallery-viewer"));

/**
 * The product's pictures: previous/next, thumbnails, and a full-screen
 * viewer that answers the arrow keys and Escape.
 */
export function ProductGallery({ images, title }: { images: ProductImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const [viewer, setViewer] = useState(false);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const onKeys = (event: KeyboardEvent) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    // The viewer is portalled, yet React bubbles its keys to the gallery too: handle each press once.
    event.stopPropagation();
    go(event.key === "ArrowRight" ? 1 : -1);
  };
  if (!current) return <div className="aspect-[3/4] rounded-[2rem] bg-muted" />;
  const alt = (image: ProductImage, i: number) => image.altText ?? `${title}, picture ${i + 1} of ${count}`;

  const arrows = (size: "sm" | "lg") =>
    count > 1 ? (
      <>
        <button
          type="button"
          onClick={() => go(-1)}
          aria-label="Previous image"
          className={`absolute top-1/2 left-3 -translate-y-1/2 rounded-full bg-background/85 shadow backdrop-blur hover:bg-background ${size === "lg" ? "p-3" : "p-2"}`}
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={() => go(1)}
          aria-label="Next image"
          className={`absolute top-1/2 right-3 -translate-y-1/2 rounded-full bg-background/85 shadow backdrop-blur hover:bg-background ${size === "lg" ? "p-3" : "p-2"}`}
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </>
    ) : null;

  return (
    <div className="flex flex-col gap-4" aria-roledescription="carousel" aria-label={`Pictures of ${title}`} onKeyDown={onKeys}>
      <div className="relative overflow-hidden rounded-[2rem] bg-muted">
        <img
          src={imageUrlAtWidth(current.url, 800)}
          srcSet={imageSrcSet(current)}
          sizes="(min-width: 1024px) 46vw, 100vw"
          alt={alt(current, index)}
          width={current.width ?? 600}
          height={current.height ?? 800}
          fetchPriority="high"
          className="aspect-[3/4] w-full object-cover"
        />
        {arrows("sm")}
        <button
          type="button"
          onClick={() => setViewer(true)}
          aria-label="View full screen"
          className="absolute right-3 bottom-3 rounded-full bg-background/85 p-2.5 shadow backdrop-blur hover:bg-background"
        >
          <Expand className="size-4" aria-hidden="true" />
        </button>
        <p className="sr-only" aria-live="polite">
          Picture {index + 1} of {count}
        </p>
      </div>
      {count > 1 ? (
        <ul className="grid grid-cols-5 gap-3" aria-label="Choose a picture">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show picture ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
                className={`block w-full overflow-hidden rounded-xl border-2 transition-colors ${i === index ? "border-gold" : "border-transparent hover:border-border"}`}
              >
                <img
                  src={imageUrlAtWidth(image.url, 160)}
                  alt=""
                  width={160}
                  height={213}
                  loading="lazy"
                  className="aspect-[3/4] w-full bg-muted object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <LazyMount when={viewer}>
        <GalleryViewer
          open={viewer}
          onOpenChange={setViewer}
          image={current}
          alt={alt(current, index)}
          title={title}
          index={index}
          count={count}
          onKeys={onKeys}
          arrows={arrows("lg")}
        />
      </LazyMount>
    </div>
  );
}
