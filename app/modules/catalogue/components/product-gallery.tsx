import { ChevronLeft, ChevronRight, Expand, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState, type KeyboardEvent } from "react";
import { imageSrcSet, imageUrlAtWidth } from "../image-url";
import type { ProductImage } from "../types";

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
        <button type="button" onClick={() => go(-1)} aria-label="Previous image" className={`absolute top-1/2 left-3 -translate-y-1/2 rounded-full bg-background/85 shadow backdrop-blur hover:bg-background ${size === "lg" ? "p-3" : "p-2"}`}>
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <button type="button" onClick={() => go(1)} aria-label="Next image" className={`absolute top-1/2 right-3 -translate-y-1/2 rounded-full bg-background/85 shadow backdrop-blur hover:bg-background ${size === "lg" ? "p-3" : "p-2"}`}>
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
        <button type="button" onClick={() => setViewer(true)} aria-label="View full screen" className="absolute right-3 bottom-3 rounded-full bg-background/85 p-2.5 shadow backdrop-blur hover:bg-background">
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
              <button type="button" onClick={() => setIndex(i)} aria-label={`Show picture ${i + 1}`} aria-current={i === index ? "true" : undefined} className={`block overflow-hidden rounded-xl border-2 transition-colors ${i === index ? "border-gold" : "border-transparent hover:border-border"}`}>
                <img src={imageUrlAtWidth(image.url, 160)} alt="" width={160} height={213} loading="lazy" className="aspect-[3/4] w-full bg-muted object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog.Root open={viewer} onOpenChange={setViewer}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
          <Dialog.Content className="fixed inset-0 z-50 flex items-center justify-center p-4 outline-none" onKeyDown={onKeys}>
            <Dialog.Title className="sr-only">{title}</Dialog.Title>
            <Dialog.Description className="sr-only">
              Picture {index + 1} of {count}. Use the arrow keys to move between pictures and Escape to close.
            </Dialog.Description>
            <img src={imageUrlAtWidth(current.url, 1200)} alt={alt(current, index)} width={current.width ?? 900} height={current.height ?? 1200} className="max-h-full max-w-full rounded-2xl object-contain" />
            {arrows("lg")}
            <Dialog.Close aria-label="Close full screen" className="absolute top-4 right-4 rounded-full bg-background/85 p-3 shadow hover:bg-background">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
