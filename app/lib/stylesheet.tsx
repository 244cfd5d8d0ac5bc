import { createContext, useContext, useEffect, type ReactNode } from "react";

/**
 * How this page gets the site's stylesheet, chosen by the server per request
 * (entry.server.tsx; docs/decisions/0014-stylesheet-inlined-once.md):
 *
 * - `inline`: the text is written into the <head>, so a first visit paints
 *   without waiting for a second request; once the page has loaded and the
 *   browser is idle, the fingerprinted file is prefetched, to be in the
 *   browser's cache for the next document the visitor opens. Not before: on a
 *   slow link it would share the first load's bandwidth with what the page
 *   needs now (its scripts, fonts and pictures).
 * - `link`: the browser has had the file (a cookie says so): a link to it,
 *   cached for a year, instead of 50 KB of text on every page.
 *
 * Only the server knows which; on the client there is no provider, and the
 * component renders what the document already holds, so hydration matches.
 * React never compares a <style>'s inner HTML on hydration: the client's
 * empty text leaves the server's as it is.
 */
export type StylesheetDelivery = { inline: string } | { link: string };

const StylesheetContext = createContext<StylesheetDelivery | null>(null);

export function StylesheetProvider({ delivery, children }: { delivery: StylesheetDelivery; children: ReactNode }) {
  return <StylesheetContext.Provider value={delivery}>{children}</StylesheetContext.Provider>;
}

/** `file`: the stylesheet's fingerprinted URL, or null in development (Vite links it itself). */
export function Stylesheet({ file }: { file: string | null }) {
  const delivery = useContext(StylesheetContext) ?? deliveredToThisDocument();
  const inline = "inline" in delivery;
  useEffect(() => {
    if (inline && file) return prefetchAfterLoad(file);
  }, [inline, file]);
  if ("link" in delivery) return <link rel="stylesheet" href={delivery.link} data-app-stylesheet="" />;
  return <style data-inline-styles="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: delivery.inline }} />;
}

let delivered: StylesheetDelivery | undefined;

/** In the browser: what the server sent this document, read once (it never changes for the page's life). */
function deliveredToThisDocument(): StylesheetDelivery {
  if (!delivered) {
    const link = typeof document === "undefined" ? null : document.querySelector("link[data-app-stylesheet]");
    delivered = link ? { link: link.getAttribute("href") ?? "" } : { inline: "" };
  }
  return delivered;
}

/** Adds `<link rel="prefetch">` for the file after the `load` event, when the browser is next idle; returns a cancel. */
function prefetchAfterLoad(file: string): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const prefetch = () => {
    if (document.head.querySelector(`link[rel="prefetch"][href="${CSS.escape(file)}"]`)) return;
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.as = "style";
    link.href = file;
    document.head.append(link);
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === "function") idle = requestIdleCallback(prefetch, { timeout: 2_000 });
    else timer = setTimeout(prefetch, 200);
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
  return () => {
    window.removeEventListener("load", whenIdle);
    if (idle !== undefined) cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
