import { requestNow } from "#app/clock.server.ts";
import { signatureDate } from "#app/flows/claim-submission.server.ts";
import { json, requiredCulture } from "#app/http/json.server.ts";
import type { Route } from "./+types/signature-date";

/**
 * GET /api/signature-date?culture= (SPEC §7; its shape is not shown, see docs/decisions): the date a
 * claim signed now carries — today in Los Angeles — as MM/dd/yyyy and as a long date in the culture.
 */
export function loader({ request }: Route.LoaderArgs) {
  const culture = requiredCulture(request);
  if (culture instanceof Response) return culture;
  return json({ culture, ...signatureDate(requestNow(request), culture) });
}
