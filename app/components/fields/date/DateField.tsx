import { maskFor } from "#app/forms/masks/index.ts";
import { FieldShell, useFieldMeta } from "#app/components/form/FieldShell.tsx";
import { MaskedInput } from "#app/components/form/MaskedInput.tsx";
import { useStepForm } from "#app/components/form/step-form-context.ts";

/**
 * SPEC §3 date field: a date typed as text in the claimant's order (M/d/yyyy in English, d/M/yyyy
 * in Spanish) or as ISO, which always works; a range takes "start - end", several dates take ";"
 * between them, and the time picker adds "HH:mm". The server checks the picker rules. The format
 * is said once, by the hint's example (GOV.UK): no placeholder, which a definition's would repeat
 * in one culture's order (docs/decisions/034-dates-as-claimants-type-them.md). The calendar is an
 * enhancement, drawn beside the field by the step pages' enhancer (app/client/step-form/date-pickers.ts):
 * without JavaScript the typed text is the whole field.
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
      <div className="date-input">
        <MaskedInput
          mask={single ? maskFor("SLASH_DELIMITED_FULL_DATE") : maskFor("none")}
          id={meta.id}
          name={path}
          defaultValue={typeof value === "string" ? value : ""}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={meta.error ? true : undefined}
          aria-describedby={meta.describedBy}
          aria-required={meta.required || undefined}
          disabled={meta.disabled}
        />
      </div>
    </FieldShell>
  );
}
