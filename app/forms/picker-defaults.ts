import type { FieldConfig } from "./definition-schema.ts";

export type Picker = NonNullable<FieldConfig["picker"]>;

/**
 * SPEC §9 picker defaults. A module of its own: the date mask takes its years (masks/full-date.ts),
 * which a form renders with, while the picker's rules (date-entry.ts) are only the checks'.
 */
export const DEFAULT_PICKER: Picker = {
  mode: "single",
  disabledDates: [],
  disabledWeekdays: [],
  yearRange: [1900, 2100],
};
