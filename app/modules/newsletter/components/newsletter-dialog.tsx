import { useCallback, useEffect, useRef } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { NEWSLETTER_SUCCESS_CLOSE_MS } from "../constants";
import { NewsletterSignup } from "./newsletter-signup";

const ART = { src: "/images/brand/post-bouquet.svg", width: 600, height: 600 };

/**
 * The 'Join the Hive' modal (SPEC §2, §4). Loaded on demand (see
 * newsletter-modal.tsx). Radix unmounts the content when the dialog closes,
 * which is what resets it: the success view goes, the email field empties,
 * and the next opening starts fresh.
 */
export default function NewsletterDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when it closes (Radix's own choice is the email field, gone by then). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="newsletter-dialog"
        onCloseAutoFocus={onCloseAutoFocus}
        size="none"
        className="grid max-w-3xl md:grid-cols-[0.85fr_1fr]"
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
          <NewsletterSignup onSubscribed={onSubscribed} TitleAs={DialogTitle} DescriptionAs={DialogDescription} autoFocus />
        </div>
      </DialogContent>
    </Dialog>
  );
}
