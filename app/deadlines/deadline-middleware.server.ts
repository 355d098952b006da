import { redirect } from "react-router";
import type { MiddlewareFunction } from "react-router";
import { findFlowStep } from "#app/flows/flow-context.server.ts";
import { flowDeadlineKeys, getPortal } from "#app/settlement/portal.server.ts";
import { deadlineRedirectTarget, passedDeadline } from "./deadline-guard.ts";

/**
 * SPEC §2 route guard 2, on the server for every request to a flow route, GET and POST alike: once
 * one of the flow's own deadlines (settlement.json flows) has passed the claimant is sent to its redirect target, so nothing can be
 * filed late by posting directly. Runs after flowMiddleware, which found the flow (an address that
 * names none is not found, whatever the deadlines: its loader says so).
 */
export const deadlineMiddleware: MiddlewareFunction<Response> = ({ context }) => {
  const flow = findFlowStep(context);
  if (!flow) return;
  const { formType, now, culture } = flow;
  const { deadlines } = getPortal();
  const passed = passedDeadline(deadlines, flowDeadlineKeys(formType), now);
  if (passed) throw redirect(deadlineRedirectTarget(deadlines, passed.key, culture, formType), 303);
};
