import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { CLAIM_FORM_TYPES } from "./flow-registry/flows.ts";

/**
 * SPEC §2, one screen: utility pages, the four flows, and the catch-all. The JSON API (SPEC §7) has
 * a route table of its own (app/api/api-routes.server.ts): this one travels to the browser.
 */
export default [
  route("page-not-found", "routes/page-not-found.tsx"),
  route("error", "routes/error.tsx"),
  route("deadline", "routes/deadline.tsx"),
  route("session-expired", "routes/session-expired.tsx"),
  route("sign-out", "routes/sign-out.ts"),
  route("healthz", "routes/healthz.ts"),
  // After filing (issue 25): a filed claim's status, found by claim access.
  route("claim/status", "routes/claim-status.tsx"),
  // An open claimant's e-mailed link back to their draft (decision 032).
  route("return", "routes/return-link.tsx"),

  // The flows' pages: one route per kind of page for every flow, the steps' `:flow` taking the
  // flow's name. Each route's middleware (app/flows/flow-route.server.ts) finds the flow and step
  // and runs the deadline guard; a name that is no flow, or a step its form does not have, is a
  // 404 (app/flows/flow-context.server.ts). Not a route per flow and step, nor a layout route
  // around them: each page carries the route table (45 routes were 1.5 KB of every page's
  // JavaScript, gzipped, and the layout a file of its own), and the server works through it for
  // every render (issue 14).
  index("routes/flow-index.tsx", { id: "home" }),
  route("lookup", "routes/lookup.tsx"),
  // After filing (issue 25): the settlement's important documents, and documents added to a filed claim.
  route("documents", "routes/documents.tsx"),
  route("documents/:file", "routes/important-document.ts"),
  // After filing (issue 25): a member's change of address, and one claim's.
  route("coa", "routes/change-of-address.tsx"),
  route("coa/:referenceCode", "routes/change-of-address-claim.tsx"),
  // The claim flows' start pages by name (the lookup is one page of its own): any other single name
  // is the catch-all's light 404 page. "/" is the settlement's home flow, or its list of flows.
  ...CLAIM_FORM_TYPES.map((flow) => route(flow, "routes/flow-index.tsx", { id: flow })),
  // The step with the records lists: a route module of its own, so only it loads their script.
  route(":flow/supporting-documents", "routes/flow-documents.tsx"),
  route(":flow/claim-summary", "routes/claim-summary.tsx"),
  route(":flow/confirmation", "routes/confirmation.tsx"),
  // The other steps whose page is a form of the flow's definition (claimant-info, claim-details, payment-election).
  route(":flow/:step", "routes/flow-step.tsx"),

  route("*", "routes/page-not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
