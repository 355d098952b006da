import type { ReactNode } from "react";
import type { FieldConfig } from "#app/forms/definition-schema.ts";
import { useTexts } from "#app/i18n/texts-context.ts";
import { useText } from "#app/i18n/use-text.ts";
import { KeptMarkup } from "../KeptMarkup.tsx";
import { fieldId } from "./field-id.ts";
import { useInCheckboxQuestion, useStepForm } from "./step-form-context.ts";

export interface FieldMeta {
  id: string;
  path: string;
  field: FieldConfig;
  /** The field's own hint, or for a date without one an example of the format (GOV.UK: every date has one). */
  hint?: string;
  error?: string;
  /** Ids for aria-describedby: hint, dependency hint and error, those present. */
  describedBy?: string;
  /** Marked required (`*`, aria-required): required by its rules, and applying as the answers stand. */
  required: boolean;
  /** Hidden (or disabled) because its dependencies are unmet (with JS) or can never be met (without). */
  hidden: boolean;
  disabled: boolean;
}

/**
 * A date without a hint of its own gets an example of what to type, by its picker's mode, in the
 * claimant's order: the one place its format is said (decision 034).
 */
function exampleHint(field: FieldConfig): string | undefined {
  if (field.componentName === "FormFieldText" && field.maskName === "SLASH_DELIMITED_FULL_DATE")
    return "Hint_DateExample";
  if (field.componentName !== "FormFieldDate" || field.hasTimePicker) return undefined;
  const mode = field.picker?.mode ?? "single";
  return mode === "range" ? "Hint_DateRangeExample" : mode === "multiple" ? "Hint_DatesExample" : "Hint_DateExample";
}

/** Everything a field component needs to render its control accessibly. */
export function useFieldMeta(path: string): FieldMeta {
  const state = useStepForm();
  const field = state.fields[path];
  if (!field) throw new Error(`Field ${path} is not part of this step`);
  const id = fieldId(path);
  // A box of a checkbox question leaves its error to the question (checkbox-question.ts).
  const error = useInCheckboxQuestion() ? undefined : state.errors[path];
  // Only what can never apply (the rest carry a hint; with scripts, the step pages' enhancer hides
  // or disables them as the answers stand).
  const unmet = field.dependencies && state.neverApplies.has(path);
  const hint = field.hint ?? exampleHint(field);
  const described = [
    hint && `${id}-hint`,
    state.dependencyHints[path] && `${id}-applies`,
    error && `${id}-error`,
  ].filter(Boolean);
  return {
    id,
    path,
    field,
    hint,
    error,
    describedBy: described.length ? described.join(" ") : undefined,
    // A field asked only in some cases is marked required only while it applies, as the answers on
    // the page (saved, or just posted) stand; else its dependency hint says when to answer it. With
    // scripts, the enhancer's marks follow the answers as they change.
    required:
      !field.disableRequiredStyling &&
      state.required[path] === true &&
      (!field.dependencies || state.fulfilled[path] !== false),
    hidden: !!unmet && field.dependencies!.hideWhenUnfulfilled && !field.dependencies!.disable,
    disabled: !!unmet && field.dependencies!.disable,
  };
}

/** " *" for the eye, "(required)" for a screen reader: the same beside every such question of a culture, so kept. */
export function RequiredMark({ required }: { required: boolean }) {
  const { text, culture } = useTexts();
  return required ? (
    <KeptMarkup as="span" className="required-mark" cacheKey={`required-mark ${culture}`}>
      <span aria-hidden="true"> *</span>
      <span className="visually-hidden"> {text("Form_Required")}</span>
    </KeptMarkup>
  ) : null;
}

/** Hint, dependency hint and error message of a field, each with the id its input points to. */
export function FieldNotes({ meta }: { meta: FieldMeta }) {
  const text = useText();
  const state = useStepForm();
  const applies = state.dependencyHints[meta.path];
  return (
    <>
      {meta.hint && (
        <div id={`${meta.id}-hint`} className="field-hint">
          {text(meta.hint)}
        </div>
      )}
      {applies && (
        <div id={`${meta.id}-applies`} className="field-hint field-applies">
          {applies}
        </div>
      )}
      {meta.error && (
        <p id={`${meta.id}-error`} className="field-error">
          <span className="visually-hidden">{text("Form_ErrorPrefix")} </span>
          {meta.error}
        </p>
      )}
    </>
  );
}

/** A single-control field: label, the control, notes. Hidden with JS when its dependencies are unmet. */
export function FieldShell({ meta, children, label }: { meta: FieldMeta; children: ReactNode; label?: ReactNode }) {
  const text = useText();
  return (
    <div className={`field${meta.error ? " field-invalid" : ""}`} hidden={meta.hidden} data-field={meta.path}>
      <label htmlFor={meta.id}>
        {label ?? text(meta.field.label)}
        <RequiredMark required={meta.required} />
      </label>
      {children}
      <FieldNotes meta={meta} />
    </div>
  );
}
