import { getOnly, getOnlyLoader } from "#app/http/api-error.server.ts";
import { json } from "#app/http/json.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";

/** GET /api/deadlines (SPEC §7): the deadlines in the shape the operator configured (per-language or flat). */
function read() {
  return json(getPortal().settlement.deadlines.config);
}

/** This address takes a GET: any other method is 405, Allow: GET, HEAD. */
export const action = getOnly;

export const loader = getOnlyLoader(read);
