import { data, redirect } from "react-router";
import { captchaProof, captchaRefusal, captchaSettings, verifyCaptcha } from "#app/captcha/captcha.server.ts";
import { CAPTCHA_ERROR_NAME } from "#app/captcha/captcha-fields.ts";
import { type ClassMember, memberByClaimIdAndPin, memberByVin } from "#app/claimants/class-members.server.ts";
import { requestNow } from "#app/clock.server.ts";
import type { FormType } from "#app/deadlines/deadline-guard.ts";
import { formErrorResult, parseStep } from "#app/forms/parse-step.ts";
import type { ModelValues } from "#app/forms/validate-step.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { getCulture, getTranslate } from "#app/i18n/culture-middleware.server.ts";
import { clientAddressContext } from "#app/request-context.ts";
import { authorizeLimit } from "#app/security/rate-limit.server.ts";
import { requireFormCsrf } from "#app/session/csrf.server.ts";
import { ensureSessionId, newSessionId } from "#app/session/session-cookie.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { emptyDraft } from "#app/storage/store.ts";
import { getStore } from "#app/storage/store.server.ts";
import { readFormFields } from "#app/http/form-body.server.ts";
import { newDraftId } from "./claimant-session.server.ts";
import { firstIncompleteBefore, flowSteps, stepPath } from "./navigation.ts";
import { locateStep, type StepArgs, stepFormData } from "./step-page.server.ts";

/** Where an authorized claimant continues: the first step not yet completed. */
export function continuePath(formType: FormType, completedSteps: Parameters<typeof firstIncompleteBefore>[2], culture: string): string {
  const definition = getPortal().forms[formType];
  const next = firstIncompleteBefore(definition, "claim-summary", completedSteps) ?? (definition.pages["claim-summary"] ? "claim-summary" : flowSteps(definition)[1]!);
  return withCulture(stepPath(formType, next), culture);
}

/** The class member the credentials name: Claim ID and PIN, or else the VIN (SPEC §4 "Form authorization"). */
export function findMember(credentials: ModelValues[string] | undefined): ClassMember | undefined {
  const { classMembers } = getPortal();
  const claimId = typeof credentials?.claimId === "string" ? credentials.claimId : "";
  const pin = typeof credentials?.pin === "string" ? credentials.pin : "";
  const vin = typeof credentials?.vin === "string" ? credentials.vin : "";
  if (claimId) return memberByClaimIdAndPin(classMembers, claimId, pin);
  return vin ? memberByVin(classMembers, vin) : undefined;
}

/** The index page: the flow's sign-in form, with a way back in for a claimant already signed in. */
export async function loadIndex({ request, url, context }: StepArgs) {
  const { formType, step, definition } = locateStep(url, "index");
  const culture = getCulture(context);
  const { sessionId, setCookie } = await ensureSessionId(request);
  const store = getStore();
  const session = await store.getSession(sessionId);
  const draft = session?.authorizations[formType] ? await store.getDraft(sessionId, formType) : undefined;
  return data(
    {
      ...stepFormData(formType, step, definition, emptyDraft(""), culture, sessionId, url, getTranslate(context)),
      captcha: captchaSettings(getPortal().settlement, requestNow(request)),
      continuePath: draft ? continuePath(formType, draft.completedSteps, culture) : undefined,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : {} },
  );
}

/**
 * The index page's POST (SPEC §4 "Form authorization", §7 authorize): CSRF, a rate limit per
 * client, the credentials' own rules, the captcha, then the class-member list. 400 for invalid
 * input or captcha, 401 for credentials that match no one, each with the server's message; on
 * success the session is authorized for this form type, the member's data is copied into a fresh
 * draft, and the claimant goes to the first step.
 */
export async function authorizeFlow({ request, url, context }: StepArgs) {
  const { formType, step, definition } = locateStep(url, "index");
  const culture = getCulture(context);
  const text = getTranslate(context);
  const now = requestNow(request);
  const { settlement } = getPortal();
  const { sessionId, setCookie } = await ensureSessionId(request);
  const formData = await readFormFields(request, { tooLarge: getTranslate(context)("Form_TooLarge"), malformed: getTranslate(context)("Upload_Malformed") });
  requireFormCsrf(sessionId, formData);
  const withCookie = setCookie ? { "Set-Cookie": setCookie } : undefined;

  if (!authorizeLimit.attempt(context.get(clientAddressContext), now)) {
    return data({ result: formErrorResult(text("Authorization_TooManyAttempts")) }, { status: 429, headers: withCookie });
  }
  const submission = parseStep(formData, definition, step, { characterWhitelist: settlement.characterWhitelist, internationalAddresses: settlement.internationalAddresses, now, side: "server", saved: {} }, text);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400, headers: withCookie });

  const captcha = await verifyCaptcha(settlement, captchaProof(formData), context.get(clientAddressContext), now);
  if (!captcha.ok) {
    const { status, key } = captchaRefusal(captcha.reason, "Error_ProblemOccurred");
    const reply = status === 503 ? submission.reply({ formErrors: [text(key)] }) : submission.reply({ fieldErrors: { [CAPTCHA_ERROR_NAME]: [text(key)] } });
    return data({ result: reply }, { status, headers: withCookie });
  }

  const member = findMember(submission.value.credentials);
  if (!member) {
    const key = submission.value.credentials?.claimId ? "Authorization_ClaimIdPinMismatch" : "Authorization_VinNotFound";
    return data({ result: submission.reply({ formErrors: [text(key)] }) }, { status: 401, headers: withCookie });
  }

  // Signing in gives the session a new id (its drafts and authorizations go with it), so an id
  // planted or seen before sign-in is worth nothing after it.
  const renewed = await newSessionId();
  await getStore().renameSession(sessionId, renewed.sessionId);
  const draft = await grantAuthorization(renewed.sessionId, formType, member, now);
  return redirect(continuePath(formType, draft.completedSteps, culture), { status: 303, headers: { "Set-Cookie": renewed.setCookie } });
}

/**
 * Authorizes the session for the form type and gives it a draft holding the member's data: the
 * current one, or a fresh one when the current one was already filed as a claim.
 */
export async function grantAuthorization(sessionId: string, formType: FormType, member: ClassMember, now: number) {
  const store = getStore();
  await store.authorize(sessionId, formType, { claimId: member.claimId }, now);
  const existing = await store.getDraft(sessionId, formType);
  const submitted = existing ? !!(await store.getClaimByDraft(existing.draftId)) : false;
  const draft = existing && !submitted ? existing : { ...emptyDraft(newDraftId()), updatedAt: now };
  await store.saveDraft(sessionId, formType, { ...draft, prepopulated: member.prepopulated }, now);
  return draft;
}
