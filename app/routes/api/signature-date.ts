import { DateTime } from "luxon";
import { requestNow } from "#app/clock.server.ts";
import { CLAIMANT_DATE_ZONE } from "#app/deadlines/time-zones.ts";
import { json, requiredCulture } from "#app/http/json.server.ts";
import type { Route } from "./+types/signature-date";

/**
 * GET /api/signature-date?culture= (SPEC §7; its shape is not shown, see docs/decisions): the date a
 * claim signed now carries — today in Los Angeles — as MM/dd/yyyy and as a long date in the culture.
 */
export function loader({ request }: Route.LoaderArgs) {
  const culture = requiredCulture(request);
  if (culture instanceof Response) return culture;
  const today = DateTime.fromMillis(requestNow(request), { zone: CLAIMANT_DATE_ZONE, locale: culture });
  return json({ culture, signatureDate: today.toFormat("MM/dd/yyyy"), displayDate: today.toFormat("DDD") });
}
