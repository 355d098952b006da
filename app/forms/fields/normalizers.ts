import type { ComponentName, FieldConfig } from "../definition-schema.ts";
import { normalizeChoice } from "./choice-normalize.ts";
import { normalizeDate } from "./date/date-normalize.ts";
import { normalizeText } from "./text/text-normalize.ts";
import type { NormalizeField } from "./field-kind.ts";

/** What a kind takes as typed: a box's tick, a hidden or file field's value. */
const asTyped: NormalizeField = (_field, typed) => ({ value: typed });

/**
 * Each field kind's reading of what was typed (field-kind.ts NormalizeField) by its SPEC §3
 * componentName; its other parts: index.ts. Apart from them because only the checks need it
 * (validate-step.ts): the browser loads the checks once the page is enhanced, not before it
 * (issue 26, decision 041), and the kind's parts a page renders with stay small.
 */
export const FIELD_NORMALIZERS: Record<ComponentName, NormalizeField> = {
  FormFieldText: normalizeText,
  FormFieldSelect: normalizeChoice,
  FormFieldRadio: normalizeChoice,
  FormFieldCheckbox: asTyped,
  FormFieldDate: normalizeDate,
  FormFieldHidden: asTyped,
  FormFieldFile: asTyped,
};

export function normalizeField(
  field: FieldConfig,
  typed: string,
  context: Parameters<NormalizeField>[2],
): ReturnType<NormalizeField> {
  return FIELD_NORMALIZERS[field.componentName](field, typed, context);
}
