import type { Translate } from "#app/i18n/i18n.ts";
import type { FieldConfig } from "./definition-schema.ts";
import { dependenciesFulfilled } from "./dependencies.ts";
import { displayValue } from "./display-value.ts";
import { fieldKind } from "./fields/index.ts";
import { type FormDefinition, qualify, resolveField } from "./form-definition.ts";
import type { ModelValues } from "./field-answers.ts";

/** A field that only repeats another to catch typing errors ("Confirm email address"): not an answer of its own. */
const repeatsAnotherField = (field: FieldConfig) =>
  field.validations?.some((validation) => validation.type === "equalTo") ?? false;

/** One answer as the claimant reads it back: its question and its answer (GOV.UK "Check answers"). */
export interface AnswerRow {
  path: string;
  label: string;
  value: string;
}

/**
 * The answers of these fields ("model.field") as the claimant would write them: without hidden
 * fields, fields that do not apply and the "Confirm …" repeats; a blank optional one "Not given".
 * The claim summary's, the confirmation's, and the change of address's current details.
 */
export function answerRows(
  definition: Pick<FormDefinition, "models">,
  paths: string[],
  models: ModelValues,
  text: Translate,
  culture: string,
): AnswerRow[] {
  return paths.flatMap((path) => {
    const { field, modelKey } = resolveField(definition, path)!;
    const valueAt = (reference: string) => {
      const [model, key] = qualify(reference, modelKey).split(".") as [string, string];
      return models[model]?.[key] ?? null;
    };
    if (!fieldKind(field).visible || !dependenciesFulfilled(field.dependencies, valueAt)) return [];
    if (repeatsAnotherField(field)) return [];
    const [model, key] = path.split(".") as [string, string];
    const value = models[model]?.[key] ?? null;
    const shown = value === null || value === "" ? text("Value_NotGiven") : displayValue(field, value, text, culture);
    return [{ path, label: text(field.label), value: shown }];
  });
}
