import { FieldShell, useFieldMeta } from "#app/components/form/FieldShell.tsx";
import { useStepForm } from "#app/components/form/step-form-context.ts";

/**
 * SPEC §3 file field: one file per input (no `multiple`), the allowed types offered by the
 * browser's picker; the server checks name and content again whatever the picker let through.
 */
export function FileField({ path }: { path: string }) {
  const meta = useFieldMeta(path);
  const state = useStepForm();
  return (
    <FieldShell meta={meta}>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: ARIA in HTML allows aria-required on a file input, which has no role to look it up by */}
      <input
        type="file"
        id={meta.id}
        name={path}
        accept={state.fileAccept}
        aria-invalid={meta.error ? true : undefined}
        aria-describedby={meta.describedBy}
        aria-required={meta.required || undefined}
      />
    </FieldShell>
  );
}
