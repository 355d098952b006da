import { PortalLink } from "#app/components/PortalLink.tsx";
import { useText } from "#app/i18n/use-text.ts";

/**
 * One step's answers as the claimant reads them back, a summary list (GOV.UK "Check answers"):
 * a question and its answer per row and, on the summary, a "Change" link on every row whose
 * accessible name carries the question ("Change Last name"). Read-only on the confirmation.
 */
export function AnswerList({
  answers,
  changePath,
}: {
  answers: Array<{ path: string; label: string; value: string }>;
  changePath?: string;
}) {
  const text = useText();
  return (
    <dl className={`answers summary-list${changePath ? "" : " summary-list-no-actions"}`}>
      {answers.map((answer) => (
        <div key={answer.path} className="answer summary-list-row">
          <dt className="summary-list-key">{answer.label}</dt>
          <dd className="summary-list-value">{answer.value}</dd>
          {changePath && (
            <dd className="summary-list-actions">
              <PortalLink to={changePath}>
                {text("Summary_Change")}
                <span className="visually-hidden"> {answer.label}</span>
              </PortalLink>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
