import { isUploadField } from "#app/forms/fields/index.ts";
import { isMarkedRequired } from "#app/forms/required-rules.ts";
import { FieldControl } from "#app/components/fields/FieldControl.tsx";
import { StepFormContext, type StepFormState } from "#app/components/form/step-form-context.ts";
import type { RecordChoices } from "#app/forms/options.ts";
import { answerAt, type ModelValues, typedValue } from "#app/forms/field-answers.ts";
import { dateOrderOf } from "#app/i18n/date-order.ts";
import { useCulture } from "#app/i18n/use-culture.ts";
import { useText } from "#app/i18n/use-text.ts";
import type { RecordFailure } from "#app/records/record-actions.server.ts";
import type { RecordsView } from "#app/records/records-view.server.ts";

export interface RecordFormSettings {
  action: string;
  csrfToken: string;
  internationalAddresses: boolean;
  /** The claim's answers so far, for conditions across models. */
  saved: ModelValues;
  recordChoices: RecordChoices;
  fileAccept: string;
}

/**
 * The open draft of a records block, in a form of its own: Save (or Upload, for a document) is its
 * first button, so Enter in any of its fields presses it (SPEC §4), with or without JavaScript.
 * With JavaScript, the step pages' enhancer also saves a table's draft when focus leaves it and it
 * validates, and checks an upload first: nothing is sent while the draft is invalid (SPEC §5;
 * app/client/step-form/records.ts).
 */
export function RecordDraftForm({
  view,
  settings,
  failure,
}: {
  view: RecordsView;
  settings: RecordFormSettings;
  failure?: RecordFailure;
}) {
  const text = useText();
  const culture = useCulture();
  const draft = view.draft!;
  const { block, model } = view;
  const paths = view.fields;
  const fields = Object.fromEntries(paths.map((path) => [path, model.fields[path.split(".")[1]!]!]));
  const hasFile = Object.values(model.fields).some(isUploadField);
  const errors = failure?.errors ?? {};
  // What was just sent, as typed; else the record's stored answers, as the claimant types them.
  const values = failure
    ? Object.fromEntries(paths.map((path) => [path, failure.values[path] ?? null]))
    : Object.fromEntries(
        Object.entries(draft.values).map(([path, value]) => [
          path,
          fields[path] ? typedValue(fields[path], value, dateOrderOf(culture)) : value,
        ]),
      );

  const state: StepFormState = {
    fields,
    values,
    errors,
    fulfilled: {},
    // As the record's answers stand when it opens.
    required: Object.fromEntries(
      paths.map((path) => [
        path,
        isMarkedRequired(fields[path]!.validations, (reference) =>
          answerAt(values, settings.saved, path.split(".")[0]!, reference),
        ),
      ]),
    ),
    dependencyHints: {},
    neverApplies: new Set(),
    internationalAddresses: settings.internationalAddresses,
    recordChoices: settings.recordChoices,
    fileAccept: settings.fileAccept,
  };
  return (
    <form
      method="post"
      action={settings.action}
      encType={hasFile ? "multipart/form-data" : undefined}
      className="record-draft"
      noValidate
    >
      {/* The token comes first: the server stores a file only after a valid one. */}
      <input type="hidden" name="csrf" value={settings.csrfToken} />
      <input type="hidden" name="records" value={block.model} />
      <input type="hidden" name="record" value={draft.clientId} />
      <fieldset>
        <legend>{draft.title}</legend>
        <StepFormContext.Provider value={state}>
          {paths.map((path) => (
            <FieldControl key={path} path={path} />
          ))}
        </StepFormContext.Provider>
        <div className="record-draft-actions">
          {/* Secondary: the page has one primary action, Continue (GOV.UK service standard). */}
          <button type="submit" name="intent" value={hasFile ? "upload" : "save"} className="secondary">
            {text(hasFile ? "Documents_Upload" : "Records_Save")}
          </button>
          {(draft.stored || draft.editing) && (
            <button type="submit" name="intent" value="cancel" className="secondary outline">
              {text("Records_Cancel")}
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
