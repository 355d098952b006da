import { redirect } from "react-router";
import { isFormType } from "#app/flow-registry/form-type.ts";
import { readFormFields } from "#app/http/form-body.server.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { getCulture, getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { requireFormCsrf } from "#app/session/csrf.server.ts";
import { clearSessionCookie, readSessionId } from "#app/session/session-cookie.server.ts";
import { signOut as endSession } from "#app/claims/sign-out.server.ts";
import { flowStartPath } from "#app/flow-registry/form-type.ts";
import type { StepArgs } from "./step-page.server.ts";

/** The query a start page reads to say the claimant has signed out. */
export const SIGNED_OUT_PARAM = "signedOut";

/** Where a claimant lands after signing out: the start page of the flow they were in, saying so. */
export function signedOutPath(form: string | null, culture: string): string {
  // Lookup has no sign-in, and so no start page that says anything of signing out.
  const start = form && isFormType(form) && form !== "lookup" ? flowStartPath(form) : "/";
  return withCulture(`${start}?${SIGNED_OUT_PARAM}=1`, culture);
}

/**
 * POST /sign-out (issue 12), from the form on every signed-in page: the session ends
 * (app/claims/sign-out.server.ts), the cookie is cleared, and the claimant lands on the flow's start page with a message.
 * The page's CSRF token is required, so no other site can sign a claimant out; without a session
 * there is nothing to end. Back then shows nothing of the claim: no page was stored (no-store),
 * and asked again the server finds no session.
 */
export async function signOut({ request, context }: Pick<StepArgs, "request" | "context">) {
  const text = getTranslate(context);
  const fields = await readFormFields(request, {
    tooLarge: text("Form_TooLarge"),
    malformed: text("Upload_Malformed"),
  });
  const sessionId = await readSessionId(request);
  if (sessionId) {
    requireFormCsrf(sessionId, fields);
    await endSession(sessionId);
  }
  return redirect(signedOutPath(fields.get("form"), getCulture(context)), {
    status: 303,
    headers: { "Set-Cookie": await clearSessionCookie() },
  });
}
