import type { ReactElement } from "react";
import type { FieldConfig } from "#app/forms/definition-schema.ts";
import { fieldOptions, type Option, type RecordChoices } from "#app/forms/options.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { useCulture } from "#app/i18n/use-culture.ts";
import { useText } from "#app/i18n/use-text.ts";
import { FieldShell, useFieldMeta } from "#app/components/form/FieldShell.tsx";
import { useStepForm } from "#app/components/form/step-form-context.ts";

const collators = new Map<string, Intl.Collator>();
const collator = (culture: string) =>
  collators.get(culture) ?? collators.set(culture, new Intl.Collator(culture)).get(culture)!;

type OptionsField = Pick<FieldConfig, "options" | "optionsSource" | "hasNoneOption" | "noneOptionLabel">;

function optionElements(
  field: OptionsField,
  choices: RecordChoices | undefined,
  text: Translate,
  culture: string,
): ReactElement[] {
  // An expense is named by its own answers; every other option (countries too: "Country_XX") by a text.
  const label = (option: Option) => (field.optionsSource === "claimTransactions" ? option.label : text(option.label));
  const options = fieldOptions(field, choices).map((option) => ({ value: option.value, label: label(option) }));
  // Countries in the claimant's language's alphabetical order (Österreich after Oman in German, Égypte among the E's in French).
  if (field.optionsSource === "countries") options.sort((a, b) => collator(culture).compare(a.label, b.label));
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/**
 * The built-in lists (countries, US states) named and ordered once per culture's texts, not on
 * every page: a culture's translate function is one for its texts (createTranslate), so the
 * lists are as many as the cultures, the lists and the "none" options the definitions have.
 */
const builtInLists = new WeakMap<Translate, Map<string, ReactElement[]>>();

function builtInOptionElements(field: OptionsField, text: Translate, culture: string): ReactElement[] {
  const key = JSON.stringify([culture, field.optionsSource, field.hasNoneOption ? (field.noneOptionLabel ?? "") : 0]);
  const lists = builtInLists.get(text) ?? builtInLists.set(text, new Map()).get(text)!;
  const known = lists.get(key);
  if (known) return known;
  const elements = optionElements(field, {}, text, culture);
  lists.set(key, elements);
  return elements;
}

/** SPEC §3 select: options (or a built-in list: US states, countries) and placeholder text. */
export function SelectField({ path }: { path: string }) {
  const meta = useFieldMeta(path);
  const state = useStepForm();
  const text = useText();
  const value = state.values[path];
  const culture = useCulture();
  const { optionsSource } = meta.field;
  const options =
    optionsSource === "countries" || optionsSource === "usStates"
      ? builtInOptionElements(meta.field, text, culture)
      : optionElements(meta.field, state.recordChoices, text, culture);
  return (
    <FieldShell meta={meta}>
      <select
        id={meta.id}
        name={path}
        defaultValue={typeof value === "string" ? value : ""}
        autoComplete={meta.field.autocomplete}
        aria-invalid={meta.error ? true : undefined}
        aria-describedby={meta.describedBy}
        aria-required={meta.required || undefined}
        disabled={meta.disabled}
      >
        <option value="">{text(meta.field.placeholderText ?? "Select_Choose")}</option>
        {options}
      </select>
    </FieldShell>
  );
}
