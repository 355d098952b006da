import { isFormType } from "#app/deadlines/deadline-guard.ts";
import { noSuchFormType } from "#app/flows/api-payload.server.ts";
import { apiAuthorize } from "#app/flows/forms-api.server.ts";
import { methodNotAllowed, notPost } from "#app/http/api-error.server.ts";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";

/** POST /api/forms/{standard,lookup,automotive,reimbursement}/authorize (SPEC §7). */
export function action({ request, params, context }: ActionFunctionArgs) {
  if (!isFormType(params.formType)) return noSuchFormType(context);
  if (notPost(request)) return methodNotAllowed(request, context, "POST");
  return apiAuthorize({ request, formType: params.formType, context });
}

/** A GET here is the caller's mistake: 405, Allow: POST (404 first if no form type is named so). */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isFormType(params.formType)) return noSuchFormType(context);
  return methodNotAllowed(request, context, "POST");
}
