import { getOnly } from "#app/http/api-error.server.ts";
import { json } from "#app/http/json.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";

/** GET /api/characters-whitelist (SPEC §7): the characters text fields may contain. */
export function loader() {
  return json({ allowedCharacters: getPortal().settlement.characterWhitelist });
}

/** This address takes a GET: any other method is 405, Allow: GET, HEAD. */
export const action = getOnly;
