import type { IncomingMessage, ServerResponse } from "node:http";

/** The methods a route of the portal may take; every other is refused before anything reads it. */
const KNOWN = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * A method no route takes (TRACE, CONNECT, WebDAV's PROPFIND …) is a 405 here, logged as the
 * client's mistake it is. TRACE reached React Router's adapter, whose Request refuses it with a
 * TypeError: a 500 and a stack in the error log that any client could set off.
 */
export function refuseUnknownMethods(req: IncomingMessage, res: ServerResponse, next: () => void) {
  if (KNOWN.has(req.method ?? "")) return next();
  methodNotAllowed(res);
}

/** What the pages take: a form posts, a link gets. */
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * The pages (everything but the JSON API, which answers its own 405s) take GET, HEAD and POST.
 * React Router runs a route's action for any other method, so a PUT or DELETE with a form's
 * fields signed in or saved answers as a POST would: no browser form sends one, and the API's
 * rule (405, Allow) is the pages' too.
 */
export function refuseMethodsPagesDoNotTake(req: IncomingMessage, res: ServerResponse, next: () => void) {
  if (PAGE_METHODS.has(req.method ?? "")) return next();
  methodNotAllowed(res);
}

function methodNotAllowed(res: ServerResponse) {
  res.statusCode = 405;
  res.setHeader("Allow", "GET, HEAD, POST");
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end("Method Not Allowed");
}
