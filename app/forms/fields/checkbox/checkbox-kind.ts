import type { FieldKind } from "../field-kind.ts";
import { noChecks } from "../field-kind.ts";

/** SPEC §3 FormFieldCheckbox: ticked is true, and unticked (sent as nothing) false: both are answers. */
export const checkboxKind: FieldKind = {
  visible: true,
  upload: false,
  read: (_field, posted) => {
    const raw = Array.isArray(posted) ? posted[posted.length - 1] : posted;
    return raw === "on" || raw === "true" || raw === true;
  },
  holdsDate: () => false,
  // Never answered: its default (ticked when that is true, SPEC §4 "Default applied when empty"); false is an answer.
  startValue: (field, saved) => (saved === null ? field.defaultValue === true : saved),
  display: (_field, value, { text }) => text(value === true ? "Answer_Yes" : "Answer_No"),
  check: noChecks,
};
