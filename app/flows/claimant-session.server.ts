import type { FlowStep } from "./flow-context.server.ts";
import { randomBytes } from "node:crypto";
import { redirect } from "react-router";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { readSessionId } from "#app/session/session-cookie.server.ts";
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

/** SPEC §9 minSessionDuration 30: minutes of inactivity before a flow's session expires. */
export const SESSION_TIMEOUT_MINUTES = 30;
export const SESSION_TIMEOUT_MS = SESSION_TIMEOUT_MINUTES * 60_000;

/**
 * How long a session may last however active it is (SESSION_LIFETIME_HOURS, default 12): the
 * keep-alive and every request push the inactivity time-out back, so without this a browser left
 * open on a page that keeps itself alive would stay signed in for ever (issue 12).
 */
export const SESSION_LIFETIME_MS = sessionLifetimeHours(process.env.SESSION_LIFETIME_HOURS) * 3_600_000;

function sessionLifetimeHours(setting: string | undefined): number {
  if (setting === undefined || setting === "") return 12;
  const hours = Number(setting);
  if (!Number.isFinite(hours) || hours <= 0)
    throw new Error(`SESSION_LIFETIME_HOURS must be a number of hours above 0, not "${setting}".`);
  return hours;
}

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

export function sessionExpiredPath(formType: FormType, culture: string): string {
  return withCulture(`/session-expired?form=${formType}`, culture);
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

/**
 * SPEC §2 route guard 3 and §4 "Session timer", on the server for every GET and POST of a page
 * that needs the flow's authorization: no session, an expired one (30 minutes without a request, to
 * the minute, or past its lifetime; the session then ends, while the member's saved draft stays
 * theirs), or one not signed in to this form type goes to /session-expired?form=…&culture=….
 * Otherwise the activity is recorded (recordActivity), and the member's draft and filed claim are read.
 */
export async function requireClaimantSession(
  request: Request,
  { formType, culture, now, page }: FlowStep,
): Promise<ClaimantSession> {
  const timeout = page.enableTimeout;
  const expired = () => redirect(sessionExpiredPath(formType, culture), 303);
  const sessionId = await readSessionId(request);
  if (!sessionId) throw expired();
  const store = getStore();
  const session = await store.getSession(sessionId);
  if (!session) throw expired();
  if ((timeout && isSessionExpired(session, now)) || isPastLifetime(session, now)) {
    await store.endSession(sessionId);
    throw expired();
  }
  const signIn = session.authorizations[formType];
  if (!signIn) throw expired();
  const touched = await recordActivity(session, now);
  const owner = draftOwner(sessionId, signIn);
  const draft = (await store.getDraft(owner, formType)) ?? { ...emptyDraft(newDraftId()), updatedAt: now };
  return { sessionId, session: touched, signIn, owner, draft, filed: await filedClaim(owner, formType, draft) };
}
