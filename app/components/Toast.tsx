import { type ReactNode, useEffect, useState } from "react";
import { Icon } from "./Icon.tsx";

/**
 * SPEC §4 toast: announced politely, hidden after `delay` unless the claimant points at or focuses
 * it. Without JavaScript it simply stays on the page.
 */
export function Toast({ children, delay = 5000 }: { children: ReactNode; delay?: number }) {
  const [visible, setVisible] = useState(true);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => setVisible(false), delay);
    return () => clearTimeout(timer);
  }, [held, delay]);
  return (
    // Gone, it keeps its place (hidden, not removed): the page does not move under the claimant's finger.
    <div
      className={visible ? "toast" : "toast toast-gone"}
      role="status"
      onMouseEnter={() => setHeld(true)}
      onFocus={() => setHeld(true)}
      onTouchStart={() => setHeld(true)}
    >
      <Icon name="check" />
      <span>{children}</span>
    </div>
  );
}
