import { maskFor } from "#app/forms/masks/index.ts";
import { useText } from "#app/i18n/use-text.ts";
import { lazy, Suspense } from "react";
import { FieldShell, useFieldMeta } from "#app/components/form/FieldShell.tsx";
import { MaskedInput } from "#app/components/form/MaskedInput.tsx";
import { useStepForm } from "#app/components/form/step-form-context.ts";

/**
 * The calendar's button is fetched only when a page with a date field runs scripts (it is shown
 * only then), and its panel only when the claimant comes to the button (issue 14: the calendar
 * was a tenth of the step form's script on every page, date field or not).
 */
const DatePicker = lazy(() => import("./DatePicker.tsx").then((module) => ({ default: module.DatePicker })));

/**
 * SPEC §3 date field: a date typed as text in the claimant's order (M/d/yyyy in English, d/M/yyyy
 * in Spanish) or as ISO, which always works; a range takes "start - end", several dates take ";"
 * between them, and the time picker adds "HH:mm". The server checks the picker rules. The format
 * is said once, by the hint's example (GOV.UK): no placeholder, which a definition's would repeat
 * in one culture's order (docs/decisions/034-dates-as-claimants-type-them.md).
 */
export function DateField({ path }: { path: string }) {
  const meta = useFieldMeta(path);
  const state = useStepForm();
  const { field } = meta;
  const mode = field.picker?.mode ?? "single";
  const single = mode === "single" && !field.hasTimePicker;
  const value = state.values[path];
  const text = useText();
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
        {/* The calendar is an enhancement: without JavaScript the typed text is the whole field. */}
        {state.enhanced && !meta.disabled && (
          <Suspense fallback={null}>
            <DatePicker inputId={meta.id} field={field} label={text(field.label)} />
          </Suspense>
        )}
      </div>
    </FieldShell>
  );
}
