import type { RouterContextProvider } from "react-router";
import { type Logger, requestLogger } from "./log.server.ts";
import { requestErrorsContext, requestIdContext } from "./request-context.ts";

/** The logger of the request a loader, action or middleware runs for: its lines carry the request's id. */
export function requestLog(context: Readonly<RouterContextProvider>): Logger {
  return requestLogger(context.get(requestIdContext));
}

/**
 * An error a route caught and answered for itself (a 503, say): the request's own log line
 * (server.ts) writes it, with its stack for a 5xx, so the request stays one line.
 */
export function reportRequestError(context: Readonly<RouterContextProvider>, error: unknown): void {
  const errors = context.get(requestErrorsContext);
  if (errors) errors.push(error);
  else requestLog(context).error("request failed", { error });
}
