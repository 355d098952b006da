import type { Translate } from "#app/i18n/i18n.ts";
import type { FieldConfig } from "./definition-schema.ts";
import type { FieldValue } from "./field-value.ts";
import { fieldKind } from "./fields/index.ts";
import type { RecordChoices } from "./options.ts";
import { isSensitive, maskedAnswer } from "./sensitive-fields.ts";

/**
 * An answer as the claimant reads it back, as its kind shows it: option labels, Yes/No,
 * "$1,250.50", or "Not answered"; a sensitive one only by its last characters ("Ending in 6789").
 */
export function displayValue(
  field: FieldConfig,
  value: FieldValue,
  text: Translate,
  culture: string,
  choices?: RecordChoices,
): string {
  if (isSensitive(field) && value !== null && value !== "") return maskedAnswer(value, text);
  return fieldKind(field).display(field, value, { text, culture, choices });
}
