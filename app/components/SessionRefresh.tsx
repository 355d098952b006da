import { useMatches } from "react-router";
import { sessionTimeoutOf } from "#app/flows/session-timeout.ts";

/**
 * In the document's head: without JavaScript, the refresh that takes the claimant to the
 * session-expired page when the session ends (the IdleNotice says when). A <meta> refresh is
 * only valid in the head, and only inside <noscript> does it leave a page with JavaScript alone,
 * whose timer counts the claimant's activity and extends the session (SessionTimer).
 */
export function SessionRefresh() {
  const timeout = useMatches()
    .map((match) => sessionTimeoutOf(match.loaderData))
    .find(Boolean);
  if (!timeout) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${timeout.endsIn}; url=${timeout.expiredPath}`} />
    </noscript>
  );
}
