import type { Translate } from "#app/i18n/i18n.ts";
import type { FieldConfig } from "./definition-schema.ts";
import type { FieldValue } from "./field-value.ts";
import { fieldOptions, type RecordChoices } from "./options.ts";
import { countryName } from "./places.ts";

/** An answer as the claimant reads it back: option labels, Yes/No, or "Not answered". */
export function displayValue(field: FieldConfig, value: FieldValue, text: Translate, culture: string, choices?: RecordChoices): string {
  if (field.componentName === "FormFieldCheckbox") return text(value === true ? "Answer_Yes" : "Answer_No");
  if (value === null || value === "") return text("Value_NotAnswered");
  if (field.optionsSource === "countries") return countryName(String(value), culture);
  const option = fieldOptions(field, choices).find((candidate) => candidate.value === value);
  return option ? (field.optionsSource === "claimTransactions" ? option.label : text(option.label)) : String(value);
}
