import type { IncomingMessage, ServerResponse } from "node:http";
import { flowOfSegment } from "#app/flow-registry/form-type.ts";

/**
 * Flow addresses are lowercase, but a printed notice or a claimant may write /Automotive or
 * /Standard/Claimant-Info. React Router matches routes in any case, yet the flow's own code reads
 * the form type and step from the address, so such an address failed (a 500 for the flow in
 * capitals, issue 12; a 404 for the step). Any address in a flow (its first segment names one, in
 * any case or percent-encoded) that is not all lowercase is sent, once, to its lowercase form with
 * the query as it was: 301 for GET and HEAD, 308 (method and body kept) for a form posted there.
 * Only the path is lowercased: the query may hold a claimant's own spelling.
 */
export function lowercaseFlowAddresses(req: IncomingMessage, res: ServerResponse, next: () => void) {
  const url = req.url ?? "/";
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const [, first = "", ...rest] = pathname.split("/");
  const flow = flowOfSegment(first);
  if (!flow) return next();
  const lowercase = ["", flow, ...rest.map((segment) => segment.toLowerCase())].join("/");
  if (lowercase === pathname) return next();
  res.statusCode = req.method === "GET" || req.method === "HEAD" ? 301 : 308;
  res.setHeader("Location", `${lowercase}${queryAt === -1 ? "" : url.slice(queryAt)}`);
  res.end();
}
