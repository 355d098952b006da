import { requireApiCsrf } from "#app/session/json-api.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import type { Route } from "./+types/session-timeout";

/** POST /api/session-timeout (SPEC §7): log out, ending the session's authorizations and drafts. */
export async function action({ request }: Route.ActionArgs) {
  const sessionId = await requireApiCsrf(request);
  if (sessionId instanceof Response) return sessionId;
  await getStore().endSession(sessionId);
  return new Response(null, { status: 204 });
}
