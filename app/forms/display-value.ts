import type { Translate } from "#app/i18n/i18n.ts";
import type { FieldConfig } from "./definition-schema.ts";
import type { FieldValue } from "./field-value.ts";
import { fieldKind } from "./fields/index.ts";
import type { RecordChoices } from "./options.ts";

/** An answer as the claimant reads it back, as its kind shows it: option labels, Yes/No, "$1,250.50", or "Not answered". */
export function displayValue(field: FieldConfig, value: FieldValue, text: Translate, culture: string, choices?: RecordChoices): string {
  return fieldKind(field).display(field, value, { text, culture, choices });
}
