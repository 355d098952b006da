import { json, requiredCulture } from "#app/http/json.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import type { Route } from "./+types/culture-content";

/** GET /api/culture/content?culture= (SPEC §7): every text of the culture as a list of {key, value}. */
export function loader({ request }: Route.LoaderArgs) {
  const culture = requiredCulture(request);
  if (culture instanceof Response) return culture;
  const messages = getPortal().messages[culture] ?? {};
  return json(Object.entries(messages).map(([key, value]) => ({ key, value })));
}
