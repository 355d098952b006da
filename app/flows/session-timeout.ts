/**
 * What a page that times out (a flow page with enableTimeout) tells the browser about its
 * session's end: the JavaScript timer counts the inactivity in `seconds` from each activity;
 * without JavaScript only a request keeps the session, so the page states when it ends if none
 * comes (`endsAt`) and refreshes to `expiredPath` then (`endsIn`).
 */
export interface SessionTimeout {
  /** The inactivity allowed, in seconds (SPEC §9 minSessionDuration). */
  seconds: number;
  /** Where the claimant goes when the session has ended. */
  expiredPath: string;
  /** Seconds from this page's rendering to the session's end if no other request comes. */
  endsIn: number;
  /** That end as the claimant reads it: their culture's time in the settlement's zone, "10:30 AM PST". */
  endsAt: string;
  /** The session ends then because it has lasted its lifetime: saving does not push that back. */
  endsForGood: boolean;
}

/** The time-out a route's loader data carries, if any (the root's head reads its matches'). */
export function sessionTimeoutOf(loaderData: unknown): SessionTimeout | undefined {
  if (typeof loaderData !== "object" || loaderData === null || !("timeout" in loaderData)) return undefined;
  return (loaderData.timeout as SessionTimeout | undefined) ?? undefined;
}
