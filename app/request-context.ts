import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/**
 * The per-request Content-Security-Policy nonce, made by server.ts. It reaches loaders through
 * the router context and the rendered <Scripts> through a React context; in the browser it is
 * empty, since the scripts that need it have run already.
 */
export const cspNonceContext = createContext<string>("");

/** The client's address as Express sees it (behind a proxy: with TRUST_PROXY set), for rate limits. */
export const clientAddressContext = createContext<string>("unknown");

export const NonceContext = createReactContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
