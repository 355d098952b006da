import { InlineStart } from "#app/client/page-data.tsx";
import { useText } from "#app/i18n/use-text.ts";
import { openModalDialog } from "./modal-dialog.ts";
import { type SessionTimerOptions, sessionTimerTexts, startSessionTimer } from "./session-timer.ts";

/**
 * The inactivity time-out of a page that enables it (SPEC §4/§9), with JavaScript: the warning in
 * the last minute, written with the DOM alone (session-timer.ts), started by a few inline lines
 * (decision 043), or by the page's enhancer where it has one (decision 044). Without JavaScript,
 * the IdleNotice and the refresh in the head (SessionRefresh) stand in for it.
 */
export function SessionTimer({
  seconds,
  expiredPath,
  csrfToken,
}: {
  seconds: number;
  expiredPath: string;
  csrfToken: string;
}) {
  const text = useText();
  const options: SessionTimerOptions = {
    seconds,
    expiredPath,
    csrfToken,
    texts: sessionTimerTexts(text),
  };
  return <InlineStart start={startSessionTimer} args={[options, openModalDialog]} />;
}
