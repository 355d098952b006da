import { randomBytes } from "node:crypto";
import { redirect } from "react-router";
import type { FormType } from "#app/deadlines/deadline-guard.ts";
import { withCulture } from "#app/i18n/culture.ts";
import { readSessionId } from "#app/session/session-cookie.server.ts";
import { type Draft, emptyDraft, type SessionRecord } from "#app/storage/store.ts";
import { getStore } from "#app/storage/store.server.ts";

/** SPEC §9 minSessionDuration 30: minutes of inactivity before a flow's session expires. */
export const SESSION_TIMEOUT_MINUTES = 30;
export const SESSION_TIMEOUT_MS = SESSION_TIMEOUT_MINUTES * 60_000;

/** Idle longer than the time-out: the session is over, whatever it was authorized for. */
export function isSessionExpired(session: SessionRecord, now: number): boolean {
  return now - session.lastSeenAt > SESSION_TIMEOUT_MS;
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
  draft: Draft;
}

/**
 * SPEC §2 route guard 3 and §4 "Session timer", on the server for every GET and POST of a page
 * that needs the flow's authorization: no session, an expired one (30 minutes without a request;
 * it is then ended, drafts and all), or one not authorized for this form type goes to
 * /session-expired?form=…&culture=…. Otherwise the activity is recorded.
 */
export async function requireClaimantSession(request: Request, formType: FormType, culture: string, now: number, timeout: boolean): Promise<ClaimantSession> {
  const expired = () => redirect(sessionExpiredPath(formType, culture), 303);
  const sessionId = await readSessionId(request);
  if (!sessionId) throw expired();
  const store = getStore();
  const session = await store.getSession(sessionId);
  if (!session) throw expired();
  if (timeout && isSessionExpired(session, now)) {
    await store.endSession(sessionId);
    throw expired();
  }
  if (!session.authorizations[formType]) throw expired();
  const touched = await store.touchSession(sessionId, now);
  const draft = (await store.getDraft(sessionId, formType)) ?? { ...emptyDraft(newDraftId()), updatedAt: now };
  return { sessionId, session: touched, draft };
}
