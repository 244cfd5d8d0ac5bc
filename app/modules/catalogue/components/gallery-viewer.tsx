import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { KeyboardEvent, ReactNode } from "react";
import { imageUrlAtWidth } from "~/lib/image-url";
import type { ProductImage } from "../types";

/** The full-screen picture viewer; its code loads when it first opens. */
export default function GalleryViewer(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  image: ProductImage;
  alt: string;
  title: string;
  index: number;
  count: number;
  onKeys(event: KeyboardEvent): void;
  arrows: ReactNode;
}) {
  const { open, onOpenChange, image, alt, title, index, count, onKeys, arrows } = props;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <Dialog.Content className="fixed inset-0 z-50 flex items-center justify-center p-4 outline-none" onKeyDown={onKeys}>
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <Dialog.Description className="sr-only">
            Picture {index + 1} of {count}. Use the arrow keys to move between pictures and Escape to close.
          </Dialog.Description>
          <img
            src={imageUrlAtWidth(image.url, 1200)}
            alt={alt}
            width={image.width ?? 900}
            height={image.height ?? 1200}
            className="max-h-full max-w-full rounded-2xl object-contain"
          />
          {arrows}
          <Dialog.Close
            aria-label="Close full screen"
            className="absolute top-4 right-4 rounded-full bg-background/85 p-3 shadow hover:bg-background"
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
