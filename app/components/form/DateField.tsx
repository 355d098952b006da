import { maskFor } from "#app/forms/masks.ts";
import { FieldShell, useFieldMeta } from "./FieldShell.tsx";
import { MaskedInput } from "./MaskedInput.tsx";
import { useStepForm } from "./step-form-context.ts";

const PLACEHOLDERS = { single: "mm/dd/yyyy", range: "mm/dd/yyyy - mm/dd/yyyy", multiple: "mm/dd/yyyy; mm/dd/yyyy" };

/**
 * SPEC §3 date field: typed M/d/yyyy text, which always works; a range takes "start - end", several
 * dates take ";" between them, and the time picker adds "HH:mm". The server checks the picker rules.
 */
export function DateField({ path }: { path: string }) {
  const meta = useFieldMeta(path);
  const state = useStepForm();
  const { field } = meta;
  const mode = field.picker?.mode ?? "single";
  const single = mode === "single" && !field.hasTimePicker;
  const value = state.values[path];
  return (
    <FieldShell meta={meta}>
      <MaskedInput
        mask={single ? maskFor("SLASH_DELIMITED_FULL_DATE") : maskFor("none")}
        id={meta.id}
        name={path}
        defaultValue={typeof value === "string" ? value : ""}
        placeholder={field.placeholder ?? (field.hasTimePicker ? "mm/dd/yyyy hh:mm" : PLACEHOLDERS[mode])}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={meta.error ? true : undefined}
        aria-describedby={meta.describedBy}
        aria-required={meta.required || undefined}
        disabled={meta.disabled}
      />
    </FieldShell>
  );
}
