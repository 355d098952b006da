import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * An address whose path does not decode (a link cut inside a %-escape, "/standard/%E0%A4%A", or
 * escapes of bytes that are not UTF-8) names no page: the claimant should get the portal's "Page
 * not found" in their language, as for any other address. Express's router refused it with a bare
 * "Bad Request" in English, and React Router, which would answer it, prints a warning to the
 * console (no log line, and anyone can repeat it). So each segment that does not decode is taken
 * literally: its "%" becomes "%25", and the address reads as the characters that were sent.
 */
export function literalUndecodableAddresses(
  req: IncomingMessage & { originalUrl?: string },
  _res: ServerResponse,
  next: () => void,
) {
  const url = req.url ?? "/";
  if (!url.includes("%")) return next();
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const literal = pathname
    .split("/")
    .map((segment) => (decodes(segment) ? segment : segment.replaceAll("%", "%25")))
    .join("/");
  if (literal !== pathname) {
    // React Router's Express adapter reads the address from originalUrl.
    req.url = literal + (queryAt === -1 ? "" : url.slice(queryAt));
    req.originalUrl = req.url;
  }
  next();
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
