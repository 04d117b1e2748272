/**
 * The per-request Content-Security-Policy nonce, for React Router's inline scripts. Only the server
 * knows it (app/entry.server.tsx provides it); in the browser it is undefined, which is right:
 * browsers hide the nonce attribute and hydration does not compare it.
 */
import { createContext, useContext } from "react";

export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
