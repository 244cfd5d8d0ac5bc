import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { NEWSLETTER_AUTO_OPEN_DELAY_MS, NEWSLETTER_PROMPTED_KEY } from "../constants";
import { hasSessionMark, setSessionMark } from "~/lib/session-mark";

// The dialog (Radix, focus trap, scroll lock) is not needed to paint the
// page, so it stays out of the first load and arrives when the browser is idle.
const loadDialog = () => import("./newsletter-dialog");
const NewsletterDialog = lazy(loadDialog);

/**
 * The home page's newsletter modal: opens by itself once per browser session
 * 5 s after the page loads (SPEC §9), and whenever `openModal` is called.
 */
export function useNewsletterModal(): { openModal: () => void; modal: ReactNode } {
  const [open, setOpenState] = useState(false);
  const [mounted, setMounted] = useState(false);
  // What had focus when the dialog opened (the call to action, when opened by hand). The dialog's email field takes
  // focus as it mounts, before Radix notes what to give focus back to, so we note it here.
  const opener = useRef<HTMLElement | null>(null);

  const setOpen = useCallback((next: boolean) => {
    if (next) {
      setSessionMark(NEWSLETTER_PROMPTED_KEY, String(Date.now()));
      setMounted(true);
      opener.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    }
    setOpenState(next);
  }, []);

  const onCloseAutoFocus = useCallback((event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  }, []);

  useEffect(() => {
    if (hasSessionMark(NEWSLETTER_PROMPTED_KEY)) return;
    const preload = window.setTimeout(() => void loadDialog(), NEWSLETTER_AUTO_OPEN_DELAY_MS / 2);
    const timer = window.setTimeout(() => {
      // Opened by hand meanwhile: that was this session's prompt.
      if (!hasSessionMark(NEWSLETTER_PROMPTED_KEY)) setOpen(true);
    }, NEWSLETTER_AUTO_OPEN_DELAY_MS);
    return () => {
      window.clearTimeout(preload);
      window.clearTimeout(timer);
    };
  }, [setOpen]);

  const openModal = useCallback(() => setOpen(true), [setOpen]);
  const modal = mounted ? (
    <Suspense fallback={null}>
      <NewsletterDialog open={open} onOpenChange={setOpen} onCloseAutoFocus={onCloseAutoFocus} />
    </Suspense>
  ) : null;
  return { openModal, modal };
}
