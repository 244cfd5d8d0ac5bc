import { createContext, useContext, type ReactNode } from "react";

// The CSP nonce of this response. Browsers hide a nonce attribute's value
// from script, so on the client it is always the empty string.
const NonceContext = createContext("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}

/**
 * A script written into the page (code, or data such as JSON-LD with `type`), carrying this response's nonce so the
 * CSP lets it run. The browser hides the nonce after parsing, so hydration does not compare it.
 */
export function InlineScript({ code, type }: { code: string; type?: string }) {
  const nonce = useNonce();
  return <script type={type} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code }} />;
}
