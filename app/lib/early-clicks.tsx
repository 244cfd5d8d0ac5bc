import { useEffect } from "react";
import { InlineScript } from "~/lib/nonce";

/**
 * Taps that come before the page is interactive are kept, not lost (decision 0017).
 *
 * The server's HTML is on screen well before React has hydrated it: on a fast link
 * the `load` event comes 15–60 ms before React even listens, on a slow phone much
 * longer. Links and form buttons work in that time on their own (they are left
 * alone, as are disabled buttons), but a button that
 * only JavaScript drives (a heart, a tab, the menu, a dialog's opener) would
 * swallow the tap. The inline script below holds such taps from the first byte
 * of the page, and `ReplayEarlyClicks` presses the same buttons again, in order,
 * once React has them.
 *
 * A select marked `data-submit-on-change` (one whose choice applies at once, such as a sort) would lose a choice
 * made in that time too: the script sends its form instead, as the browser would with the form's button, so the
 * choice arrives as a plain GET navigation.
 */
const script = `(function(){var q=[];function h(e){var t=e.target;t=t&&t.closest?t.closest('button,[role="button"],[role="tab"]'):null;if(!t||t.disabled||(t.tagName==="A"&&t.hasAttribute("href"))||t.getAttribute("aria-disabled")==="true"||(t.form&&t.type!=="button"))return;e.preventDefault();e.stopImmediatePropagation();q.push(t);}function c(e){var t=e.target;if(t&&t.tagName==="SELECT"&&t.form&&t.hasAttribute("data-submit-on-change"))t.form.requestSubmit();}addEventListener("click",h,true);addEventListener("change",c,true);window.__earlyClicks={queue:q,stop:function(){removeEventListener("click",h,true);removeEventListener("change",c,true);}};})();`;

declare global {
  interface Window {
    __earlyClicks?: { queue: Element[]; stop: () => void };
  }
}

export function EarlyClicksScript() {
  return <InlineScript code={script} />;
}

/** What a mouse press sends, in order: a tab listens for the press, most buttons for the click. */
function press(target: Element) {
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
  target.dispatchEvent(new PointerEvent("pointerdown", { ...init, buttons: 1, pointerType: "mouse", isPrimary: true }));
  target.dispatchEvent(new MouseEvent("mousedown", { ...init, buttons: 1 }));
  target.dispatchEvent(new PointerEvent("pointerup", { ...init, pointerType: "mouse", isPrimary: true }));
  target.dispatchEvent(new MouseEvent("mouseup", init));
  target.dispatchEvent(new MouseEvent("click", { ...init, detail: 1 }));
}

/**
 * Once the page has hydrated (it sits last in the root layout's last part to hydrate, so error pages too, and it
 * waits for every part that hydrates on its own): stops holding taps, replays the ones held, then marks the page
 * interactive, `data-hydrated` on <html>, which the browser tests wait for. One effect for both, after every other
 * effect of the page has run.
 *
 * The replay waits until React has finished running effects (a microtask after this one): should a part of the
 * page hydrated on its own (HydrateSeparately) still be waiting, React hydrates it at once for a click, but not for
 * one that comes while it is running effects, which it drops.
 */
export function ReplayEarlyClicks() {
  useEffect(() => {
    let cancelled = false;
    queueMicrotask(() => {
      if (cancelled) return;
      // Parts hydrated on their own (HydrateSeparately) come in later tasks: taps stay held, and the page is not
      // called interactive, until the last of them has hydrated. A tap on a part still waiting was dropped by
      // React while it ran another part's effects (a dialog's opener did nothing, or its form navigated away).
      whenPartsHydrated(() => {
        if (cancelled) return;
        const early = window.__earlyClicks;
        if (early) {
          window.__earlyClicks = undefined;
          early.stop();
          for (const target of early.queue.splice(0)) if (target.isConnected) press(target);
        }
        document.documentElement.dataset.hydrated = "true";
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}

/** Parts of the page (HydrateSeparately) whose content has not hydrated yet, and who waits for the last of them. */
let partsWaiting = 0;
let onPartsHydrated: (() => void)[] = [];

function whenPartsHydrated(run: () => void) {
  if (partsWaiting === 0) run();
  else onPartsHydrated.push(run);
}

/** A part hydrated on its own has begun: its shell has committed, its content will hydrate in a later task. */
export function partWaiting(): () => void {
  partsWaiting += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    partsWaiting -= 1;
    if (partsWaiting > 0) return;
    const waiting = onPartsHydrated;
    onPartsHydrated = [];
    // After React has finished running this part's effects, as the first replay waits too.
    queueMicrotask(() => {
      for (const run of waiting) run();
    });
  };
}
