import type { Translate } from "#app/i18n/i18n.ts";
import type { CloseModalDialog, openModalDialog } from "./modal-dialog.ts";

/** What the time-out warning needs: the session's length, where to go when it ends, and its words. */
export interface SessionTimerOptions {
  seconds: number;
  expiredPath: string;
  csrfToken: string;
  texts: { header: string; body1: string; body2: string; continue: string; timeLeft: string };
}

/** The time-out warning's words, in the page's language. */
export function sessionTimerTexts(text: Translate): SessionTimerOptions["texts"] {
  return {
    header: text("SessionTimeout_Header"),
    body1: text("SessionTimeout_Body1"),
    body2: text("SessionTimeout_Body2"),
    continue: text("SessionTimeout_Continue"),
    timeLeft: text("SessionTimeout_TimeLeft"),
  };
}

/**
 * The inactivity time-out of a page that enables it, with JavaScript (SPEC §4/§9). Any key,
 * wheel, mouse, touch or pointer activity keeps the session: the server is told (POST
 * /api/session/keep-alive) at once if it last heard of the claimant a minute ago or more, else
 * once that minute is up, and the clock restarts from what the server was told. In the last minute
 * a modal counts down m:ss with Continue; at zero the session is ended (POST
 * /api/session-timeout) and the claimant is sent on, as they are when the server answers a
 * keep-alive that the session is over. Without JavaScript the server ends the
 * session after `seconds` without a request, and a <noscript> refresh in the head takes the
 * claimant away then (SessionRefresh, IdleNotice). Returns what stops it.
 *
 * One function for every claim page, with the DOM alone: started by the step pages' enhancer
 * (decision 044), from a few inline lines where a page loads no modules (decision 043). So it uses
 * nothing but its parameters and the page's globals: no import, no module-level binding.
 */
export function startSessionTimer(options: SessionTimerOptions, openDialog: typeof openModalDialog): () => void {
  /** The warning shows in the last minute; the clock ticks every second. */
  const WARNING_MS = 60_000;
  const TICK_MS = 1_000;
  /** Activity tells the server the claimant is still there, at most this often. */
  const KEEP_ALIVE_EVERY_MS = 60_000;
  const ACTIVITY_EVENTS = ["keydown", "wheel", "mousedown", "mousemove", "touchstart", "pointerdown"];
  const { texts } = options;

  const postSession = (path: string) =>
    fetch(path, {
      method: "POST",
      headers: { "X-CSRF-TOKEN": options.csrfToken },
      credentials: "same-origin",
      keepalive: true,
    }).catch(() => undefined);

  // The clock counts from the last request the server heard of (this page's, then each
  // keep-alive), never from activity it has not been told of: the warning's time left is the
  // server's (the server keeps a session at least `seconds` after its last request).
  let lastTold = Date.now();
  // Activity since the server was last told, which it is told of once a minute has passed since.
  let activeSinceTold = false;
  const remaining = () => options.seconds * 1000 - (Date.now() - lastTold);
  // The claimant is sent on once: a second navigation would cut the first short (a key and the
  // Continue it presses each tell the server, and both may be refused).
  let sentOn = false;
  const sendOn = () => {
    if (sentOn) return;
    sentOn = true;
    stop();
    window.location.assign(options.expiredPath);
  };
  const tellServer = () => {
    lastTold = Date.now();
    activeSinceTold = false;
    void postSession("/api/session/keep-alive").then((answer) => {
      // The session is over already (ended elsewhere, or signed in again in another tab: 401,
      // 403): no time is left to show. A server in trouble (5xx) or no answer says nothing of it.
      if (answer && answer.status >= 400 && answer.status < 500) sendOn();
    });
  };

  // The warning, while it is open: its countdown, and the live region that announces it.
  let warning: { close: CloseModalDialog; countdown: Text; announcement: HTMLElement } | undefined;
  const paragraph = (text: string, className?: string) => {
    const element = document.createElement("p");
    element.textContent = text;
    if (className) element.className = className;
    return element;
  };
  const openWarning = () => {
    // The time left, readable whenever a screen reader reaches it...
    const countdownLine = paragraph("", "session-countdown");
    const label = document.createElement("span");
    label.className = "visually-hidden";
    label.textContent = `${texts.timeLeft} `;
    const countdown = document.createTextNode("");
    countdownLine.append(label, countdown);
    // ...and announced every 15 s, then each of the last 10 (every second would flood), in a live
    // region of its own that is never a bare "Time left:". On the page empty at first: screen
    // readers announce words put into a region they know (decision 035).
    const announcement = paragraph("", "visually-hidden session-announcement");
    announcement.setAttribute("aria-live", "polite");
    announcement.setAttribute("aria-atomic", "true");
    const close = openDialog({
      title: texts.header,
      content: [paragraph(texts.body1), paragraph(texts.body2), countdownLine, announcement],
      buttonLabel: texts.continue,
      onButton: () => {
        tellServer();
        show();
      },
    });
    warning = { close, countdown, announcement };
  };

  /** The warning as the time left says: opened in the last minute, counting down, closed otherwise. */
  const show = (announce = false) => {
    const left = remaining();
    const warns = left > 0 && left <= WARNING_MS;
    if (!warns) {
      warning?.close();
      warning = undefined;
      return;
    }
    // Announced from the tick after the warning opened: its region is on the page, empty, first.
    const speaks = announce && warning !== undefined;
    if (!warning) openWarning();
    const seconds = Math.max(0, Math.ceil(left / 1000));
    const countdown = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    warning!.countdown.data = countdown;
    if (speaks)
      warning!.announcement.textContent = seconds % 15 === 0 || seconds <= 10 ? `${texts.timeLeft} ${countdown}` : "";
  };

  const onActivity = () => {
    activeSinceTold = true;
    if (Date.now() - lastTold < KEEP_ALIVE_EVERY_MS) return;
    tellServer();
    show();
  };
  for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
  const stop = () => {
    clearInterval(timer);
    for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
  };
  const timer = setInterval(() => {
    if (activeSinceTold && Date.now() - lastTold >= KEEP_ALIVE_EVERY_MS) tellServer();
    show(true);
    if (remaining() > 0) return;
    // The session is ended once, and the claimant sent on once.
    stop();
    void postSession("/api/session-timeout").then(sendOn);
  }, TICK_MS);
  return () => {
    stop();
    warning?.close();
  };
}
