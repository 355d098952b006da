import { FORM_TYPES, isFormType } from "#app/deadlines/deadline-guard.ts";
import { json, jsonError } from "#app/http/json.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import type { Route } from "./+types/forms-config";

/**
 * GET /api/forms/config (SPEC §7, no parameter): every form type's server model configs, keyed by
 * form type, as the settlement defines them. With ?formType= (docs/decisions/006-forms.md), that
 * form type's alone; an unknown one is a 400.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { forms } = getPortal();
  const formType = new URL(request.url).searchParams.get("formType");
  if (formType === null) return json(Object.fromEntries(FORM_TYPES.map((type) => [type, forms[type].models])));
  if (!isFormType(formType))
    return jsonError(400, `The formType query parameter must be one of: ${FORM_TYPES.join(", ")}.`);
  return json(forms[formType].models);
}
