import { useText } from "#app/i18n/use-text.ts";

export interface SummaryItem {
  href: string;
  text: string;
}

/**
 * The error summary at the top of a form (GOV.UK pattern, DESIGN "Showing errors"): a link per
 * problem to its field. It is the first thing in <main>, announced as an alert, and takes focus
 * when the page opens with it. The step pages' enhancer draws the same after its own checks
 * (app/client/step-form/form-messages.ts).
 */
export function ErrorSummary({ items }: { items: SummaryItem[] }) {
  const text = useText();
  if (items.length === 0) return null;
  return (
    // autoFocus: a page refused with errors opens on its summary (GOV.UK), so a screen reader reads it first.
    // biome-ignore lint/a11y/noAutofocus: the GOV.UK error summary pattern moves focus to the summary
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} autoFocus>
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
