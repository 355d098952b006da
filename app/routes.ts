import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

const CLAIM_FLOWS = ["automotive", "reimbursement", "standard"];
/** The steps whose page is a form of the flow's definition. */
const FORM_STEPS = ["claimant-info", "claim-details", "payment-election", "supporting-documents"];
/** The step with the records lists: a route module of its own, so only it loads their script. */
const DOCUMENTS_STEP = "supporting-documents";

/** SPEC §2, one screen: utility pages, the read-side JSON API, the four flows, and the catch-all. */
export default [
  route("page-not-found", "routes/page-not-found.tsx"),
  route("error", "routes/error.tsx"),
  route("deadline", "routes/deadline.tsx"),
  route("session-expired", "routes/session-expired.tsx"),
  route("sign-out", "routes/sign-out.ts"),
  route("healthz", "routes/healthz.ts"),
  route("texts/:file", "routes/texts.ts"),

  ...prefix("api", [
    route("csrf", "routes/api/csrf.ts"),
    route("deadlines", "routes/api/deadlines.ts"),
    route("characters-whitelist", "routes/api/characters-whitelist.ts"),
    route("captcha", "routes/api/captcha.ts"),
    route("signature-date", "routes/api/signature-date.ts"),
    route("culture/content", "routes/api/culture-content.ts"),
    route("culture/set-language", "routes/api/culture-set-language.ts"),
    route("forms/config", "routes/api/forms-config.ts"),
    route("forms/:formType/authorize", "routes/api/forms-authorize.ts"),
    route("forms/:formType", "routes/api/forms-submit.ts"),
    route("session-timeout", "routes/api/session-timeout.ts"),
    route("session/keep-alive", "routes/api/session-keep-alive.ts"),
    // Anything else under /api/ is the API's JSON 404, never a page.
    route("*", "routes/api/not-found.ts", { id: "api-not-found" }),
  ]),

  // Every flow route sits under the flow layout, whose middleware runs the deadline guard.
  layout("routes/flow-layout.tsx", [
    index("routes/flow-index.tsx", { id: "home" }),
    ...CLAIM_FLOWS.flatMap((flow) => [
      route(flow, "routes/flow-index.tsx", { id: flow }),
      ...FORM_STEPS.map((step) =>
        route(`${flow}/${step}`, step === DOCUMENTS_STEP ? "routes/flow-documents.tsx" : "routes/flow-step.tsx", {
          id: `${flow}-${step}`,
        }),
      ),
      route(`${flow}/claim-summary`, "routes/claim-summary.tsx", { id: `${flow}-claim-summary` }),
      route(`${flow}/confirmation`, "routes/confirmation.tsx", { id: `${flow}-confirmation` }),
    ]),
    route("lookup", "routes/lookup.tsx"),
  ]),

  route("*", "routes/page-not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;
