import type { SubmissionResult } from "#app/forms/submission.ts";
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
import { errorsGiven } from "./checked-fields.ts";
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
  internationalAddresses: boolean;
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

/**
 * A step's form, as the server renders it: plain HTML that posts to the route's action, whole
 * without JavaScript. Every dependent question is on the page with a hint saying when it applies;
 * with scripts, the step pages' enhancer (app/client/step-form/) hides or shows them as the claimant
 * answers (SPEC §3 "Dependency settings"), and checks the form with the server's code first.
 */
export function StepForm(props: StepFormProps) {
  const text = useText();
  const culture = useCulture();
  const definition = { models: withFieldDefaults(props.models), pages: { [props.step]: props.page } };
  const paths = fieldsOfBlocks(props.page.blocks);
  const fields = Object.fromEntries(paths.map((path) => [path, resolveField(definition, path)!.field]));

  // After a failed POST the inputs start from what was sent, as typed; otherwise from the draft, its
  // dates as the claimant types them (stored month first: decision 034).
  const submitted = props.lastResult?.initialValue as Record<string, Record<string, unknown>> | undefined;
  const values = submitted
    ? Object.fromEntries(
        paths.map((path) => {
          const [model, key] = path.split(".") as [string, string];
          return [path, submittedValue(fields[path]!, submitted[model]?.[key])];
        }),
      )
    : Object.fromEntries(
        Object.entries(props.values).map(([path, value]) => [
          path,
          fields[path] ? typedValue(fields[path], value, dateOrderOf(culture)) : value,
        ]),
      );

  /** Another field's answer, as a field of `path`'s model names it. */
  const valueAt = (path: string) => (reference: string) => {
    const model = path.split(".")[0]!;
    // As in the server's checks: without international addresses the country is the US, asked or not.
    return forcedValue(qualify(reference, model), props) ?? answerAt(values, props.saved, model, reference);
  };
  const required = Object.fromEntries(
    paths.map((path) => [path, isMarkedRequired(fields[path]!.validations, valueAt(path))]),
  );
  const fulfilled = Object.fromEntries(
    paths.map((path) => [path, dependenciesFulfilled(fields[path]!.dependencies, valueAt(path))]),
  );

  const givenErrors = errorsGiven(props.lastResult?.error);
  const questions = checkboxQuestions(props.page.blocks, fields);
  const errors = Object.fromEntries(paths.map((path) => [path, givenErrors[path]?.[0]]));
  // Besides the fields': the form's own errors (credentials matching no one) and the captcha's.
  const formErrors = givenErrors[""] ?? [];
  const captchaError = givenErrors[CAPTCHA_ERROR_NAME]?.[0];
  const firstField = paths.find((path) => fieldKind(fields[path]!).visible);
  // The form's own problems, then the others' (a record refused).
  const summary = [
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
        return [{ href: `#${fieldId(question.paths[0]!)}`, text: summaryText(text(question.legend), errors[path]!) }];
      }),
    ...(captchaError
      ? [{ href: captchaErrorHref(props.captcha), text: summaryText(text("Captcha_Legend"), captchaError) }]
      : []),
    ...(props.extraErrors ?? []),
  ];

  // Every dependent field is on the page, with a hint saying when it applies; conditions on what
  // the portal sets itself (the country, without international addresses) are settled already: a
  // field they rule out is not shown, and no hint names them.
  const { dependencyHints, neverApplies } = pageDependencyHints(
    definition,
    paths,
    text,
    culture,
    props.internationalAddresses,
  );

  const state: StepFormState = {
    fields,
    values,
    errors,
    fulfilled,
    required,
    dependencyHints,
    neverApplies,
    internationalAddresses: props.internationalAddresses,
    recordChoices: props.recordChoices,
    fileAccept: props.fileAccept,
  };
  return (
    <>
      <PageTitle titleKey={props.page.title} errors={summary.length > 0} />
      <ErrorSummary items={summary} />
      <ErrorsShownContext.Provider value={summary.length > 0}>{props.beforeForm}</ErrorsShownContext.Provider>
      <StepFormContext.Provider value={state}>
        {/* The portal's own checks and messages, not the browser's. */}
        <form method="post" action={props.action} id={`step-${props.step}`} noValidate className="step-form">
          <input type="hidden" name="csrf" value={props.csrfToken} />
          <p className="required-note">{text("Form_RequiredNote")}</p>
          <PageBlocks blocks={props.page.blocks} shownValues={props.shownValues} />
          {props.children}
          <div className="step-actions">
            <button type="submit" name="intent" value="continue">
              {props.submitLabel}
            </button>
          </div>
        </form>
      </StepFormContext.Provider>
    </>
  );
}
