import type { NextFunction, Request, Response } from "express";

/** The health check's address (app/routes/healthz.ts). */
const HEALTH_CHECK = "/healthz";

/**
 * Issue 23: React Router builds each request's URL from its Host (X-Forwarded-Host from a trusted
 * proxy), and threw on a request with none (HTTP/1.0 needs none) or with one that is no host name:
 * a 500, with a stack in the error log, that any client could set off on every address. Such a
 * request is now the plain 400 of the last-resort handler, logged as the client's mistake.
 *
 * Except /healthz without a Host at all: balancers' health checks often speak HTTP/1.0 and send
 * none, and expect a 200 from a healthy server (docs/operating.md "Health"). Its answer does not
 * depend on the host, so it is answered as if asked for localhost.
 */
export function refuseBadHost(req: Request, _res: Response, next: NextFunction) {
  // Express's host name: X-Forwarded-Host when the proxy is trusted, else Host, without the port.
  // Express's host with its port (req.hostname drops it): React Router's URL takes both, and a
  // port past 65535 made it throw as an empty host did.
  const host = req.host;
  if (host !== undefined && isHostName(host)) return next();
  if (req.headers.host === undefined && req.path === HEALTH_CHECK) {
    req.headers.host = "localhost";
    return next();
  }
  next(
    Object.assign(new Error(host === undefined ? "No Host header" : "A Host header that is no host name"), {
      status: 400,
    }),
  );
}

/**
 * A name or an address the URL parser takes as a host, with nothing a URL would read as more than
 * the host (a path, a query, a fragment, user information).
 */
function isHostName(host: string): boolean {
  return !/[\s/?#@\\]/.test(host) && URL.canParse(`http://${host}/`);
}
