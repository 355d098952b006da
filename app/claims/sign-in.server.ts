import type { CaptchaProof } from "#app/captcha/captcha.server.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { signInFailedTooOften } from "#app/security/address-failures.server.ts";
import { admitSignInAttempt, recordSignInOutcome } from "#app/security/sign-in-lockout.server.ts";
import { newSessionId } from "#app/session/session-cookie.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import { type Claim, type Draft, draftOwner, emptyDraft } from "#app/storage/store.ts";
import { type CaptchaRefused, passCaptcha } from "./captcha-check.server.ts";
import { filedClaim, newDraftId, renewSessionId } from "./claimant-session.server.ts";
import type { Refusal } from "./refusal.ts";
import type { Requester } from "./requester.ts";
import { type Identity, proveIdentity } from "./sign-in-kinds.server.ts";

export type SignInOutcome =
  | {
      ok: true;
      /** The session's new id, and the cookie that carries it. */
      sessionId: string;
      setCookie: string;
      prepopulated: Record<string, string>;
      /** The owner's draft (their answers so far, from any device), and the claim it became, if filed. */
      draft: Draft;
      filed: Claim | undefined;
    }
  | CaptchaRefused
  /** The Claim ID is locked after too many failures: `message` says until when. */
  | { ok: false; reason: "lockedOut"; message: string }
  | Refusal<"credentialsRequired" | "notRecognised" | "tooManyFailures">;

/**
 * Signing in to a flow (SPEC §4 "Form authorization", §7 authorize), for the pages and the API
 * alike, once the credentials pass their model's rules and the checks of proveSignIn. Signed in,
 * the session gets a new id (its sign-ins go with it), so an id planted or seen before reaches
 * nothing after; it is authorized for the form type, and the owner's draft takes the data the
 * sign-in fills in.
 */
export async function signIn({
  formType,
  credentials,
  captcha,
  requester,
  text,
  culture,
}: {
  formType: FormType;
  credentials: ModelValues[string] | undefined;
  captcha: CaptchaProof;
  requester: Requester;
  /** For the lockout's message, which names a time in the claimant's language. */
  text: Translate;
  culture: string;
}): Promise<SignInOutcome> {
  const { sessionId, now } = requester;
  const identity = await proveSignIn({
    credentials,
    captcha,
    requester,
    text,
    culture,
    prove: () => proveIdentity(formType, credentials, now),
  });
  if (!("signIn" in identity)) return identity;
  const renewed = await newSessionId();
  await renewSessionId(sessionId, renewed.sessionId, now);
  const { draft, filed } = await grantAuthorization(renewed.sessionId, formType, identity, now);
  return { ok: true, ...renewed, prepopulated: identity.prepopulated, draft, filed };
}

/** Why credentials were not let in: a captcha not passed, a locked Claim ID, or a refusal of their proof. */
export type SignInRefused = Exclude<SignInOutcome, { ok: true }>;

/**
 * The checks every sign-in passes, a flow's and claim access's alike (app/claims/claim-access.server.ts):
 * the captcha, the lockout per Claim ID (sign-in-lockout.server.ts), then who the credentials prove
 * (`prove`: sign-in-kinds.server.ts). A failure counts against the client's address, and is
 * answered 429 past its budget.
 */
export async function proveSignIn({
  credentials,
  captcha,
  requester,
  text,
  culture,
  prove,
}: {
  credentials: ModelValues[string] | undefined;
  captcha: CaptchaProof;
  requester: Requester;
  text: Translate;
  culture: string;
  prove: () => Promise<Identity | Refusal<"notRecognised" | "credentialsRequired">>;
}): Promise<Identity | SignInRefused> {
  const { context, now } = requester;
  const passed = await passCaptcha(captcha, requester, { unavailableKey: "Error_ProblemOccurred", counted: true });
  if (!passed.ok) return passed;
  const locked = await admitSignInAttempt(credentials, now, text, culture, context);
  // Counted per hour for the administrator's report (issue 27): how it ended, nothing of who.
  if (locked) {
    await getStore().countSignIn("refused", now);
    return { ok: false, reason: "lockedOut", message: locked };
  }
  const identity = await prove();
  await recordSignInOutcome(credentials, "signIn" in identity ? identity : { key: identity.key });
  if ("signIn" in identity || identity.reason === "notRecognised")
    await getStore().countSignIn("signIn" in identity ? "succeeded" : "failed", now);
  // Only credentials that prove no one count against the address, and are answered differently past its budget.
  if (
    !("signIn" in identity) &&
    identity.reason === "notRecognised" &&
    (await signInFailedTooOften(context, credentials, now))
  )
    return { ok: false, reason: "tooManyFailures", status: 429, key: "Authorization_TooManyFailures" };
  return identity;
}

/**
 * Signs the session in to the form type and finds the owner's draft (their answers so far, from
 * any device), or starts one, with the data the sign-in may fill in.
 */
async function grantAuthorization(
  sessionId: string,
  formType: FormType,
  { signIn, prepopulated }: Identity,
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
