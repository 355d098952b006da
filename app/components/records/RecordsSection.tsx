import { Icon } from "#app/components/Icon.tsx";
import { useText } from "#app/i18n/use-text.ts";
import type { RecordFailure } from "#app/records/record-actions.server.ts";
import type { RecordsView } from "#app/records/records-view.server.ts";
import { DisplayOnlyRow } from "./DisplayOnlyRow.tsx";
import { RecordButtonForm } from "./RecordButtonForm.tsx";
import { RecordDraftForm, type RecordFormSettings } from "./RecordDraftForm.tsx";

/**
 * A multi-record table (claim transactions) or manager (documents): the saved records as
 * display-only rows, then the open draft, or "Add more" when none is open (SPEC §4 "Records").
 */
export function RecordsSection({
  view,
  settings,
  failure,
  problem,
}: {
  view: RecordsView;
  settings: RecordFormSettings;
  failure?: RecordFailure;
  problem?: string;
}) {
  const text = useText();
  const { block } = view;
  const id = `records-${block.model}`;
  const actions = {
    action: settings.action,
    csrfToken: settings.csrfToken,
    model: block.model,
    allowDelete: block.allowDelete,
    allowEdit: block.allowEdit && !view.draft,
  };
  const hasButtons = block.allowDelete || block.allowEdit;
  return (
    // Not a landmark of its own (no accessible name): its heading names it, the table's region scrolls.
    // Focusable: a record button's form comes back to it (#records-…), and with JavaScript the
    // enhancer focuses its draft, else the list (app/client/step-form/records.ts).
    <section id={id} className={`records records-${block.kind}${problem ? " field-invalid" : ""}`} tabIndex={-1}>
      <h2 id={`${id}-title`}>{text(block.legend)}</h2>
      {block.hint && <p className="field-hint">{text(block.hint)}</p>}
      {problem && (
        <p className="field-error" id={`${id}-error`}>
          <span className="visually-hidden">{text("Form_ErrorPrefix")} </span>
          {problem}
        </p>
      )}
      {view.rows.length > 0 ? (
        // A region named by the heading, focusable so that the keyboard can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable from the keyboard to be scrolled with it
        <section className="table-scroll" aria-labelledby={`${id}-title`} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{text("Records_Item")}</th>
                {view.headings.map((heading) => (
                  <th scope="col" key={heading}>
                    {heading}
                  </th>
                ))}
                {hasButtons && (
                  <th scope="col">
                    <span className="visually-hidden">{text("Records_Actions")}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {view.rows.map((row) => (
                <DisplayOnlyRow
                  key={row.clientId}
                  recordClientId={row.clientId}
                  rows={view.rows}
                  headings={view.headings}
                  actions={actions}
                />
              ))}
            </tbody>
          </table>
        </section>
      ) : (
        <p className="records-empty">{text("Records_None")}</p>
      )}
      {view.awaiting ? (
        <p className="records-awaiting">{view.awaiting}</p>
      ) : view.draft ? (
        <RecordDraftForm
          view={view}
          settings={settings}
          failure={failure?.model === block.model ? failure : undefined}
        />
      ) : (
        <RecordButtonForm {...actions} intent="add" className="outline">
          <Icon name="plus" /> {text("Records_AddMore", text(block.itemLabel, view.rows.length + 1))}
        </RecordButtonForm>
      )}
    </section>
  );
}
