import { FORM_TYPES, type FormType } from "#app/flow-registry/form-type.ts";
import { LAST_SEEN_PRECISION_MS, SESSION_TIMEOUT_MS } from "./claimant-session.server.ts";
import { flowDeadlineKeys, getPortal } from "#app/settlement/portal.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import { ABANDONED_MEMBER_LIST_MS } from "#app/storage/store.ts";

/** How often each server looks for expired sessions (several instances may: the deletes are idempotent). */
export const PURGE_INTERVAL_MS = Number(process.env.PURGE_INTERVAL_MS ?? 5 * 60_000);

const DAY_MS = 24 * 60 * 60_000;

/**
 * Removes sessions idle longer than the session time-out (with what they owned as unverified
 * sign-ins), and the drafts of every flow whose deadline passed more than the settlement's
 * retention ago (claims.draftRetentionDays), with their unfiled uploads; and failed sign-ins and
 * used challenges no longer needed. A member's draft outlives their sessions until then: they may
 * sign in again and go on. Claims and their documents are never touched.
 */
export async function purgeExpiredDrafts(now = Date.now()) {
  const store = getStore();
  const retired = FORM_TYPES.filter((formType) => {
    const keptUntil = draftsKeptUntil(formType);
    return keptUntil !== undefined && now > keptUntil.at;
  });
  // A session's last-seen time is kept to the minute (LAST_SEEN_PRECISION_MS): it may be that much behind.
  const expired = await store.purgeExpired(now - SESSION_TIMEOUT_MS - LAST_SEEN_PRECISION_MS, now);
  const drafts = retired.length > 0 ? await store.purgeDrafts(retired) : { drafts: 0, documents: 0 };
  // A class-member list an import killed part-way left: removed once it is surely no import running.
  await store.removeMemberLists(now - ABANDONED_MEMBER_LIST_MS);
  return { sessions: expired.sessions, drafts: drafts.drafts, documents: expired.documents + drafts.documents };
}

/**
 * Until when a member's drafts of a flow are kept (the pages say so: draft-kept.server.ts): its
 * first deadline to close, plus the settlement's retention (claims.draftRetentionDays), in that
 * deadline's zone; the purge removes them after it. Undefined for a flow with no deadline set.
 */
export function draftsKeptUntil(formType: FormType): { at: number; zone: string } | undefined {
  const { settlement, deadlines } = getPortal();
  const closing = flowDeadlineKeys(formType)
    .map((key) => deadlines[key])
    .filter((deadline) => deadline !== undefined)
    .sort((a, b) => a.closesAt - b.closesAt)[0];
  return closing && { at: closing.closesAt + settlement.claims.draftRetentionDays * DAY_MS, zone: closing.zone };
}
