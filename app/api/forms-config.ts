import { apiError, getOnly, getOnlyLoader, queryCultureProblem } from "#app/http/api-error.server.ts";
import { isFormType } from "#app/flow-registry/form-type.ts";
import { publishedModelList, publishedModels } from "./published-models.server.ts";
import { json } from "#app/http/json.server.ts";
import { getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { getPortal, offeredFlow } from "#app/settlement/portal.server.ts";
import type { LoaderFunctionArgs } from "react-router";

/**
 * GET /api/forms/config (SPEC §7, no parameter): the list of the offered flows' server model configs, each model
 * once with the form types that use it (`formTypes`), each field saying whether the form asks it
 * (`asked`). With ?formType= (docs/decisions/006-forms.md), that form type's list alone; an unknown
 * one is a 400 with SPEC §8's "Your request failed. Please reload and try again." (in ?culture=),
 * and in its detail the form types there are.
 */
function read({ request, context }: LoaderFunctionArgs) {
  const { forms, flows } = getPortal();
  const offered = flows.map((flow) => flow.formType);
  // SPEC §8: a failed config call is "Your request failed. Please reload and try again."
  const unoffered = queryCultureProblem(request);
  if (unoffered) return apiError("request_failed", getTranslate(context)("Error_RequestFailed"), { detail: unoffered });
  const formType = new URL(request.url).searchParams.get("formType");
  if (formType === null) return json(publishedModelList(forms));
  if (!isFormType(formType) || !offeredFlow(formType)) {
    const text = getTranslate(context);
    return apiError("request_failed", text("Error_RequestFailed"), {
      detail: text("Api_UnknownFormType", offered.join(", ")),
    });
  }
  return json(publishedModels(forms[formType]));
}

/** This address takes a GET: any other method is 405, Allow: GET, HEAD. */
export const action = getOnly;

export const loader = getOnlyLoader(read);
