import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useCallback, useEffect, useRef } from "react";
import { NEWSLETTER_SUCCESS_CLOSE_MS } from "../constants";
import { NewsletterSignup } from "./newsletter-signup";

const ART = { src: "/images/brand/post-bouquet.svg", width: 600, height: 600 };

/**
 * The 'Join the Hive' modal (SPEC §2, §4). Loaded on demand (see
 * newsletter-modal.tsx). Radix unmounts the content when the dialog closes,
 * which is what resets it: the success view goes, the email field empties,
 * and the next opening starts fresh.
 */
export default function NewsletterDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (!open) window.clearTimeout(closeTimer.current);
  }, [open]);

  const onSubscribed = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => onOpenChange(false), NEWSLETTER_SUCCESS_CLOSE_MS);
  }, [onOpenChange]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-[#1b1a18]/60 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid="newsletter-dialog"
          className="animate-dialog-in fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto border border-border bg-background shadow-2xl md:grid-cols-[0.85fr_1fr]"
        >
          <img
            src={ART.src}
            width={ART.width}
            height={ART.height}
            alt=""
            aria-hidden="true"
            className="hidden h-full w-full object-cover md:block"
          />
          <div className="px-6 pt-12 pb-10 sm:px-10">
            <NewsletterSignup onSubscribed={onSubscribed} TitleAs={Dialog.Title} DescriptionAs={Dialog.Description} autoFocus />
          </div>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
