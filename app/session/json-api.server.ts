import { jsonError } from "#app/http/json.server.ts";
import { CSRF_HEADER_NAME, isValidCsrfToken } from "./csrf.server.ts";
import { readSessionId } from "./session-cookie.server.ts";

/**
 * The JSON API's guard for unsafe methods (SPEC §7): the session cookie and the token from
 * GET /api/csrf in the header it names. Answers the session id, or the 403 to send.
 */
export async function requireApiCsrf(request: Request): Promise<string | Response> {
  const sessionId = await readSessionId(request);
  if (!isValidCsrfToken(sessionId, request.headers.get(CSRF_HEADER_NAME))) {
    return jsonError(403, `Missing or invalid CSRF token: send the ${CSRF_HEADER_NAME} header from GET /api/csrf.`);
  }
  return sessionId!;
}
