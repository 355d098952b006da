import type { CaptchaProof } from "#app/captcha/captcha.server.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { countFailure } from "#app/security/address-failures.server.ts";
import { admitAttempt, lockedText, referenceCodeLockKey } from "#app/security/sign-in-lockout.server.ts";
import { newSessionId } from "#app/session/session-cookie.server.ts";
import { getPortal, offeredFlow } from "#app/settlement/portal.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import type { Claim, ClaimAccessGrant } from "#app/storage/store.ts";
import { passCaptcha } from "./captcha-check.server.ts";
import { isPastLifetime, isSessionExpired, recordActivity, renewSessionId } from "./claimant-session.server.ts";
import { sameLastName } from "./last-name.ts";
import { emailKey } from "./open-claims.server.ts";
import { typedReferenceCode } from "./reference-code.ts";
import type { Refusal } from "./refusal.ts";
import type { Requester } from "./requester.ts";
import { proveMember } from "./sign-in-kinds.server.ts";
import { proveSignIn, type SignInRefused } from "./sign-in.server.ts";

/**
 * Claim access (issue 25, docs/decisions/027-claim-access.md): how a claimant comes back to a claim
 * they filed, for its status, documents and address. "member": signed in with the Claim ID and PIN
 * of their notice (the notice sign-in's own proof, lockout and captcha), every claim that member
 * filed; "code": one claim, found by its reference code and the last name filed with it (or, for
 * a claim filed without a notice, the e-mail address). The session remembers what it found, and
 * forgets it as it ends, as it does its sign-ins.
 */
export type AccessStrength = ClaimAccessGrant["strength"];

/** A filed claim this session may see, and how strongly it proved it may. */
export interface AccessibleClaim {
  claim: Claim;
  strength: AccessStrength;
}

/** The session's new id after finding a claim (as after any sign-in), the cookie that carries it, and what it may now see. */
export type AccessGranted = { ok: true; sessionId: string; setCookie: string; claims: AccessibleClaim[] };

/**
 * Why a claim was not found. A wrong last name, a wrong e-mail address and an unknown code are all
 * "notFound", the same message and status: which codes exist is no one's to learn.
 */
export type CodeRefused =
  | Refusal<"captcha" | "notFound" | "tooManyFailures">
  | { ok: false; reason: "lockedOut"; message: string };

/**
 * Finds a filed claim by its reference code and the claimant's last name (the flow's lastNameField)
 * or, for a claim filed with the open sign-in, the e-mail address it was filed with (the flow's
 * emailField). The captcha first; then the attempt is counted against the code, as a sign-in is
 * against its Claim ID (five wrong within 15 minutes lock the code: a last name is easier to guess
 * than a PIN), and a failure against the client's address.
 */
export async function findClaimByCode({
  referenceCode: typed,
  lastName = "",
  email = "",
  captcha,
  requester,
  text,
  culture,
}: {
  referenceCode: string;
  lastName?: string;
  email?: string;
  captcha: CaptchaProof;
  requester: Requester;
  /** For the lockout's message, which names a time in the claimant's language. */
  text: Translate;
  culture: string;
}): Promise<AccessGranted | CodeRefused> {
  const { context, now } = requester;
  const passed = await passCaptcha(captcha, requester, { unavailableKey: "Error_ProblemOccurred", counted: true });
  if (!passed.ok) return passed;
  const referenceCode = typedReferenceCode(typed);
  const lockKey = referenceCodeLockKey(referenceCode);
  const locked = await admitAttempt(lockKey, now);
  if (locked !== undefined)
    return { ok: false, reason: "lockedOut", message: lockedText(locked, text, culture, "Access_CodeLocked") };
  const claim = await getStore().getClaim(referenceCode);
  if (!claim || !provesClaimant(claim, lastName, email)) {
    if (await countFailure(context, now, "claim look-up failed", { referenceCode }))
      return { ok: false, reason: "tooManyFailures", status: 429, key: "Access_TooManyFailures" };
    return { ok: false, reason: "notFound", status: 401, key: "Access_NotFound" };
  }
  await getStore().clearSignInFailures(lockKey);
  return grant(requester, { strength: "code", referenceCode: claim.referenceCode, at: now });
}

/** Whether the last name (or, for an open claim, the e-mail address) is the claim's own. */
function provesClaimant(claim: Claim, lastName: string, email: string): boolean {
  const flow = offeredFlow(claim.formType);
  const answerAt = (field: string | undefined) => {
    const [model, name] = (field ?? "").split(".") as [string, string?];
    return name ? claim.models[model]?.[name] : undefined;
  };
  if (lastName.trim() && sameLastName(lastName, answerAt(flow?.lastNameField))) return true;
  const filedEmail = answerAt(flow?.emailField);
  return (
    claim.member.signInMethod === "open" &&
    email.trim() !== "" &&
    typeof filedEmail === "string" &&
    emailKey(email) === emailKey(filedEmail)
  );
}

/** Whether any flow offered signs class members in with their notice's Claim ID and PIN: else there is no member to be. */
export function membersSignIn(): boolean {
  return getPortal().flows.some((flow) => flow.signIn.includes("notice"));
}

/**
 * Signs in with the Claim ID and PIN of a notice, through the notice sign-in's checks (captcha,
 * lockout per Claim ID, limit per address): every claim the member filed, in any flow.
 */
export async function signInAsMember({
  claimId,
  pin,
  captcha,
  requester,
  text,
  culture,
}: {
  claimId: string;
  pin: string;
  captcha: CaptchaProof;
  requester: Requester;
  text: Translate;
  culture: string;
}): Promise<AccessGranted | SignInRefused> {
  const credentials = { claimId, pin };
  if (!membersSignIn()) return { ok: false, reason: "credentialsRequired", status: 400, key: "Access_NoNotices" };
  const identity = await proveSignIn({
    credentials,
    captcha,
    requester,
    text,
    culture,
    prove: () => proveMember(credentials, requester.now),
  });
  if (!("signIn" in identity)) return identity;
  return grant(requester, { strength: "member", claimId: identity.signIn.claimId!, at: requester.now });
}

/** The session, under a new id (an id seen before reaches nothing after), remembers what it found. */
async function grant(requester: Requester, found: ClaimAccessGrant): Promise<AccessGranted> {
  const renewed = await newSessionId();
  await renewSessionId(requester.sessionId, renewed.sessionId, requester.now);
  await getStore().grantClaimAccess(renewed.sessionId, found, requester.now);
  return { ok: true, ...renewed, claims: await accessibleClaims(renewed.sessionId, requester.now) };
}

/**
 * The filed claims this session may see, each with how strongly (a member's sign-in wins over a
 * code for the same claim), in filing order: what the status, documents and address pages show.
 * A session signed in to a flow with a Claim ID and PIN sees that member's claims too. An expired
 * session (idle 30 minutes, or past its lifetime) sees nothing, and is ended; otherwise this is
 * activity, and keeps it alive.
 */
export async function accessibleClaims(sessionId: string | undefined, now: number): Promise<AccessibleClaim[]> {
  const store = getStore();
  const session = sessionId ? await store.getSession(sessionId) : undefined;
  if (!session) return [];
  if (isSessionExpired(session, now) || isPastLifetime(session, now)) {
    await store.endSession(session.id);
    return [];
  }
  await recordActivity(session, now);
  const grants = await store.claimAccessGrants(session.id);
  const members = new Set([
    ...grants.flatMap((found) => (found.strength === "member" ? [found.claimId] : [])),
    ...Object.values(session.authorizations).flatMap((signIn) =>
      signIn?.method === "claimIdPin" && signIn.claimId ? [signIn.claimId] : [],
    ),
  ]);
  const found = new Map<string, AccessibleClaim>();
  for (const claimId of members)
    for (const claim of await store.ownerClaims(`member:${claimId}`))
      found.set(claim.referenceCode, { claim, strength: "member" });
  for (const code of grants) {
    if (code.strength !== "code" || found.has(code.referenceCode)) continue;
    const claim = await store.getClaim(code.referenceCode);
    if (claim) found.set(claim.referenceCode, { claim, strength: "code" });
  }
  return [...found.values()].sort(
    (a, b) => a.claim.submittedAt - b.claim.submittedAt || a.claim.referenceCode.localeCompare(b.claim.referenceCode),
  );
}

/** One filed claim, if this session may see it (accessibleClaims), with how strongly. */
export async function accessibleClaim(
  sessionId: string | undefined,
  referenceCode: string,
  now: number,
): Promise<AccessibleClaim | undefined> {
  return (await accessibleClaims(sessionId, now)).find((found) => found.claim.referenceCode === referenceCode);
}
