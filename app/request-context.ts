import { createContext as createReactContext, useContext } from "react";
import { createContext } from "react-router";

/**
 * The per-request Content-Security-Policy nonce, made by server.ts. It reaches loaders through
 * the router context and the page's scripts through a React context (NonceContext).
 */
export const cspNonceContext = createContext<string>("");

/** The client's address as Express sees it (behind a proxy: with TRUST_PROXY set), for rate limits. */
export const clientAddressContext = createContext<string>("unknown");

/**
 * The request's id, made by server.ts (or a trusted proxy's X-Request-Id): loaders and actions log
 * with it (`requestLog(context)`), and the error page shows it as the reference for support.
 */
export const requestIdContext = createContext<string>("");

/**
 * The errors React Router reports for the request (entry.server's handleError). server.ts's line
 * for the request writes them, at the level the answer's status calls for: with their stack for a
 * 5xx, only their message for a refusal (a 4xx).
 */
export const requestErrorsContext = createContext<unknown[] | undefined>(undefined);

export const NonceContext = createReactContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}

/** The request id of the page being rendered on the server (entry.server provides it). */
export const RequestIdContext = createReactContext("");

/** The id to quote to support: the request's. */
export function useRequestId(): string {
  return useContext(RequestIdContext);
}
