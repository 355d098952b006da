import { Icon } from "#app/components/Icon.tsx";
import { useText } from "#app/i18n/use-text.ts";
import type { RecordRow } from "#app/records/records-view.server.ts";
import { RecordButtonForm } from "./RecordButtonForm.tsx";

export interface RowActions {
  action: string;
  csrfToken: string;
  model: string;
  allowDelete: boolean;
  /** Editing is offered only while no other draft of the list is open. */
  allowEdit: boolean;
}

/**
 * A saved record shown read-only (SPEC §5 "Display-only row"): its display fields, and edit and
 * delete buttons when the row allows them. It needs the client id of an existing record.
 */
export function DisplayOnlyRow({
  recordClientId,
  rows,
  headings = [],
  actions,
}: {
  recordClientId: string | undefined;
  rows: RecordRow[];
  /** The columns' headings, repeated in each cell for the stacked layout of narrow screens. */
  headings?: string[];
  actions: RowActions;
}) {
  const text = useText();
  if (!recordClientId) throw new Error("ClientId not provided to FormModelRow");
  const row = rows.find((candidate) => candidate.clientId === recordClientId);
  if (!row) throw new Error(`No record has the client id ${recordClientId}`);
  const buttons = actions.allowDelete || actions.allowEdit;
  // SPEC §9: 11 display fields beside the buttons, 12 without (also checked at start-up).
  if (row.cells.length > (buttons ? 11 : 12))
    throw new Error(`A display-only row shows at most ${buttons ? 11 : 12} fields; this one has ${row.cells.length}`);
  return (
    <tr>
      <th scope="row">{row.title}</th>
      {row.cells.map((cell, index) => (
        // The heading is repeated (by CSS, with empty alt text) only when the rows stack as cards on narrow screens.
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in the headings' order: the place is the column
        <td key={index} data-label={headings[index]}>
          {cell}
        </td>
      ))}
      {buttons && (
        <td className="record-actions">
          {actions.allowEdit && (
            <RecordButtonForm {...actions} clientId={row.clientId} intent="edit" className="secondary outline">
              <Icon name="pen" /> {text("Records_Edit")}
              <span className="visually-hidden"> {row.title}</span>
            </RecordButtonForm>
          )}
          {actions.allowDelete && (
            <RecordButtonForm {...actions} clientId={row.clientId} intent="remove" className="secondary outline">
              <Icon name="trash" />{" "}
              {row.attached > 0 ? (
                text("Words_RemoveWithDocuments", { name: row.title, count: row.attached })
              ) : (
                <>
                  {text("Records_Remove")}
                  <span className="visually-hidden"> {row.title}</span>
                </>
              )}
            </RecordButtonForm>
          )}
        </td>
      )}
    </tr>
  );
}
