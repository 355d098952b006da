import { createContext, useContext } from "react";
import type { FieldConfig } from "#app/forms/definition-schema.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import type { RecordChoices } from "#app/forms/options.ts";

/** What the field components of one step form share: definitions, values, errors, dependencies. */
export interface StepFormState {
  /** "model.field" → its definition. */
  fields: Record<string, FieldConfig>;
  /** The value each input starts with: the claimant's last submission, else the draft, else the default. */
  values: Record<string, FieldValue>;
  /** First error per field, already in the claimant's language. */
  errors: Record<string, string | undefined>;
  /** Whether each dependent field's conditions hold as the answers on the page stand. */
  fulfilled: Record<string, boolean>;
  /** Whether each field is marked required as the answers stand (a rule asks for it: rules.ts isMarkedRequired). */
  required: Record<string, boolean>;
  /** Plain-language "answer this only if …" for dependent fields. */
  dependencyHints: Record<string, string>;
  /** Dependent fields that can never apply here (they need a country other than the US, with international addresses off). */
  neverApplies: ReadonlySet<string>;
  internationalAddresses: boolean;
  /** Options from the claimant's records: a receipt's expense. */
  recordChoices?: RecordChoices;
  /** The file picker's accepted extensions (".pdf,.jpg,…"). */
  fileAccept?: string;
}

export const StepFormContext = createContext<StepFormState | null>(null);

/**
 * Whether the form shows errors (its summary has any), for what is shown before it: a notice of
 * the last step saved is no news beside errors, and would push the heading off a phone's screen.
 */
export const ErrorsShownContext = createContext(false);

export function useStepForm(): StepFormState {
  const state = useContext(StepFormContext);
  if (!state) throw new Error("Field components must be rendered inside a StepForm");
  return state;
}

/** Inside a checkbox question (checkbox-question.ts): its boxes leave the error to the question. */
export const InCheckboxQuestion = createContext(false);

export function useInCheckboxQuestion(): boolean {
  return useContext(InCheckboxQuestion);
}
