import type { FieldConfig } from "./definition-schema.ts";
import { COUNTRIES, US_STATES } from "./places.ts";

export interface Option {
  value: string;
  label: string;
}

/** A select's or radio group's options, from the definition or a built-in list. */
export function fieldOptions(field: Pick<FieldConfig, "options" | "optionsSource" | "hasNoneOption" | "noneOptionLabel">): Option[] {
  const base = field.optionsSource === "usStates" ? US_STATES : field.optionsSource === "countries" ? COUNTRIES : (field.options ?? []);
  return field.hasNoneOption ? [...base, { value: "none", label: field.noneOptionLabel ?? "Option_None" }] : base;
}

export function optionValues(field: Parameters<typeof fieldOptions>[0]): string[] {
  return fieldOptions(field).map((option) => option.value);
}
