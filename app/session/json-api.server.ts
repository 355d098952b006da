import { apiError } from "#app/http/api-error.server.ts";
import { createTranslate, DEFAULT_CULTURE, type Translate } from "#app/i18n/i18n.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { CSRF_HEADER_NAME, isValidCsrfToken } from "./csrf.server.ts";
import { readSessionId } from "./session-cookie.server.ts";

/**
 * The JSON API's guard for unsafe methods (SPEC §7): the session cookie and the token from
 * GET /api/csrf in the header it names. Answers the session id, or the 403 to send.
 */
export async function requireApiCsrf(request: Request, text: Translate): Promise<string | Response> {
  const sessionId = await readSessionId(request);
  if (!isValidCsrfToken(sessionId, request.headers.get(CSRF_HEADER_NAME))) {
    // `error` is the claimant's (SPEC §8 shows it as it is): reloading gets the page a token again.
    // What the client did wrong is for its developer, in English, in `detail`.
    return apiError("csrf_invalid", text("Error_RequestFailed"), {
      detail: createTranslate(getPortal().messages[DEFAULT_CULTURE] ?? {})("Api_CsrfInvalid", CSRF_HEADER_NAME),
    });
  }
  return sessionId!;
}
