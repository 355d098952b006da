import { fieldOptions } from "../options.ts";
import { countryLabel } from "../places.ts";
import { answered, defaultWhenEmpty, type FieldKind, readText } from "./field-kind.ts";

/** What selects and radio groups share: an answer is one of their options (choice-normalize.ts), read back by its label. */
export function choiceKind(check: FieldKind["check"]): FieldKind {
  return {
    visible: true,
    upload: false,
    read: readText,
    holdsDate: () => false,
    startValue: defaultWhenEmpty,
    display: (field, value, { text, culture, choices }) =>
      answered(value, { text, culture }, (stored) => {
        if (field.optionsSource === "countries") return countryLabel(stored, text);
        const option = fieldOptions(field, choices).find((candidate) => candidate.value === stored);
        if (!option) return stored;
        // An expense is named by its own answers; every other option by a text.
        return field.optionsSource === "claimTransactions" ? option.label : text(option.label);
      }),
    check,
  };
}
