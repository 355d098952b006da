import { redirect } from "react-router";
import { requestNow } from "#app/clock.server.ts";
import { formTypeOfPath } from "#app/flows/form-type.ts";
import { getCulture } from "#app/i18n/culture-middleware.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { deadlineRedirectTarget, FLOW_DEADLINE_KEYS, passedDeadline } from "./deadline-guard.ts";
import type { MiddlewareFunction } from "react-router";

/**
 * SPEC §2 route guard 2, on the server for every request to a flow route, GET and POST alike: once
 * a deadline of the flow has passed the claimant is sent to its redirect target, so nothing can be
 * filed late by posting directly.
 */
export const deadlineMiddleware: MiddlewareFunction<Response> = ({ request, url, context }) => {
  // `url` is normalised by React Router (no ".data" suffix on client navigations), unlike request.url.
  const formType = formTypeOfPath(url.pathname);
  if (!formType) throw new Error(`Unexpected Form Type: ${url.pathname}`);
  const { deadlines } = getPortal();
  const passed = passedDeadline(deadlines, FLOW_DEADLINE_KEYS[formType], requestNow(request));
  if (passed) throw redirect(deadlineRedirectTarget(deadlines, passed.key, getCulture(context)), 303);
};
