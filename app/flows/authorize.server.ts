import { data, redirect } from "react-router";
import { captchaProof, captchaRefusal, captchaSettings, verifyCaptcha } from "#app/captcha/captcha.server.ts";
import { CAPTCHA_ERROR_NAME } from "#app/captcha/captcha-fields.ts";
import { memberByClaimIdAndPin, memberByVin } from "#app/claimants/class-members.server.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import type { ModelValues } from "#app/forms/validate-step.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { clientAddressContext } from "#app/request-context.ts";
import { captchaFailedTooOften, signInFailedTooOften } from "#app/security/address-failures.server.ts";
import { admitSignInAttempt, recordSignInOutcome } from "#app/security/sign-in-lockout.server.ts";
import { ensureSessionId, newSessionId } from "#app/session/session-cookie.server.ts";
import { getPortal, offeredFlow } from "#app/settlement/portal.server.ts";
import { type Claim, type Draft, draftOwner, emptyDraft, type SignIn } from "#app/storage/store.ts";
import { getStore } from "#app/storage/store.server.ts";
import { filedClaim, isPastLifetime, newDraftId, renewSessionId } from "./claimant-session.server.ts";
import { SIGNED_OUT_PARAM } from "./sign-out.server.ts";
import { firstIncompleteBefore, flowSteps, stepPath } from "./navigation.ts";
import { type StepArgs, stepFormData } from "./step-page.server.ts";
import { readPostedForm } from "#app/http/form-body.server.ts";
import { getFlowStep, parsePostedStep } from "./flow-context.server.ts";
import { requestLog } from "#app/request-log.server.ts";

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

/** A sign-in the credentials prove, with the data the flow may fill in for the claimant; or why not. */
export type SignInResult =
  | { signIn: SignIn; prepopulated: Record<string, string> }
  | { status: 400 | 401; key: string };

/**
 * SPEC §4 "Form authorization", and issue 10's VIN policy: a Claim ID with its PIN signs in as that
 * class member, with their data to fill in. A VIN alone is no secret (it is printed on the
 * windshield): it signs in only where the settlement allows it for the flow (its sign-in kind "vin"),
 * as an unverified claimant who enters their own details; no member's data is ever shown for it.
 */
export async function signInWith(
  formType: FormType,
  credentials: ModelValues[string] | undefined,
  now: number,
): Promise<SignInResult> {
  const claimId = typeof credentials?.claimId === "string" ? credentials.claimId : "";
  const pin = typeof credentials?.pin === "string" ? credentials.pin : "";
  const vin = typeof credentials?.vin === "string" ? credentials.vin.toUpperCase() : "";
  if (claimId) {
    const member = await memberByClaimIdAndPin(claimId, pin);
    return member
      ? { signIn: { at: now, method: "claimIdPin", claimId: member.claimId }, prepopulated: member.prepopulated }
      : { status: 401, key: "Authorization_ClaimIdPinMismatch" };
  }
  if (!offeredFlow(formType)?.signIn.includes("vin")) return { status: 400, key: "Authorization_ClaimIdPinRequired" };
  if (!(await memberByVin(vin))) return { status: 401, key: "Authorization_VinNotFound" };
  return { signIn: { at: now, method: "vin", vin }, prepopulated: { VIN: vin } };
}

/** The index page: the flow's sign-in form, with a way back in for a claimant already signed in. */
export async function loadIndex({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { formType, culture, now, settlement, url } = flow;
  const { sessionId, setCookie } = await ensureSessionId(request);
  const store = getStore();
  const session = await store.getSession(sessionId);
  // A session past its lifetime is signed in to nothing: the next page would end it.
  const signIn = session && !isPastLifetime(session, now) ? session.authorizations[formType] : undefined;
  const owner = signIn && draftOwner(sessionId, signIn);
  const draft = owner && (await store.getDraft(owner, formType));
  return data(
    {
      ...stepFormData(flow, emptyDraft(""), sessionId),
      captcha: captchaSettings(settlement, sessionId, now),
      continuePath:
        owner && draft ? continuePath(formType, draft, await filedClaim(owner, formType, draft), culture) : undefined,
      signedIn: !!signIn,
      signedOut: url.searchParams.get(SIGNED_OUT_PARAM) === "1",
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : {} },
  );
}

/**
 * The index page's POST (SPEC §4 "Form authorization", §7 authorize): CSRF, the credentials' own
 * rules, the captcha, the lockout per Claim ID, then the class-member list. 400 for invalid input
 * or captcha, 401 for credentials that match no one, each with the server's message (429 for such
 * a failure from an address past its budget of failures: address-failures.server.ts); on
 * success the session is authorized for this form type, the member's data is copied into a fresh
 * draft, and the claimant goes to the first step.
 */
export async function authorizeFlow({ request, context }: StepArgs) {
  const flow = getFlowStep(context);
  const { formType, culture, text, now, settlement } = flow;
  const { sessionId, setCookie } = await ensureSessionId(request);
  const formData = await readPostedForm(request, sessionId, text);
  const withCookie = setCookie ? { "Set-Cookie": setCookie } : undefined;

  const submission = parsePostedStep(flow, formData, {});
  if (submission.status !== "success")
    return data({ result: submission.reply() }, { status: 400, headers: withCookie });

  const captcha = await verifyCaptcha(
    settlement,
    captchaProof(formData),
    { sessionId, remoteIp: context.get(clientAddressContext), log: requestLog(context) },
    now,
  );
  if (!captcha.ok) {
    const { status, key } = (await captchaFailedTooOften(context, captcha, now))
      ? { status: 429, key: "Captcha_TooManyFailures" }
      : captchaRefusal(captcha.reason, "Error_ProblemOccurred");
    const reply =
      status === 503
        ? submission.reply({ formErrors: [text(key)] })
        : submission.reply({ fieldErrors: { [CAPTCHA_ERROR_NAME]: [text(key)] } });
    return data({ result: reply }, { status, headers: withCookie });
  }

  const { credentials } = submission.value;
  const locked = await admitSignInAttempt(credentials, now, text, culture, context);
  if (locked) return data({ result: submission.reply({ formErrors: [locked] }) }, { status: 429, headers: withCookie });
  const signedIn = await signInWith(formType, credentials, now);
  await recordSignInOutcome(credentials, signedIn);
  if ("key" in signedIn) {
    // Only a failure counts against the address, and only a failure is answered differently past its budget.
    const tooMany = signedIn.status === 401 && (await signInFailedTooOften(context, credentials, now));
    return data(
      { result: submission.reply({ formErrors: [text(tooMany ? "Authorization_TooManyFailures" : signedIn.key)] }) },
      { status: tooMany ? 429 : signedIn.status, headers: withCookie },
    );
  }

  // Signing in gives the session a new id (its sign-ins go with it), so an id planted or seen
  // before sign-in is worth nothing after it.
  const renewed = await newSessionId();
  await renewSessionId(sessionId, renewed.sessionId, now);
  const { draft, filed } = await grantAuthorization(renewed.sessionId, formType, signedIn, now);
  return redirect(continuePath(formType, draft, filed, culture), {
    status: 303,
    headers: { "Set-Cookie": renewed.setCookie },
  });
}

/**
 * Signs the session in to the form type and finds the owner's draft (their answers so far, from
 * any device), or starts one, with the data the sign-in may fill in.
 */
export async function grantAuthorization(
  sessionId: string,
  formType: FormType,
  { signIn, prepopulated }: { signIn: SignIn; prepopulated: Record<string, string> },
  now: number,
) {
  const store = getStore();
  await store.authorize(sessionId, formType, signIn, now);
  const owner = draftOwner(sessionId, signIn);
  const draft = await store.updateDraft(
    owner,
    formType,
    (current) => ({ ...(current ?? emptyDraft(newDraftId())), prepopulated }),
    now,
  );
  return { draft, filed: await filedClaim(owner, formType, draft) };
}
