import { isFormType } from "#app/deadlines/deadline-guard.ts";
import { apiSubmit } from "#app/flows/forms-api.server.ts";
import { postOnly } from "#app/http/api-error.server.ts";
import { noSuchFormType } from "#app/flows/api-payload.server.ts";
import type { Route } from "./+types/forms-submit";

/** POST /api/forms/{standard,automotive,reimbursement} (SPEC §7); lookup has no submission. */
export function action({ request, params, context }: Route.ActionArgs) {
  if (!isFormType(params.formType) || params.formType === "lookup") return noSuchFormType(context);
  return apiSubmit({ request, formType: params.formType, context });
}

/** A GET here is the caller's mistake: 405, Allow: POST. */
export const loader = postOnly;
