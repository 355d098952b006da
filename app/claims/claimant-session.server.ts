import { randomBytes } from "node:crypto";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import {
  type Claim,
  type Draft,
  type DraftOwner,
  draftOwner,
  emptyDraft,
  type SessionRecord,
  type SignIn,
} from "#app/storage/store.ts";
import { getStore } from "#app/storage/store.server.ts";
import { positiveSetting } from "#app/positive-setting.server.ts";

/** SPEC §9 minSessionDuration 30: minutes of inactivity before a flow's session expires. */
export const SESSION_TIMEOUT_MINUTES = 30;
export const SESSION_TIMEOUT_MS = SESSION_TIMEOUT_MINUTES * 60_000;

/**
 * How long a session may last however active it is (SESSION_LIFETIME_HOURS, default 12): the
 * keep-alive and every request push the inactivity time-out back, so without this a browser left
 * open on a page that keeps itself alive would stay signed in for ever (issue 12).
 */
export const SESSION_LIFETIME_MS = positiveSetting("SESSION_LIFETIME_HOURS", 12, "a number of hours") * 3_600_000;

/**
 * How fresh the stored last-seen time is kept: a request within this of it does not write it again
 * (issue 14: a write, and a read back, on every page). So the idle time-out is precise to a minute:
 * a session ends between 30 and 31 minutes after its last request, never before the 30 its pages
 * announce.
 */
export const LAST_SEEN_PRECISION_MS = 60_000;

/** Idle longer than the time-out (to the minute), or older than its lifetime: the session is over, whatever it was authorized for. */
export function isSessionExpired(session: SessionRecord, now: number): boolean {
  return now - session.lastSeenAt >= SESSION_TIMEOUT_MS + LAST_SEEN_PRECISION_MS || isPastLifetime(session, now);
}

/**
 * A request of the session's claimant: its last-seen time moves to `now` unless it was written
 * less than a minute before (a clock set back, as the test clock may be, writes it too). Returns
 * the session as seen now, for the time-out its page announces (30 minutes from now).
 */
export async function recordActivity(session: SessionRecord, now: number): Promise<SessionRecord> {
  const since = now - session.lastSeenAt;
  if (since >= 0 && since < LAST_SEEN_PRECISION_MS) return { ...session, lastSeenAt: now };
  return getStore().touchSession(session.id, now);
}

/** Older than the lifetime: over, on every page, even those that do not time out (enableTimeout). */
export function isPastLifetime(session: SessionRecord, now: number): boolean {
  return now - session.createdAt > SESSION_LIFETIME_MS;
}

/**
 * Signing in gives the session a new id, its sign-ins going with it, so an id planted or seen
 * before reaches nothing after (session fixation). A session past its lifetime is ended instead:
 * renamed, it would keep its age, and the claimant who just signed in would be sent to the
 * session-expired page at the next step.
 */
export async function renewSessionId(sessionId: string, renewedId: string, now: number): Promise<void> {
  const store = getStore();
  const session = await store.getSession(sessionId);
  if (session && isPastLifetime(session, now)) await store.endSession(sessionId);
  else await store.renameSession(sessionId, renewedId);
}

export function newDraftId(): string {
  return randomBytes(16).toString("base64url");
}

export interface ClaimantSession {
  sessionId: string;
  session: SessionRecord;
  signIn: SignIn;
  /** Whose draft this is: the member signed in (or, unverified, the session). */
  owner: DraftOwner;
  draft: Draft;
  /** The claim the owner filed from this flow, if any. */
  filed?: Claim;
}

/**
 * The owner's claim of this form type: with one claim per member ("one", "amend") whichever they
 * filed; with "many", the one this draft became (the next draft starts a new claim).
 */
export async function filedClaim(
  owner: DraftOwner,
  formType: FormType,
  draft: Pick<Draft, "draftId">,
): Promise<Claim | undefined> {
  const store = getStore();
  return getPortal().settlement.claims.perMember === "many"
    ? store.getClaimByDraft(draft.draftId)
    : store.latestClaim(owner, formType);
}

/** Whether the flow's answers may still change: not once filed, unless the settlement lets members amend. */
export function isReadOnly(filed: Claim | undefined): boolean {
  return !!filed && getPortal().settlement.claims.perMember !== "amend";
}

/** Why a request has no claimant of the flow: never signed in to it (or signed out, or ended), or lapsed since. */
export type NoClaimant = { ok: false; reason: "notSignedIn" | "expired" };

/**
 * SPEC §2 route guard 3 and §4 "Session timer", for every request of a signed-in claimant (a page
 * that needs the flow's authorization, a submission by the API): no session, or one not signed in
 * to this form type, is no claimant; an expired one (30 minutes without a request, to the minute,
 * where `idleTimeout` holds, or past its lifetime) ends, while the member's saved draft stays
 * theirs. Otherwise the activity is recorded (recordActivity), and the draft and filed claim are read.
 */
export async function signedInClaimant(
  sessionId: string | undefined,
  formType: FormType,
  now: number,
  { idleTimeout }: { idleTimeout: boolean },
): Promise<({ ok: true } & ClaimantSession) | NoClaimant> {
  const store = getStore();
  const session = sessionId ? await store.getSession(sessionId) : undefined;
  if (!session) return { ok: false, reason: "notSignedIn" };
  const signIn = session.authorizations[formType];
  if ((idleTimeout && isSessionExpired(session, now)) || isPastLifetime(session, now)) {
    await store.endSession(session.id);
    // A session never signed in to the flow had nothing of it to expire.
    return { ok: false, reason: signIn ? "expired" : "notSignedIn" };
  }
  if (!signIn) return { ok: false, reason: "notSignedIn" };
  const touched = await recordActivity(session, now);
  const owner = draftOwner(session.id, signIn);
  const draft = (await store.getDraft(owner, formType)) ?? { ...emptyDraft(newDraftId()), updatedAt: now };
  const filed = await filedClaim(owner, formType, draft);
  return { ok: true, sessionId: session.id, session: touched, signIn, owner, draft, filed };
}

/**
 * A start page's look at its session, which is no activity (nothing is touched or ended): whether
 * it is signed in to the flow (a session past its lifetime is signed in to nothing: the next page
 * would end it), and if so the owner's draft and the claim it became, to offer a way back in.
 */
export async function returningClaimant(
  sessionId: string,
  formType: FormType,
  now: number,
): Promise<{ signedIn: boolean; draft?: Draft; filed?: Claim }> {
  const store = getStore();
  const session = await store.getSession(sessionId);
  const signIn = session && !isPastLifetime(session, now) ? session.authorizations[formType] : undefined;
  if (!signIn) return { signedIn: false };
  const owner = draftOwner(sessionId, signIn);
  const draft = await store.getDraft(owner, formType);
  return { signedIn: true, draft, filed: draft && (await filedClaim(owner, formType, draft)) };
}
