import { useEffect, useState } from "react";
import { Icon } from "./Icon.tsx";

/**
 * Whether the page has been hydrated: a toast that comes after (on a page reached in the browser)
 * is a region put on the page empty, its words after it.
 */
let pageHydrated = false;

/** How long a new region is on the page, empty, before its words: so screen readers know it before it speaks. */
const SPEAK_AFTER_MS = 150;

/**
 * SPEC §4 toast: announced politely, hidden after `delay` unless the claimant points at or focuses
 * it. Its live region is on the page before its words (decision 035): screen readers announce words
 * put into a region they know, and may say nothing of a region that comes with its words in it.
 * From the server, and so without JavaScript, the words are in the page as it loads.
 */
export function Toast({ message, delay = 5000 }: { message?: string; delay?: number }) {
  const [said, setSaid] = useState(() => (pageHydrated ? undefined : message));
  const [visible, setVisible] = useState(true);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    pageHydrated = true;
  }, []);
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
      className={said ? (visible ? "toast" : "toast toast-gone") : "toast-region"}
      role="status"
      onMouseEnter={() => setHeld(true)}
      onFocus={() => setHeld(true)}
      onTouchStart={() => setHeld(true)}
    >
      {said && (
        <>
          <Icon name="check" />
          <span>{said}</span>
        </>
      )}
    </div>
  );
}
