import { fieldOptions } from "#app/forms/options.ts";
import { useText } from "#app/i18n/use-text.ts";
import { FieldShell, useFieldMeta } from "./FieldShell.tsx";
import { useStepForm } from "./step-form-context.ts";

/** SPEC §3 select: options (or a built-in list: US states, countries) and placeholder text. */
export function SelectField({ path }: { path: string }) {
  const meta = useFieldMeta(path);
  const state = useStepForm();
  const text = useText();
  const value = state.values[path];
  // An expense is named by its own answers; every other option (countries too: "Country_XX") by a text.
  const label = (option: { value: string; label: string }) => (meta.field.optionsSource === "claimTransactions" ? option.label : text(option.label));
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
        {fieldOptions(meta.field, state.recordChoices).map((option) => (
          <option key={option.value} value={option.value}>
            {label(option)}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
