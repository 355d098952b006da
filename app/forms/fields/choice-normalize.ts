import { optionValues } from "../options.ts";
import type { NormalizeField } from "./field-kind.ts";

/** A select's or radio group's answer is one of its options (choice.ts). */
export const normalizeChoice: NormalizeField = (field, typed, { choices }) =>
  optionValues(field, choices).includes(typed) ? { value: typed } : { key: "Validation_Invalid" };
