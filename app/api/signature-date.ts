import { getOnly, getOnlyLoader, requiredCulture } from "#app/http/api-error.server.ts";
import { requestNow } from "#app/clock.server.ts";
import { signatureDate } from "#app/flows/claim-submission.server.ts";
import { json } from "#app/http/json.server.ts";
import { getTranslate } from "#app/i18n/culture-middleware.server.ts";
import type { LoaderFunctionArgs } from "react-router";

/**
 * GET /api/signature-date?culture= (SPEC §7; its shape is not shown, see docs/decisions): the date a
 * claim signed now carries — today in Los Angeles — as MM/dd/yyyy and as a long date in the culture.
 */
function read({ request, context }: LoaderFunctionArgs) {
  // SPEC §8: a failed signature-date call is "Your request failed. Please reload and try again."
  const culture = requiredCulture(request, getTranslate(context), "request_failed");
  if (culture instanceof Response) return culture;
  return json({ culture, ...signatureDate(requestNow(request), culture) });
}

/** This address takes a GET: any other method is 405, Allow: GET, HEAD. */
export const action = getOnly;

export const loader = getOnlyLoader(read);
