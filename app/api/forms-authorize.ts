import { isFormType } from "#app/flow-registry/form-type.ts";
import { apiAuthorize } from "./authorize.server.ts";
import { formPostEndpoint } from "./form-endpoint.server.ts";

/**
 * POST /api/forms/{standard,lookup,automotive,reimbursement}/authorize (SPEC §7); a GET is 405
 * (404 first if no form type is named so).
 */
export const { action, loader } = formPostEndpoint(isFormType, apiAuthorize);
