import { getStore } from "#app/storage/store.server.ts";

/**
 * Signing out (issue 12): the session ends in the store, its sign-ins with it, and what it owned as
 * an unverified sign-in; a member's saved answers are theirs and stay.
 */
export async function signOut(sessionId: string): Promise<void> {
  await getStore().endSession(sessionId);
}
