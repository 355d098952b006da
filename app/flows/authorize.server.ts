import { data, redirect } from "react-router";
import { captchaProof, captchaSettings } from "#app/captcha/captcha.server.ts";
import { CAPTCHA_ERROR_NAME } from "#app/captcha/captcha-fields.ts";
import { returningClaimant } from "#app/claims/claimant-session.server.ts";
import { draftKeptBySignIn } from "#app/claims/draft-kept.server.ts";
import { signIn } from "#app/claims/sign-in.server.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { readPostedForm } from "#app/http/form-body.server.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { ensureSessionId } from "#app/session/session-cookie.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { type Claim, type Draft, emptyDraft } from "#app/storage/store.ts";
import { getFlowStep, parsePostedStep } from "./flow-context.server.ts";
import { firstIncompleteBefore, flowSteps, stepPath } from "#app/forms/steps.ts";
import { SIGNED_OUT_PARAM } from "./sign-out.server.ts";
import { type StepArgs, stepFormData } from "./step-page.server.ts";

/**
 * Where a signed-in claimant continues: their filed claim, if they have one (shown read-only, or
 * to amend from), else the first step not yet completed.
 */
export function continuePath(
  formType: FormType,
  draft: Pick<Draft, "completedSteps">,
  filed: Claim | undefined,
  culture: string,
): string {
  const definition = getPortal().forms[formType];
  if (filed) return withCulture(stepPath(formType, "confirmation"), culture);
  const next =
    firstIncompleteBefore(definition, "claim-summary", draft.completedSteps) ??
    (definition.pages["claim-summary"] ? "claim-summary" : flowSteps(definition)[1]!);
  return withCulture(stepPath(formType, next), culture);
}

/** The index page: the flow's sign-in form, or the way back in for a claimant already signed in. */
export async function loadIndex({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { formType, culture, now, settlement, url } = flow;
  const { sessionId, setCookie } = await ensureSessionId(request);
  const { signedIn, draft, filed } = await returningClaimant(sessionId, formType, now);
  return data(
    {
      ...stepFormData(flow, emptyDraft(""), sessionId),
      captcha: captchaSettings(settlement, sessionId, now),
      continuePath: draft ? continuePath(formType, draft, filed, culture) : undefined,
      filed: !!filed,
      signedIn,
      signedOut: url.searchParams.get(SIGNED_OUT_PARAM) === "1",
      draftKept: draftKeptBySignIn(formType, culture),
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : {} },
  );
}

/**
 * The index page's POST (SPEC §4 "Form authorization", §7 authorize): CSRF and the credentials' own
 * rules here, then signing in (app/claims/sign-in.server.ts). 400 for invalid input or captcha and
 * 401 for credentials that match no one, each with the server's message, 429 for a locked Claim ID
 * or too many failures; signed in, the claimant goes on where their draft left off.
 */
export async function authorizeFlow({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { formType, culture, text, now } = flow;
  const { sessionId, setCookie } = await ensureSessionId(request);
  const formData = await readPostedForm(request, sessionId, text);
  const withCookie = setCookie ? { "Set-Cookie": setCookie } : undefined;

  const submission = parsePostedStep(flow, formData, {});
  if (submission.status !== "success")
    return data({ result: submission.reply() }, { status: 400, headers: withCookie });
  const signedIn = await signIn({
    formType,
    credentials: submission.value.credentials,
    captcha: captchaProof(formData),
    requester: { sessionId, context, now },
    text,
    culture,
  });
  if (signedIn.ok)
    return redirect(continuePath(formType, signedIn.draft, signedIn.filed, culture), {
      status: 303,
      headers: { "Set-Cookie": signedIn.setCookie },
    });
  if (signedIn.reason === "lockedOut")
    return data({ result: submission.reply({ formErrors: [signedIn.message] }) }, { status: 429, headers: withCookie });
  // A captcha not passed (a provider out of reach too: the sum is offered there then) is shown at
  // the captcha; everything else, above the form.
  const reply =
    signedIn.reason === "captcha"
      ? submission.reply({ fieldErrors: { [CAPTCHA_ERROR_NAME]: [text(signedIn.key)] } })
      : submission.reply({ formErrors: [text(signedIn.key)] });
  return data({ result: reply }, { status: signedIn.status, headers: withCookie });
}
