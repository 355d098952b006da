import { getOnly, getOnlyLoader } from "#app/http/api-error.server.ts";
import { json } from "#app/http/json.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";

/** GET /api/characters-whitelist (SPEC §7): the characters text fields may contain. */
function read() {
  return json({ allowedCharacters: getPortal().settlement.characterWhitelist });
}

/** This address takes a GET: any other method is 405, Allow: GET, HEAD. */
export const action = getOnly;

export const loader = getOnlyLoader(read);
