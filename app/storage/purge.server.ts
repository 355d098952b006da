import { SESSION_TIMEOUT_MS } from "#app/flows/claimant-session.server.ts";
import { getStore } from "./store.server.ts";

/** How often each server looks for expired sessions (several instances may: the deletes are idempotent). */
export const PURGE_INTERVAL_MS = Number(process.env.PURGE_INTERVAL_MS ?? 5 * 60_000);

/**
 * Removes sessions idle longer than the session time-out, their drafts, and the documents uploaded
 * to them that never became part of a claim (issue 5: an abandoned draft's documents go when the
 * draft expires). Claims and their documents are never touched.
 */
export async function purgeExpiredDrafts(now = Date.now()) {
  return getStore().purgeExpired(now - SESSION_TIMEOUT_MS);
}
