import { useEffect, useState } from "react";
import { BRAND } from "~/lib/brand";
import { hasSessionMark, setSessionMark } from "~/lib/session-mark";

/** SPEC §9: the splash completes after 2500 ms. */
export const INTRO_DURATION_MS = 2500;
const FADE_OUT_MS = 600;
/** sessionStorage: set once the intro has completed, so later pages of the session skip it. */
export const INTRO_SEEN_KEY = "hive:intro-seen";

type Phase = "off" | "showing" | "leaving";

/**
 * The logo splash of the first visit in a browser session (SPEC §1, §4),
 * when that visit is to the home page: a deep link goes straight in.
 * It exists only after hydration: the server's HTML is the real page, which
 * crawlers and the first paint see, and the overlay is fixed over it, so
 * nothing moves when it comes or goes. Skipped under reduced motion.
 * A click or Escape dismisses it early.
 */
export function BrandIntro() {
  const [phase, setPhase] = useState<Phase>("off");

  useEffect(() => {
    if (hasSessionMark(INTRO_SEEN_KEY) || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    // A session that starts anywhere but the home page (a link from a mail, an admin page, a search) opens at once;
    // it has begun, so the home page later in it opens at once too.
    if (window.location.pathname !== "/") {
      setSessionMark(INTRO_SEEN_KEY);
      return;
    }
    // From the first frame after hydration: the server's page has painted by then.
    const start = window.requestAnimationFrame(() => setPhase("showing"));
    const done = window.setTimeout(() => setPhase("leaving"), INTRO_DURATION_MS);
    return () => {
      window.cancelAnimationFrame(start);
      window.clearTimeout(done);
    };
  }, []);

  useEffect(() => {
    if (phase === "off") return;
    if (phase === "leaving") {
      setSessionMark(INTRO_SEEN_KEY);
      const gone = window.setTimeout(() => setPhase("off"), FADE_OUT_MS);
      return () => window.clearTimeout(gone);
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setPhase("leaving");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [phase]);

  if (phase === "off") return null;
  return (
    <div
      data-testid="brand-intro"
      data-phase={phase}
      aria-hidden="true"
      onClick={() => setPhase("leaving")}
      className={`fixed inset-0 z-[100] flex cursor-pointer flex-col items-center justify-center bg-background transition-opacity ease-out ${phase === "leaving" ? "pointer-events-none opacity-0 duration-[600ms]" : "animate-fade-in opacity-100"}`}
    >
      <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,var(--accent),transparent_60%)]" />
      <div className="animate-float relative flex flex-col items-center">
        <svg viewBox="0 0 64 64" className="size-16 text-gold" fill="none" aria-hidden="true">
          <path d="M32 6 54 18.5v27L32 58 10 45.5v-27Z" stroke="currentColor" strokeWidth="1.5" />
          <path d="M32 14 47 22.5v19L32 50 17 41.5v-19Z" stroke="currentColor" strokeWidth="0.75" opacity="0.6" />
        </svg>
        <p className="mt-6 font-display text-4xl tracking-[0.3em] text-foreground uppercase">{BRAND.name}</p>
        <p className="mt-3 text-[0.65rem] tracking-[0.4em] text-gold-ink uppercase">Bridal &amp; Formal</p>
        <div className="mt-8 h-px w-40 overflow-hidden bg-border">
          <div className="animate-splash-rule h-full w-full bg-gold" />
        </div>
      </div>
    </div>
  );
}
