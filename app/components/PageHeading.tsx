import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Whether the document's first page has shown its heading: every heading after that came by a client-side navigation. */
let firstPageShown = false;

/**
 * The page's <h1>. After a client-side navigation to another page (Save and continue, Back, a
 * Change link) it takes focus, so a screen reader announces the new page as a full page load
 * would; the first page of a document leaves focus where the browser puts it, and a page that
 * opens on its error summary leaves focus there. A form sent to the page it came from (a record
 * saved, errors shown) keeps focus where that form puts it.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus when the page (its path) changes, not on every render
  useEffect(() => {
    if (!firstPageShown) {
      firstPageShown = true;
      return;
    }
    if (document.querySelector("main .error-summary")) return;
    ref.current?.focus();
  }, [pathname]);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
