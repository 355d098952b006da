import { fieldOptions } from "#app/forms/options.ts";
import { useText } from "#app/i18n/use-text.ts";
import { FieldNotes, RequiredMark, useFieldMeta } from "#app/components/form/FieldShell.tsx";
import { useStepForm } from "#app/components/form/step-form-context.ts";

/** SPEC §3 radio group, in a fieldset whose legend is the question; "none" is its last option. */
export function RadioField({ path }: { path: string }) {
  const meta = useFieldMeta(path);
  const state = useStepForm();
  const text = useText();
  const value = state.values[path];
  return (
    <fieldset
      id={meta.id}
      className={`field radio-group${meta.error ? " field-invalid" : ""}`}
      hidden={meta.hidden}
      disabled={meta.disabled}
      aria-describedby={meta.describedBy}
      aria-invalid={meta.error ? true : undefined}
      data-field={path}
      tabIndex={-1}
    >
      <legend>
        {text(meta.field.label)}
        <RequiredMark required={meta.required} />
      </legend>
      {fieldOptions(meta.field).map((option) => (
        <label key={option.value}>
          <input type="radio" name={path} value={option.value} defaultChecked={value === option.value} />
          {text(option.label)}
        </label>
      ))}
      <FieldNotes meta={meta} />
    </fieldset>
  );
}
