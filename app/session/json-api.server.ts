import { apiError } from "#app/http/api-error.server.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { CSRF_HEADER_NAME, isValidCsrfToken } from "./csrf.server.ts";
import { readSessionId } from "./session-cookie.server.ts";

/**
 * The JSON API's guard for unsafe methods (SPEC §7): the session cookie and the token from
 * GET /api/csrf in the header it names. Answers the session id, or the 403 to send.
 */
export async function requireApiCsrf(request: Request, text: Translate): Promise<string | Response> {
  const sessionId = await readSessionId(request);
  if (!isValidCsrfToken(sessionId, request.headers.get(CSRF_HEADER_NAME))) {
    return apiError("csrf_invalid", text("Api_CsrfInvalid", CSRF_HEADER_NAME));
  }
  return sessionId!;
}
