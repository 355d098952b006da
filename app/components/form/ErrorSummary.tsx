import { useEffect, useRef } from "react";
import { useText } from "#app/i18n/use-text.ts";

export interface SummaryItem {
  href: string;
  text: string;
}

/**
 * The error summary at the top of a form (GOV.UK pattern, DESIGN "Showing errors"): a link per
 * problem to its field. It is the first thing in <main>, announced as an alert, and takes focus
 * when it appears after a submission.
 */
export function ErrorSummary({ items, focusKey }: { items: SummaryItem[]; focusKey: unknown }) {
  const text = useText();
  const ref = useRef<HTMLDivElement>(null);
  // Focus once per submission (focusKey), when its errors show, whether they come with it or a
  // render later. Errors that show again as the claimant types, after a submission's were fixed,
  // leave focus in the field.
  const focusPending = useRef(true);
  const shown = items.length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new submission (focusKey) asks for focus again
  useEffect(() => {
    focusPending.current = true;
  }, [focusKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: run when a submission's errors show (focusKey, shown)
  useEffect(() => {
    if (focusPending.current && shown) {
      focusPending.current = false;
      ref.current?.focus();
    }
  }, [focusKey, shown]);
  if (items.length === 0) return null;
  return (
    // autoFocus: without JavaScript too, a page refused with errors opens on its summary (GOV.UK), so a
    // screen reader reads it first; with JavaScript the effect above focuses each new submission's.
    // biome-ignore lint/a11y/noAutofocus: the GOV.UK error summary pattern moves focus to the summary
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} ref={ref} autoFocus>
      <h2 id="error-summary-title">{text("Form_ErrorSummaryTitle")}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <a href={item.href}>{item.text}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
