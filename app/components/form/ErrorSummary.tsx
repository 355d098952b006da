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
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus when a new submission (focusKey) produced errors, not as the claimant fixes them one by one
  useEffect(() => {
    if (items.length > 0) ref.current?.focus();
  }, [focusKey]);
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
