import { useEffect } from "react";
import { InlineStart } from "#app/client/page-data.tsx";
import { useText } from "#app/i18n/use-text.ts";
import { openModalDialog } from "./modal-dialog.ts";
import { type SessionTimerOptions, sessionTimerTexts, startSessionTimer } from "./session-timer.ts";

/**
 * The inactivity time-out of a page that enables it (SPEC §4/§9), with JavaScript: the warning in
 * the last minute, written with the DOM alone (session-timer.ts) and started from this effect where
 * the page hydrates, from a few inline lines where it loads no modules (decision 043). Without
 * JavaScript, the IdleNotice and the refresh in the head (SessionRefresh) stand in for it.
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer per session and page; its words are the page's
  useEffect(() => startSessionTimer(options, openModalDialog), [seconds, expiredPath, csrfToken]);
  return <InlineStart start={startSessionTimer} args={[options, openModalDialog]} />;
}
