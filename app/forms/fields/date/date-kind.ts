import { storedAsTyped } from "../../claimant-dates.ts";
import { dateOrderOf } from "#app/i18n/date-order.ts";
import { answered, defaultWhenEmpty, type FieldKind, noChecks, readText } from "../field-kind.ts";

/**
 * SPEC §3 FormFieldDate: a date typed in the claimant's order (a range, several dates, a time by its
 * picker), checked against the picker's rules (date-normalize.ts), stored MM/dd/yyyy, read back in the reader's order.
 */
export const dateKind: FieldKind = {
  visible: true,
  upload: false,
  read: readText,
  holdsDate: () => true,
  startValue: defaultWhenEmpty,
  display: (_field, value, readBack) =>
    answered(value, readBack, (stored) => storedAsTyped(stored, dateOrderOf(readBack.culture))),
  check: noChecks,
};
