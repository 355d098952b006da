import { checkDateEntry } from "../../date-entry.ts";
import { answered, defaultWhenEmpty, type FieldKind, noChecks, readText } from "../field-kind.ts";

/** SPEC §3 FormFieldDate: M/d/yyyy text (a range, several dates, a time by its picker), checked against the picker's rules. */
export const dateKind: FieldKind = {
  visible: true,
  upload: false,
  read: readText,
  normalize: (field, typed) => checkDateEntry(typed, field),
  holdsDate: () => true,
  startValue: defaultWhenEmpty,
  display: (_field, value, readBack) => answered(value, readBack, (stored) => stored),
  check: noChecks,
};
