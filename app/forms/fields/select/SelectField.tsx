import { fieldOptions, type Option } from "#app/forms/options.ts";
import { useCulture } from "#app/i18n/use-culture.ts";
import { useText } from "#app/i18n/use-text.ts";
import { FieldShell, useFieldMeta } from "#app/components/form/FieldShell.tsx";
import { useStepForm } from "#app/components/form/step-form-context.ts";

const collators = new Map<string, Intl.Collator>();
const collator = (culture: string) =>
  collators.get(culture) ?? collators.set(culture, new Intl.Collator(culture)).get(culture)!;

/** SPEC §3 select: options (or a built-in list: US states, countries) and placeholder text. */
export function SelectField({ path }: { path: string }) {
  const meta = useFieldMeta(path);
  const state = useStepForm();
  const text = useText();
  const value = state.values[path];
  const culture = useCulture();
  // An expense is named by its own answers; every other option (countries too: "Country_XX") by a text.
  const label = (option: Option) =>
    meta.field.optionsSource === "claimTransactions" ? option.label : text(option.label);
  const options = fieldOptions(meta.field, state.recordChoices).map((option) => ({
    value: option.value,
    label: label(option),
  }));
  // Countries in the claimant's language's alphabetical order (Österreich after Oman in German, Égypte among the E's in French).
  if (meta.field.optionsSource === "countries") options.sort((a, b) => collator(culture).compare(a.label, b.label));
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
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
