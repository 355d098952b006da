import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useText } from "#app/i18n/use-text.ts";
import { Modal } from "./Modal.tsx";

/** SPEC §4/§9: the warning shows in the last minute; the clock ticks every second. */
const WARNING_MS = 60_000;
const TICK_MS = 1_000;
/** Activity tells the server the claimant is still there, at most this often. */
const KEEP_ALIVE_EVERY_MS = 60_000;
const ACTIVITY_EVENTS = ["keydown", "wheel", "mousedown", "mousemove", "touchstart", "pointerdown"] as const;

function postSession(path: string, csrfToken: string) {
  return fetch(path, {
    method: "POST",
    headers: { "X-CSRF-TOKEN": csrfToken },
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * The inactivity time-out of a page that enables it. Without JavaScript the server ends the
 * session after `seconds` without a request, and a <noscript> refresh in the head takes the
 * claimant to the session-expired page then (SessionRefresh, IdleNotice). With JavaScript: any
 * key, wheel, mouse, touch or pointer activity restarts the clock (and tells the server); in the
 * last minute a modal counts down m:ss with Continue; at zero the session is ended (POST /api/session-timeout) and the claimant is sent on.
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
  const navigate = useNavigate();
  const lastActivity = useRef(Date.now());
  const lastKeepAlive = useRef(Date.now());
  const [remaining, setRemaining] = useState(seconds * 1000);

  useEffect(() => {
    const onActivity = () => {
      const now = Date.now();
      lastActivity.current = now;
      setRemaining(seconds * 1000);
      if (now - lastKeepAlive.current >= KEEP_ALIVE_EVERY_MS) {
        lastKeepAlive.current = now;
        void postSession("/api/session/keep-alive", csrfToken);
      }
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    const timer = setInterval(() => {
      const left = seconds * 1000 - (Date.now() - lastActivity.current);
      setRemaining(left);
      if (left <= 0) {
        clearInterval(timer);
        void postSession("/api/session-timeout", csrfToken).then(() => navigate(expiredPath));
      }
    }, TICK_MS);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
    };
  }, [seconds, expiredPath, csrfToken, navigate]);

  const warning = remaining > 0 && remaining <= WARNING_MS;
  const left = Math.max(0, Math.ceil(remaining / 1000));
  const countdown = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return (
    <Modal
      open={warning}
      title={text("SessionTimeout_Header")}
      dismissLabel={text("SessionTimeout_Continue")}
      onDismiss={() => {
        lastActivity.current = Date.now();
        lastKeepAlive.current = Date.now();
        setRemaining(seconds * 1000);
        void postSession("/api/session/keep-alive", csrfToken);
      }}
    >
      <p>{text("SessionTimeout_Body1")}</p>
      <p>{text("SessionTimeout_Body2")}</p>
      {/* The time left, readable whenever a screen reader reaches it... */}
      <p className="session-countdown">
        <span className="visually-hidden">{text("SessionTimeout_TimeLeft")} </span>
        {countdown}
      </p>
      {/* ...and announced every 15 s, then each of the last 10 (every second would flood), in a
          live region of its own that is never a bare "Time left:". */}
      <p className="visually-hidden session-announcement" aria-live="polite" aria-atomic="true">
        {left % 15 === 0 || left <= 10 ? `${text("SessionTimeout_TimeLeft")} ${countdown}` : ""}
      </p>
    </Modal>
  );
}
