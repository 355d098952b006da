import { requestNow } from "#app/clock.server.ts";
import { isSessionExpired, recordActivity } from "#app/claims/claimant-session.server.ts";
import { apiError, notPost, postOnly, queryCultureRefusal } from "#app/http/api-error.server.ts";
import { getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { requireApiCsrf } from "#app/session/json-api.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import type { ActionFunctionArgs } from "react-router";

/**
 * POST /api/session/keep-alive: the claimant is still there (the timer's Continue, or activity).
 * It pushes back the inactivity time-out, never the session's lifetime; an expired session ends.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (notPost(request)) return postOnly({ request, context });
  const unoffered = queryCultureRefusal(request);
  if (unoffered) return unoffered;
  const text = getTranslate(context);
  const sessionId = await requireApiCsrf(request, text);
  if (sessionId instanceof Response) return sessionId;
  const store = getStore();
  const now = requestNow(request);
  const session = await store.getSession(sessionId);
  if (!session) return apiError("not_signed_in", text("Api_NotSignedIn"));
  if (isSessionExpired(session, now)) {
    await store.endSession(sessionId);
    return apiError("session_expired", text("SessionExpired_Message"));
  }
  await recordActivity(session, now);
  return new Response(null, { status: 204 });
}

/** A GET here is the caller's mistake: 405, Allow: POST. */
export const loader = postOnly;
