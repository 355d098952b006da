import type { IncomingMessage, ServerResponse } from "node:http";
import { beforeHeaders } from "./before-headers.server.ts";

/**
 * Issue 12, decision 014: no answer of the portal's routes is kept by a browser or a proxy, unless
 * the route says otherwise. Steps, the summary and the confirmation show a claimant's answers, and
 * any page may (the header shows whether someone is signed in, redirects carry where they were);
 * telling which pages carry personal data one by one would be a rule to get wrong. So every page,
 * data request, redirect and API reply is `Cache-Control: no-store`, and Back after signing out
 * asks the server again, which has ended the session. The exceptions set their own header: static
 * assets (served before this, by content hash or for an hour).
 */
export function noStoreUnlessSaid(_req: IncomingMessage, res: ServerResponse, next: () => void) {
  beforeHeaders(res, () => {
    if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-store");
  });
  next();
}
