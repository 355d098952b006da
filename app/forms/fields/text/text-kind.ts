import { dateOrderOf } from "#app/i18n/date-order.ts";
import { maskFor, shownAs } from "../../masks/index.ts";
import { answered, defaultWhenEmpty, type FieldKind, noChecks, readText } from "../field-kind.ts";

/** SPEC §3 FormFieldText: free text, or what its mask reads (app/forms/masks/; text-normalize.ts). */
export const textKind: FieldKind = {
  visible: true,
  upload: false,
  read: readText,
  holdsDate: (field) => field.maskName === "SLASH_DELIMITED_FULL_DATE",
  startValue: defaultWhenEmpty,
  // As the claimant would write it, with the field's own $ or +1: "$1,250.50", "+1 (206) 555-0100".
  display: (field, value, readBack) =>
    answered(value, readBack, (stored) => {
      const shown = shownAs(maskFor(field.maskName), stored, { shownIn: dateOrderOf(readBack.culture) });
      const { prependedText, appendedText } = field.inputGroupConfig ?? {};
      const prefix = prependedText ? readBack.text(prependedText) : "";
      // A symbol sits against the number ($1,250.50); a word or a code has a space after it (+1 (206) …).
      return `${prefix}${/[\p{L}\p{N}]$/u.test(prefix) ? " " : ""}${shown}${appendedText ? ` ${readBack.text(appendedText)}` : ""}`;
    }),
  check: noChecks,
};
