import { useText } from "#app/i18n/use-text.ts";
import { FieldNotes, RequiredMark, useFieldMeta } from "#app/components/form/FieldShell.tsx";
import { useStepForm } from "#app/components/form/step-form-context.ts";

/** SPEC §3/§4 checkbox: ticked means true; a value that is not a boolean starts unticked. */
export function CheckboxField({ path }: { path: string }) {
  const meta = useFieldMeta(path);
  const state = useStepForm();
  const text = useText();
  return (
    <div className={`field checkbox-field${meta.error ? " field-invalid" : ""}`} hidden={meta.hidden} data-field={path}>
      <label>
        <input
          type="checkbox"
          id={meta.id}
          name={path}
          value="on"
          defaultChecked={state.values[path] === true}
          aria-invalid={meta.error ? true : undefined}
          aria-describedby={meta.describedBy}
          aria-required={meta.required || undefined}
          disabled={meta.disabled}
        />
        {text(meta.field.label)}
        <RequiredMark required={meta.required} />
      </label>
      <FieldNotes meta={meta} />
    </div>
  );
}
