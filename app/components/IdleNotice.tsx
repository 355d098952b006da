import type { SessionTimeout } from "#app/flows/session-timeout.ts";
import { useText } from "#app/i18n/use-text.ts";

/**
 * Without JavaScript, says up front how long the session waits and when it ends (WCAG 2.2.6;
 * GOV.UK "tell users about time limits"): there, only a request (saving, another page) keeps the
 * session, and the refresh in the head (SessionRefresh) takes the claimant away at that time.
 * With JavaScript the activity on the page extends the session, so that time would be wrong: the
 * notice stays inside <noscript>, and the SessionTimer warns in the last minute instead.
 */
export function IdleNotice({ timeout }: { timeout: SessionTimeout }) {
  const text = useText();
  return (
    <noscript>
      <p className="idle-notice">
        {timeout.endsForGood
          ? text("SessionTimeout_NoScriptLifetime", timeout.endsAt)
          : text("SessionTimeout_NoScript", timeout.seconds / 60, timeout.endsAt)}
      </p>
    </noscript>
  );
}
