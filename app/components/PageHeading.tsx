import { useEffect, useRef, type ReactNode } from "react";
import { useNavigationType } from "react-router";

/**
 * The page's <h1>. After a client-side navigation it takes focus, so a screen reader announces the
 * new page as a full page load would (a first load leaves focus where the browser puts it).
 */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const navigationType = useNavigationType();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      if (navigationType === "POP") return;
    }
    ref.current?.focus();
  }, [navigationType]);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
