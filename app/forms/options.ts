import type { FieldConfig } from "./definition-schema.ts";
import { COUNTRIES, US_STATES } from "./places.ts";

export interface Option {
  value: string;
  label: string;
}

/** Options that depend on the claimant's own records: the saved claim transactions, by client id. */
export type RecordChoices = Record<string, Option[]>;

/** A select's or radio group's options, from the definition, a built-in list or the claimant's records. */
export function fieldOptions(
  field: Pick<FieldConfig, "options" | "optionsSource" | "hasNoneOption" | "noneOptionLabel">,
  choices?: RecordChoices,
): Option[] {
  const base =
    field.optionsSource === "usStates"
      ? US_STATES
      : field.optionsSource === "countries"
        ? COUNTRIES
        : field.optionsSource === "claimTransactions"
          ? (choices?.claimTransactions ?? [])
          : (field.options ?? []);
  return field.hasNoneOption ? [...base, { value: "none", label: field.noneOptionLabel ?? "Option_None" }] : base;
}

export function optionValues(field: Parameters<typeof fieldOptions>[0], choices?: RecordChoices): string[] {
  return fieldOptions(field, choices).map((option) => option.value);
}
