import { isFormType } from "#app/deadlines/deadline-guard.ts";
import { json, jsonError } from "#app/http/json.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import type { Route } from "./+types/forms-config";

/**
 * GET /api/forms/config?formType= (SPEC §7): the form type's server model configs, as the
 * settlement defines them. The form type is required (docs/decisions/006-forms.md).
 */
export function loader({ request }: Route.LoaderArgs) {
  const formType = new URL(request.url).searchParams.get("formType") ?? "";
  if (!isFormType(formType)) return jsonError(400, "The formType query parameter must be one of: automotive, reimbursement, standard, lookup.");
  return json(getPortal().forms[formType].models);
}
