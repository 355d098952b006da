import { redirect } from "react-router";
import { type ClaimantSession, signedInClaimant } from "#app/claims/claimant-session.server.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { readSessionId } from "#app/session/session-cookie.server.ts";
import type { FlowStep } from "./flow-context.server.ts";

export function sessionExpiredPath(formType: FormType, culture: string): string {
  return withCulture(`/session-expired?form=${formType}`, culture);
}

/**
 * The claimant of a page that needs the flow's authorization (app/claims signedInClaimant): a
 * request with none, for whatever reason, goes to /session-expired?form=…&culture=…. A page that
 * does not time out (enableTimeout) still ends with the session's lifetime.
 */
export async function requireClaimantSession(
  request: Request,
  { formType, culture, now, page }: FlowStep,
): Promise<ClaimantSession> {
  const claimant = await signedInClaimant(await readSessionId(request), formType, now, {
    idleTimeout: !!page.enableTimeout,
  });
  if (!claimant.ok) throw redirect(sessionExpiredPath(formType, culture), 303);
  return claimant;
}
