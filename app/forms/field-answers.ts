import { storedAsTyped } from "./claimant-dates.ts";
import type { DateOrder } from "#app/i18n/date-order.ts";
import type { FieldConfig } from "./definition-schema.ts";
import type { FieldValue } from "./field-value.ts";
import { ADDRESS_FIELDS } from "./blocks/index.ts";
import { qualify } from "./form-definition.ts";
import { fieldKind } from "./fields/index.ts";

/** Answers by model and field: { claimantInfo: { firstName: "Ana" } }. */
export type ModelValues = Record<string, Record<string, FieldValue>>;

/** A posted form value as a field value, as its kind reads it: checkboxes are booleans, blank text is "not answered". */
export function submittedValue(field: FieldConfig, raw: unknown): FieldValue {
  return fieldKind(field).read(field, raw);
}

/**
 * A stored answer as its field shows it to the claimant: the days of a date in their culture's
 * order (decision 034), the rest as stored. What was just typed is shown as typed, not through this.
 */
export function typedValue(field: FieldConfig, stored: FieldValue, order: DateOrder): FieldValue {
  return typeof stored === "string" && fieldKind(field).holdsDate(field) ? storedAsTyped(stored, order) : stored;
}

/**
 * Another field's answer, as a field of `model` names it (its own key, or "model.field"): the
 * form's answer if the form has the field, else the claimant's saved one.
 */
export function answerAt(
  values: Record<string, FieldValue>,
  saved: ModelValues,
  model: string,
  reference: string,
): FieldValue {
  const qualified = qualify(reference, model);
  if (qualified in values) return values[qualified] ?? null;
  const [owner, key] = qualified.split(".") as [string, string];
  return saved[owner]?.[key] ?? null;
}

/** Without international addresses every address is in the US (the page then asks for no country). */
export function forcedValue(path: string, context: { internationalAddresses: boolean }): FieldValue | undefined {
  return !context.internationalAddresses && path.endsWith(`.${ADDRESS_FIELDS.country}`) ? "US" : undefined;
}
