import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requestNow } from "#app/clock.server.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { type PageDefinition, STEP_NAMES, type StepName } from "#app/forms/page-schema.ts";
import { parseStep } from "#app/forms/parse-step.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import { getCulture, getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { getPortal, offeredFlow } from "#app/settlement/portal.server.ts";
import { formTypeOfPath } from "#app/flow-registry/form-type.ts";
import { checksOf, type Flow } from "#app/claims/claim-flow.ts";
import { dateOrderOf } from "#app/i18n/date-order.ts";

/** A flow request to one of its pages: the step and its page definition as well. */
export interface FlowStep extends Flow {
  step: StepName;
  page: PageDefinition;
  /** The page's URL as React Router reads it (no ".data" suffix on client navigations). */
  url: URL;
}

/** A flow's setup for a request: the JSON API's, which names its form type in its route. */
export function flowOf(formType: FormType, request: Request, context: Readonly<RouterContextProvider>): Flow {
  const { forms, settlement } = getPortal();
  return {
    formType,
    definition: forms[formType],
    culture: getCulture(context),
    text: getTranslate(context),
    now: requestNow(request),
    settlement,
  };
}

/** The request's flow step; null when its address names none (a 404, which getFlowStep gives). Unset outside the flow routes. */
const flowStepContext = createContext<FlowStep | null>();

/**
 * Runs first for every request to a flow's pages (before the deadline guard: flow-route.server.ts):
 * the flow and step its address names, computed once. An address that names no flow (the steps'
 * routes take any first segment, app/routes.ts), a flow the settlement does not offer, no step of
 * the flow, its start page by the name "index", or a step of the lookup (SPEC §2: one page,
 * /lookup) has none: its loader or action answers 404 (getFlowStep).
 * Not thrown here: React Router runs no loader once a middleware throws, so the not-found page
 * would have none of the root's data, and would be in English whatever the claimant's language.
 */
export const flowMiddleware: MiddlewareFunction<Response> = ({ request, url, context }) => {
  context.set(flowStepContext, flowStepOf(request, url, context));
};

function flowStepOf(request: Request, url: URL, context: Readonly<RouterContextProvider>): FlowStep | null {
  const formType = formTypeOfPath(url.pathname, getPortal().home);
  const named = url.pathname.split("/").filter(Boolean)[1];
  const step = named ?? "index";
  if (!formType || named === "index" || (formType === "lookup" && named)) return null;
  // A flow the settlement does not offer is not found, as a name that is no flow.
  if (!offeredFlow(formType)) return null;
  if (!(STEP_NAMES as readonly string[]).includes(step)) return null;
  const flow = flowOf(formType, request, context);
  const page = flow.definition.pages[step as StepName];
  return page ? { ...flow, step: step as StepName, page, url } : null;
}

/** The flow step of this request, as flowMiddleware found it, if its address names one. */
export function findFlowStep(context: Readonly<RouterContextProvider>): FlowStep | null {
  return context.get(flowStepContext);
}

/**
 * The flow step of this request: every flow route's loader and action starts here. An address that
 * names no flow step is a 404 (the flow route's error boundary shows the not-found page).
 */
export function getFlowStep(context: Readonly<RouterContextProvider>): FlowStep {
  const flow = findFlowStep(context);
  if (!flow) throw data(null, { status: 404 });
  return flow;
}

/**
 * A posted step, checked on the server as the browser checked it (app/forms/submission.ts): its
 * dates typed in the page's culture's order (decision 034).
 */
export function parsePostedStep(flow: FlowStep, posted: FormData | URLSearchParams, saved: ModelValues) {
  const checks = { ...checksOf(flow, saved), dateOrder: dateOrderOf(flow.culture) };
  return parseStep(posted, flow.definition, flow.step, checks, flow.text);
}
