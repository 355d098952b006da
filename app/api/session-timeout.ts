import { requireApiCsrf } from "#app/session/json-api.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import { notPost, postOnly, queryCultureRefusal } from "#app/http/api-error.server.ts";
import { getTranslate } from "#app/i18n/culture-middleware.server.ts";
import type { ActionFunctionArgs } from "react-router";

/** POST /api/session-timeout (SPEC §7): log out, ending the session's authorizations and drafts. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (notPost(request)) return postOnly({ request, context });
  const unoffered = queryCultureRefusal(request);
  if (unoffered) return unoffered;
  const sessionId = await requireApiCsrf(request, getTranslate(context));
  if (sessionId instanceof Response) return sessionId;
  await getStore().endSession(sessionId);
  return new Response(null, { status: 204 });
}

/** A GET here is the caller's mistake: 405, Allow: POST. */
export const loader = postOnly;
