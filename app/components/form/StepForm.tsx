import type { SubmissionResult } from "#app/forms/submission.ts";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { FieldConfig } from "#app/forms/definition-schema.ts";
import { type ModelOnTheWire, withFieldDefaults } from "#app/forms/field-defaults.ts";
import { dependenciesFulfilled } from "#app/forms/dependencies.ts";
import { pageDependencyHints } from "#app/forms/dependency-hint.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import { fieldKind } from "#app/forms/fields/index.ts";
import { fieldsOfBlocks, qualify, resolveField } from "#app/forms/form-definition.ts";
import type { PageDefinition, StepName } from "#app/forms/page-schema.ts";
import { isMarkedRequired } from "#app/forms/required-rules.ts";
import { answerAt, forcedValue, type ModelValues, submittedValue, typedValue } from "#app/forms/field-answers.ts";
import { dateOrderOf } from "#app/i18n/date-order.ts";
import { CAPTCHA_ERROR_NAME, type CaptchaSettings, captchaErrorHref } from "#app/captcha/captcha-fields.ts";
import { useCulture } from "#app/i18n/use-culture.ts";
import { useText } from "#app/i18n/use-text.ts";
import type { RecordChoices } from "#app/forms/options.ts";
import { PageTitle } from "#app/components/PageTitle.tsx";
import { ErrorSummary, type SummaryItem } from "./ErrorSummary.tsx";
import { PageBlocks } from "./PageBlocks.tsx";
import { checkboxQuestions } from "./checkbox-question.ts";
import { portalNow, setPortalNow } from "./portal-clock.ts";
import { useFormErrors } from "./form-errors.ts";
import { useLoadedLater } from "./loaded-later.ts";
import { ErrorsShownContext, StepFormContext, type StepFormState } from "./step-form-context.ts";
import { fieldId } from "./field-id.ts";
import { summaryText } from "./summary-text.ts";

export interface StepFormProps {
  step: StepName;
  page: PageDefinition;
  /** The models this page shows fields of (only those fields), as the loader data carries them. */
  models: ModelOnTheWire[];
  /** Each field's starting value ("model.field" → value). */
  values: Record<string, FieldValue>;
  /** Answers of the other steps, for conditions that look across steps. */
  saved: ModelValues;
  shownValues: Record<string, string>;
  characterWhitelist: string;
  internationalAddresses: boolean;
  /** The server's time when it rendered the page (app/components/form/portal-clock.ts). */
  now: number;
  csrfToken: string;
  action: string;
  lastResult?: SubmissionResult;
  submitLabel: string;
  /** Problems outside this form's fields (a records list short of its minimum, a record refused), each linking to its place. */
  extraErrors?: SummaryItem[];
  /**
   * What the page shows above its form (sign-out, Back, the step caption, the H1, answers or record
   * lists): after the error summary, which comes first in <main> (GOV.UK).
   */
  beforeForm?: React.ReactNode;
  recordChoices?: RecordChoices;
  fileAccept?: string;
  /** The form's captcha, when it has one (its field is among the children): where its error's summary line leads. */
  captcha?: CaptchaSettings;
  children?: React.ReactNode;
}

/** Values of this page's fields as the form holds them now (what the claimant typed so far). */
function currentValues(form: HTMLFormElement, fields: Record<string, FieldConfig>): Record<string, FieldValue> {
  const data = new FormData(form);
  return Object.fromEntries(
    Object.entries(fields).map(([path, field]) => [path, submittedValue(field, data.get(path) ?? undefined)]),
  );
}

/** A text box's or menu's value, or a box's tick. */
function controlValue(element: HTMLInputElement | HTMLSelectElement): string | boolean {
  return element instanceof HTMLInputElement && element.type === "checkbox" ? element.checked : element.value;
}

function setControlValue(element: HTMLInputElement | HTMLSelectElement, value: string | boolean) {
  if (element instanceof HTMLInputElement && element.type === "checkbox") element.checked = value === true;
  else element.value = typeof value === "string" ? value : "";
}

/**
 * A step's form: plain HTML that posts to the route's action without JavaScript; with it, the
 * browser checks it with the server's code (form-errors.ts), and dependent fields hide or show as
 * the claimant answers (SPEC §3 "Dependency settings").
 */
export function StepForm(props: StepFormProps) {
  const text = useText();
  const culture = useCulture();
  const navigation = useNavigation();
  // Once per page the server rendered (not per render: the offset would drift with each one).
  useMemo(() => setPortalNow(props.now), [props.now]);
  const definition = useMemo(
    () => ({ models: withFieldDefaults(props.models), pages: { [props.step]: props.page } }),
    [props.models, props.step, props.page],
  );
  // The same list for the same page's blocks at every render (fieldsOfBlocks keeps it).
  const paths = fieldsOfBlocks(props.page.blocks);
  const fields = useMemo(
    () => Object.fromEntries(paths.map((path) => [path, resolveField(definition, path)!.field])),
    [paths, definition],
  );

  // After a failed POST the inputs start from what was sent, as typed; otherwise from the draft, its
  // dates as the claimant types them (stored month first: decision 034).
  const submitted = props.lastResult?.initialValue as Record<string, Record<string, unknown>> | undefined;
  const startValues = useMemo(() => {
    if (!submitted)
      return Object.fromEntries(
        Object.entries(props.values).map(([path, value]) => [
          path,
          fields[path] ? typedValue(fields[path], value, dateOrderOf(culture)) : value,
        ]),
      );
    return Object.fromEntries(
      paths.map((path) => {
        const [model, key] = path.split(".") as [string, string];
        return [path, submittedValue(fields[path]!, submitted[model]?.[key])];
      }),
    );
  }, [submitted, props.values, paths, fields, culture]);

  /** Another field's answer, as a field of `path`'s model names it, with the form's answers as `values`. */
  const valueAtFor = (values: Record<string, FieldValue>, path: string) => (reference: string) => {
    const model = path.split(".")[0]!;
    // As on the server: without international addresses the country is the US, asked or not.
    return forcedValue(qualify(reference, model), props) ?? answerAt(values, props.saved, model, reference);
  };
  const fulfilledFor = (values: Record<string, FieldValue>) =>
    Object.fromEntries(
      paths.map((path) => [path, dependenciesFulfilled(fields[path]!.dependencies, valueAtFor(values, path))]),
    );
  const requiredFor = (values: Record<string, FieldValue>) =>
    Object.fromEntries(
      paths.map((path) => [path, isMarkedRequired(fields[path]!.validations, valueAtFor(values, path))]),
    );
  const [fulfilled, setFulfilled] = useState(() => fulfilledFor(startValues));
  const [required, setRequired] = useState(() => requiredFor(startValues));
  const [enhanced, setEnhanced] = useState(false);

  // The checks come after the page is enhanced: until then the server checks (form-errors.ts).
  const checks = useLoadedLater(() => import("./browser-checks.ts"));
  const form = useFormErrors(props.lastResult, paths, (formData) => {
    if (!checks.current) return undefined;
    const submission = checks.current.parseStep(
      formData,
      definition,
      props.step,
      {
        characterWhitelist: props.characterWhitelist,
        internationalAddresses: props.internationalAddresses,
        now: portalNow(),
        side: "client",
        saved: props.saved,
        dateOrder: dateOrderOf(culture),
      },
      text,
    );
    return submission.error ?? {};
  });

  const [summaryKey, setSummaryKey] = useState(0);
  const extraErrors = props.extraErrors ?? [];
  const [showSummary, setShowSummary] = useState(!!props.lastResult?.error);
  const questions = useMemo(() => checkboxQuestions(props.page.blocks, fields), [props.page.blocks, fields]);
  const errors = Object.fromEntries(paths.map((path) => [path, form.errors[path]?.[0]]));
  // Besides the fields': the form's own errors (credentials matching no one) and the captcha's.
  const formErrors = form.errors[""] ?? [];
  const captchaError = form.errors[CAPTCHA_ERROR_NAME]?.[0];
  const firstField = paths.find((path) => fieldKind(fields[path]!).visible);
  // The form's own problems once it was submitted; the others' (a record refused) as they come.
  const summary = [
    ...(showSummary
      ? [
          ...formErrors.map((message) => ({
            href: firstField ? `#${fieldId(firstField)}` : "#main-content",
            text: message,
          })),
          ...paths
            .filter((path) => errors[path])
            .flatMap((path) => {
              // A box's error is its question's, once, linking to the question's first box.
              const question = questions.get(path);
              if (!question)
                return [{ href: `#${fieldId(path)}`, text: summaryText(text(fields[path]!.label), errors[path]!) }];
              if (question.paths.find((box) => errors[box]) !== path) return [];
              return [
                { href: `#${fieldId(question.paths[0]!)}`, text: summaryText(text(question.legend), errors[path]!) },
              ];
            }),
          ...(captchaError
            ? [{ href: captchaErrorHref(props.captcha), text: summaryText(text("Captcha_Legend"), captchaError) }]
            : []),
        ]
      : []),
    ...extraErrors,
  ];

  // Without JavaScript every dependent field is on the page, with a hint saying when it applies;
  // conditions on what the portal sets itself (the country, without international addresses) are
  // settled already: a field they rule out is not shown, and no hint names them.
  const { internationalAddresses } = props;
  const { dependencyHints, neverApplies } = pageDependencyHints(
    definition,
    paths,
    text,
    culture,
    internationalAddresses,
  );

  // What a field held when its dependency stopped being met, to show again if it is met again.
  const keptWhileUnmet = useRef(new Map<string, string | boolean>());

  /**
   * With JS: re-evaluate dependencies, and reset fields whose dependency state changed (SPEC §4
   * "Fields"): emptied when it stops being met, so nothing hidden is sent; when it is met again, the
   * default if the field resets on fulfilment, else what it held before (decision 035: a country
   * changed and changed back does not lose the state, ZIP and phone, prefilled or typed).
   */
  const applyAnswers = (form: HTMLFormElement) => {
    const values = currentValues(form, fields);
    const next = fulfilledFor(values);
    for (const path of paths) {
      const dependencies = fields[path]!.dependencies;
      if (!dependencies || next[path] === fulfilled[path]) continue;
      const element = form.elements.namedItem(path);
      if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement)) continue;
      if (element.type === "hidden") continue;
      const defaultValue = fields[path]!.defaultValue;
      const empty =
        element.type === "checkbox" ? defaultValue === true : typeof defaultValue === "string" ? defaultValue : "";
      if (!next[path]) {
        keptWhileUnmet.current.set(path, controlValue(element));
        if (dependencies.resetOnUnfulfilled) setControlValue(element, empty);
      } else {
        const kept = keptWhileUnmet.current.get(path);
        keptWhileUnmet.current.delete(path);
        if (dependencies.resetOnFulfilled) setControlValue(element, empty);
        else if (kept !== undefined) setControlValue(element, kept);
      }
    }
    // Re-render only when a dependency actually changed: not on every keystroke of every field.
    if (paths.some((path) => next[path] !== fulfilled[path])) setFulfilled(next);
    const nextRequired = requiredFor(values);
    if (paths.some((path) => nextRequired[path] !== required[path])) setRequired(nextRequired);
  };

  // Once hydrated, the form as the claimant left it: an answer changed before the scripts ran (a
  // country chosen on a slow network) shows and hides the questions it settles, as if just given.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form has hydrated
  useEffect(() => {
    setEnhanced(true);
    const form = document.getElementById(`step-${props.step}`);
    if (form instanceof HTMLFormElement) applyAnswers(form);
  }, []);

  const state: StepFormState = {
    fields,
    values: startValues,
    errors,
    fulfilled,
    required,
    enhanced,
    dependencyHints,
    neverApplies,
    internationalAddresses: props.internationalAddresses,
    recordChoices: props.recordChoices,
    fileAccept: props.fileAccept,
    inServerMarkup: true,
  };
  // Disabled while a submission (or the navigation after it) runs: no second submission meanwhile.
  const busy = navigation.state !== "idle";
  return (
    <>
      <PageTitle titleKey={props.page.title} errors={summary.length > 0} />
      <ErrorSummary
        items={summary}
        focusKey={`${summaryKey}-${props.lastResult ? JSON.stringify(props.lastResult.error) : ""}-${JSON.stringify(extraErrors)}`}
      />
      <ErrorsShownContext.Provider value={summary.length > 0}>{props.beforeForm}</ErrorsShownContext.Provider>
      <StepFormContext.Provider value={state}>
        <Form
          method="post"
          action={props.action}
          id={`step-${props.step}`}
          // The portal's own checks and messages, not the browser's.
          noValidate
          // Input events, as the claimant types (React's onChange on a form; on Preact a form's
          // change event comes only when a field is left: decision 036).
          onInput={(event) => {
            applyAnswers(event.currentTarget);
            form.onInput(event);
          }}
          onSubmit={(event) => {
            setShowSummary(true);
            setSummaryKey((key) => key + 1);
            form.onSubmit(event);
          }}
          className="step-form"
        >
          <input type="hidden" name="csrf" value={props.csrfToken} />
          <p className="required-note">{text("Form_RequiredNote")}</p>
          <PageBlocks blocks={props.page.blocks} shownValues={props.shownValues} />
          {props.children}
          <div className="step-actions">
            <button type="submit" name="intent" value="continue" disabled={busy} aria-busy={busy || undefined}>
              {props.submitLabel}
            </button>
          </div>
        </Form>
      </StepFormContext.Provider>
    </>
  );
}
