import { useEffect, useState } from "react";
import { Icon } from "./Icon.tsx";

/** How long a new region is on the page, empty, before its words: so screen readers know it before it speaks. */
const SPEAK_AFTER_MS = 150;

/**
 * SPEC §4 toast: announced politely, hidden after `delay` unless the claimant points at or focuses
 * it. Its live region is on the page before its words (decision 035): screen readers announce words
 * put into a region they know, and may say nothing of a region that comes with its words in it.
 * From the server the words are in a <noscript> in the region: read without JavaScript as the page
 * loads; with it, the region is on the page silent (a browser running scripts neither shows nor
 * reads a <noscript>), and the scripts say the words in it a moment later (decision 036: every
 * page is a document of its own, so the words always come with the page).
 */
export function Toast({ message, delay = 5000 }: { message?: string; delay?: number }) {
  const [said, setSaid] = useState<string>();
  const [visible, setVisible] = useState(true);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (message === undefined) {
      setSaid(undefined);
      return;
    }
    const timer = setTimeout(() => setSaid(message), SPEAK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [message]);
  useEffect(() => {
    if (held || !said) return;
    const timer = setTimeout(() => setVisible(false), delay);
    return () => clearTimeout(timer);
  }, [held, delay, said]);
  return (
    // Gone, it keeps its place (hidden, not removed): the page does not move under the claimant's finger.
    <div
      className={said || message ? (visible ? "toast" : "toast toast-gone") : "toast-region"}
      role="status"
      onMouseEnter={() => setHeld(true)}
      onFocus={() => setHeld(true)}
      onTouchStart={() => setHeld(true)}
    >
      {said ? (
        <>
          <Icon name="check" />
          <span>{said}</span>
        </>
      ) : (
        message && (
          <noscript>
            <Icon name="check" />
            <span>{message}</span>
          </noscript>
        )
      )}
    </div>
  );
}
