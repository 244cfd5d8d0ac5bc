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
