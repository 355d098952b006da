import type { DateOrder } from "#app/i18n/date-order.ts";
import type { ComponentName, FieldConfig } from "../definition-schema.ts";
import type { RecordChoices } from "../options.ts";
import type { RuleFailure } from "../rules.ts";
import { normalizeChoice } from "./choice-normalize.ts";
import { normalizeDate } from "./date/date-normalize.ts";
import { normalizeText } from "./text/text-normalize.ts";

/**
 * How a field kind reads what the claimant typed (a typed, non-empty value): made canonical (its
 * mask, its options, its date rules), or why it is refused. Apart from the kind itself
 * (field-kind.ts) because only the checks need it (validate-step.ts): the browser loads the checks
 * once the page is enhanced, not before it (issue 26), and the kind's parts a page renders with
 * stay small.
 */
export type NormalizeField = (
  field: FieldConfig,
  typed: string,
  context: { maskOverride?: string; choices?: RecordChoices; dateOrder?: DateOrder },
) => { value: string } | RuleFailure;

/** What a kind takes as typed: a box's tick, a hidden or file field's value. */
const asTyped: NormalizeField = (_field, typed) => ({ value: typed });

/** Each field kind's reading by its SPEC §3 componentName (its other parts: index.ts). */
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
