import { type FormType, isFormType } from "#app/deadlines/deadline-guard.ts";
import { noSuchFormType } from "#app/flows/api-payload.server.ts";
import { apiSubmit } from "#app/flows/forms-api.server.ts";
import { methodNotAllowed, notPost } from "#app/http/api-error.server.ts";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";

/** Only these take a submission; lookup has none, and any other name is no form at all. */
const takesSubmission = (formType: string | undefined): formType is Exclude<FormType, "lookup"> =>
  isFormType(formType) && formType !== "lookup";

/** POST /api/forms/{standard,automotive,reimbursement} (SPEC §7); lookup has no submission. */
export function action({ request, params, context }: ActionFunctionArgs) {
  if (!takesSubmission(params.formType)) return noSuchFormType(context);
  if (notPost(request)) return methodNotAllowed(request, context, "POST");
  return apiSubmit({ request, formType: params.formType, context });
}

/** A GET here is the caller's mistake: 405, Allow: POST (404 first if no form takes a submission here). */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!takesSubmission(params.formType)) return noSuchFormType(context);
  return methodNotAllowed(request, context, "POST");
}
