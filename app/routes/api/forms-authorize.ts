import { isFormType } from "#app/deadlines/deadline-guard.ts";
import { apiAuthorize } from "#app/flows/forms-api.server.ts";
import { postOnly } from "#app/http/api-error.server.ts";
import { noSuchFormType } from "#app/flows/api-payload.server.ts";
import type { Route } from "./+types/forms-authorize";

/** POST /api/forms/{standard,lookup,automotive,reimbursement}/authorize (SPEC §7). */
export function action({ request, params, context }: Route.ActionArgs) {
  if (!isFormType(params.formType)) return noSuchFormType(context);
  return apiAuthorize({ request, formType: params.formType, context });
}

/** A GET here is the caller's mistake: 405, Allow: POST. */
export const loader = postOnly;
