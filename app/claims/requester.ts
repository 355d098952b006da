import type { RouterContextProvider } from "react-router";

/**
 * Who asks a use case, as its limits and logs see them: the session, the request's context (the
 * client's address the limits per address count, the request's log line), and the request's time.
 */
export interface Requester {
  sessionId: string;
  context: Readonly<RouterContextProvider>;
  now: number;
}
