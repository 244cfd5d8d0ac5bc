import { createContext, useContext, type ReactNode } from "react";

/**
 * The site's stylesheet, written into the document's <head> by the server
 * (entry.server.tsx) instead of linked: the first paint then waits for no
 * second request. Only the server has the text; the browser already holds
 * it in the page, so on the client the context is empty and React leaves
 * the server's <style> as it is (it never compares inner HTML on hydration).
 */
const InlineStylesContext = createContext("");

export function InlineStylesProvider({ css, children }: { css: string; children: ReactNode }) {
  return <InlineStylesContext.Provider value={css}>{children}</InlineStylesContext.Provider>;
}

export function InlineStyles() {
  const css = useContext(InlineStylesContext);
  return <style data-inline-styles="" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
