import type { FieldConfig } from "./definition-schema.ts";
import { type FieldValue, isEmpty } from "./field-value.ts";
import { fieldKind } from "./fields/index.ts";

/** Data the class-member list holds for an authorized claimant, by key ("FirstName", "VIN", …). */
export type PrepopulatedData = Record<string, string>;

/**
 * The value a field starts with (SPEC §4 "Fields"): a prepopulated value is adopted only if the
 * claimant never edited the field (unless overrideEverDirtyFieldConstraint) and its value is empty
 * or still the default; the default applies when the value is empty.
 */
export function initialFieldValue(
  field: FieldConfig,
  current: FieldValue | undefined,
  prepopulated: PrepopulatedData | undefined,
  everEdited: boolean,
): FieldValue {
  const value = current ?? null;
  const prepopulatedValue = field.prepopulatedDataKey ? prepopulated?.[field.prepopulatedDataKey] : undefined;
  const mayAdopt = !everEdited || field.overrideEverDirtyFieldConstraint;
  if (
    prepopulatedValue !== undefined &&
    prepopulatedValue !== "" &&
    mayAdopt &&
    (isEmpty(value) || value === field.defaultValue)
  ) {
    return prepopulatedValue;
  }
  return fieldKind(field).startValue(field, value);
}
