import { type FieldKind, noChecks } from "../field-kind.ts";

/**
 * SPEC §3 FormFieldHidden: a value the definition sets (a program code), sent with the form while
 * its dependencies hold. Claimants cannot set it: whatever is posted, its value is the definition's.
 */
export const hiddenKind: FieldKind = {
  visible: false,
  upload: false,
  read: (field) => field.defaultValue,
  holdsDate: () => false,
  startValue: (field) => field.defaultValue,
  display: (_field, value) => (value === null ? "" : String(value)),
  check: noChecks,
};
