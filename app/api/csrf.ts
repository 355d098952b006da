import { getOnly, getOnlyLoader } from "#app/http/api-error.server.ts";
import { json } from "#app/http/json.server.ts";
import { CSRF_HEADER_NAME, csrfToken } from "#app/session/csrf.server.ts";
import { ensureSessionId } from "#app/session/session-cookie.server.ts";
import type { LoaderFunctionArgs } from "react-router";

/** GET /api/csrf (SPEC §7): the header to send and the token for this session, starting one if needed. */
async function read({ request }: LoaderFunctionArgs) {
  const { sessionId, setCookie } = await ensureSessionId(request);
  return json(
    { requestHeaderName: CSRF_HEADER_NAME, requestToken: csrfToken(sessionId) },
    { headers: setCookie ? { "Set-Cookie": setCookie } : {} },
  );
}

/** This address takes a GET: any other method is 405, Allow: GET, HEAD. */
export const action = getOnly;

export const loader = getOnlyLoader(read);
