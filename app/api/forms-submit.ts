import { type FormType, isFormType } from "#app/flow-registry/form-type.ts";
import { apiSubmit } from "./submit.server.ts";
import { formPostEndpoint } from "./form-endpoint.server.ts";

/** Only these take a submission; lookup has none, and any other name is no form at all. */
const takesSubmission = (formType: string | undefined): formType is Exclude<FormType, "lookup"> =>
  isFormType(formType) && formType !== "lookup";

/**
 * POST /api/forms/{standard,automotive,reimbursement} (SPEC §7); lookup has no submission. A GET
 * is 405 (404 first if no form takes a submission here).
 */
export const { action, loader } = formPostEndpoint(takesSubmission, apiSubmit);
