import { isUploadField } from "#app/forms/fields/index.ts";
import { isMarkedRequired } from "#app/forms/required-rules.ts";
import { type FocusEvent, useMemo, useState } from "react";
import { Form, useFetcher } from "react-router";
import { FieldControl } from "#app/components/fields/FieldControl.tsx";
import { StepFormContext, type StepFormState } from "#app/components/form/step-form-context.ts";
import { useLoadedLater } from "#app/components/form/loaded-later.ts";
import type { RecordChoices } from "#app/forms/options.ts";
import { answerAt, type ModelValues, typedValue } from "#app/forms/field-answers.ts";
import { dateOrderOf } from "#app/i18n/date-order.ts";
import { useCulture } from "#app/i18n/use-culture.ts";
import { useText } from "#app/i18n/use-text.ts";
import type { RecordFailure } from "#app/records/record-actions.server.ts";
import type { RecordsView } from "#app/records/records-view.server.ts";
import { portalNow } from "#app/components/form/portal-clock.ts";

export interface RecordFormSettings {
  action: string;
  csrfToken: string;
  characterWhitelist: string;
  internationalAddresses: boolean;
  /** The claim's answers so far, for conditions across models. */
  saved: ModelValues;
  recordChoices: RecordChoices;
  fileAccept: string;
  /** With JavaScript: what the browser found wrong when Save or Upload was pressed ({} once it finds nothing), for the page's error summary. */
  onChecked?: (errors: Record<string, string>) => void;
}

/**
 * The open draft of a records block, in a form of its own: Save (or Upload, for a document) is its
 * first button, so Enter in any of its fields presses it (SPEC §4), with or without JavaScript.
 * With JavaScript, a table's draft is also saved when focus leaves it and it validates; an upload
 * is checked first and nothing is sent while the draft is invalid (SPEC §5).
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
  const fetcher = useFetcher<{ recordFailure?: RecordFailure }>();
  const draft = view.draft!;
  const { block, model } = view;
  const paths = view.fields;
  const fields = useMemo(
    () => Object.fromEntries(paths.map((path) => [path, model.fields[path.split(".")[1]!]!])),
    [paths, model],
  );
  const hasFile = Object.values(model.fields).some(isUploadField);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | undefined>();
  const shownFailure = fetcher.data?.recordFailure ?? failure;
  const errors = clientErrors ?? shownFailure?.errors ?? {};
  // What was just sent, as typed; else the record's stored answers, as the claimant types them.
  const values = shownFailure
    ? Object.fromEntries(paths.map((path) => [path, shownFailure.values[path] ?? null]))
    : Object.fromEntries(
        Object.entries(draft.values).map(([path, value]) => [
          path,
          fields[path] ? typedValue(fields[path], value, dateOrderOf(culture)) : value,
        ]),
      );

  // The checks come after the page is enhanced: until then the server checks (form-errors.ts).
  const checks = useLoadedLater(() => import("#app/components/form/browser-checks.ts"));
  const check = (form: HTMLFormElement) => {
    if (!checks.current) return undefined;
    const { validateRecord, failureText } = checks.current;
    const data = new FormData(form);
    const result = validateRecord(block, model, (name) => data.get(name) ?? undefined, {
      characterWhitelist: settings.characterWhitelist,
      internationalAddresses: settings.internationalAddresses,
      now: portalNow(),
      side: "client",
      saved: settings.saved,
      recordChoices: settings.recordChoices,
      dateOrder: dateOrderOf(culture),
    });
    return Object.fromEntries(
      Object.entries(result.errors).map(([path, failures]) => [path, failureText(text, failures[0]!)]),
    );
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    // Only when focus leaves the whole row, and not for a document (its file is sent by Upload).
    if (hasFile || event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    const form = event.currentTarget;
    const found = check(form) ?? {};
    const invalid = Object.keys(found).length > 0;
    // Without client errors the server's answer (if any) shows.
    setClientErrors(invalid ? found : undefined);
    if (invalid) return;
    const data = new FormData(form);
    data.set("intent", "save");
    void fetcher.submit(data, { method: "post", action: settings.action });
  };

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
    enhanced: true,
    inServerMarkup: false,
    dependencyHints: {},
    neverApplies: new Set(),
    internationalAddresses: settings.internationalAddresses,
    recordChoices: settings.recordChoices,
    fileAccept: settings.fileAccept,
  };
  return (
    <Form
      method="post"
      action={settings.action}
      encType={hasFile ? "multipart/form-data" : undefined}
      className="record-draft"
      noValidate
      onBlur={onBlur}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (submitter?.getAttribute("value") === "cancel") return;
        // Not checked here while the checks are on their way: the server's answer says.
        const found = check(event.currentTarget) ?? {};
        if (
          hasFile &&
          !(event.currentTarget.elements.namedItem(`${block.model}.file`) as HTMLInputElement | null)?.files?.length &&
          !draft.editing
        ) {
          found[`${block.model}.file`] = text("Documents_ChooseFile");
        }
        const invalid = Object.keys(found).length > 0;
        setClientErrors(invalid ? found : undefined);
        settings.onChecked?.(found);
        if (invalid) event.preventDefault();
      }}
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
    </Form>
  );
}
