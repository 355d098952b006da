import { getOnly, getOnlyLoader, requiredCulture } from "#app/http/api-error.server.ts";
import { json } from "#app/http/json.server.ts";
import { getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import type { LoaderFunctionArgs } from "react-router";

/** GET /api/culture/content?culture= (SPEC §7): every text of the culture as a list of {key, value}. */
function read({ request, context }: LoaderFunctionArgs) {
  const culture = requiredCulture(request, getTranslate(context));
  if (culture instanceof Response) return culture;
  const messages = getPortal().messages[culture] ?? {};
  return json(Object.entries(messages).map(([key, value]) => ({ key, value })));
}

/** This address takes a GET: any other method is 405, Allow: GET, HEAD. */
export const action = getOnly;

export const loader = getOnlyLoader(read);
