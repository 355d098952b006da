import type { Translate } from "#app/i18n/i18n.ts";
import type { FieldConfig } from "./definition-schema.ts";
import type { FieldValue } from "./field-value.ts";
import { maskFor, shownAs } from "./masks/index.ts";
import { fieldOptions, type RecordChoices } from "./options.ts";
import { countryName } from "./places.ts";

/** An answer as the claimant reads it back: option labels, Yes/No, or "Not answered". */
export function displayValue(field: FieldConfig, value: FieldValue, text: Translate, culture: string, choices?: RecordChoices): string {
  if (field.componentName === "FormFieldCheckbox") return text(value === true ? "Answer_Yes" : "Answer_No");
  if (value === null || value === "") return text("Value_NotAnswered");
  if (field.optionsSource === "countries") return countryName(String(value), culture);
  const option = fieldOptions(field, choices).find((candidate) => candidate.value === value);
  if (option) return field.optionsSource === "claimTransactions" ? option.label : text(option.label);
  if (field.componentName !== "FormFieldText") return String(value);
  // As the claimant would write it, with the field's own $ or +1: "$1,250.50", "+1 (206) 555-0100".
  const shown = shownAs(maskFor(field.maskName), String(value));
  const prefix = field.inputGroupConfig?.prependedText ? text(field.inputGroupConfig.prependedText) : "";
  const suffix = field.inputGroupConfig?.appendedText ? ` ${text(field.inputGroupConfig.appendedText)}` : "";
  // A symbol sits against the number ($1,250.50); a word or a code has a space after it (+1 (206) …).
  return `${prefix}${/[\p{L}\p{N}]$/u.test(prefix) ? " " : ""}${shown}${suffix}`;
}
