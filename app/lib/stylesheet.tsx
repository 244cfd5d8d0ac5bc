import { createContext, useContext, type ReactNode } from "react";

/**
 * How this page gets the site's stylesheet, chosen by the server per request
 * (entry.server.tsx; docs/decisions/0014-stylesheet-inlined-once.md):
 *
 * - `inline`: the text is written into the <head>, so a first visit paints
 *   without waiting for a second request; the fingerprinted file is
 *   prefetched at idle priority, to be in the browser's cache for the next
 *   page the visitor opens.
 * - `link`: the browser has had the file (a cookie says so): a link to it,
 *   cached for a year, instead of 50 KB of text on every page.
 *
 * Only the server knows which; on the client there is no provider, and the
 * component renders what the document already holds, so hydration matches.
 * React never compares a <style>'s inner HTML on hydration: the client's
 * empty text leaves the server's as it is.
 */
export type StylesheetDelivery = { inline: string; prefetch: string | null } | { link: string };

const StylesheetContext = createContext<StylesheetDelivery | null>(null);

export function StylesheetProvider({ delivery, children }: { delivery: StylesheetDelivery; children: ReactNode }) {
  return <StylesheetContext.Provider value={delivery}>{children}</StylesheetContext.Provider>;
}

/** `file`: the stylesheet's fingerprinted URL, or null in development (Vite links it itself). */
export function Stylesheet({ file }: { file: string | null }) {
  const delivery = useContext(StylesheetContext) ?? deliveredToThisDocument(file);
  if ("link" in delivery) return <link rel="stylesheet" href={delivery.link} data-app-stylesheet="" />;
  return (
    <>
      <style data-inline-styles="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: delivery.inline }} />
      {delivery.prefetch ? <link rel="prefetch" href={delivery.prefetch} as="style" /> : null}
    </>
  );
}

let delivered: StylesheetDelivery | undefined;

/** In the browser: what the server sent this document, read once (it never changes for the page's life). */
function deliveredToThisDocument(file: string | null): StylesheetDelivery {
  if (!delivered) {
    const link = typeof document === "undefined" ? null : document.querySelector("link[data-app-stylesheet]");
    delivered = link ? { link: link.getAttribute("href") ?? "" } : { inline: "", prefetch: file };
  }
  return delivered;
}
