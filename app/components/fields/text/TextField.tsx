import { maskFor } from "#app/forms/masks/index.ts";
import { useText } from "#app/i18n/use-text.ts";
import { FieldShell, useFieldMeta } from "#app/components/form/FieldShell.tsx";
import { MaskedInput } from "#app/components/form/MaskedInput.tsx";
import { useStepForm } from "#app/components/form/step-form-context.ts";

/** SPEC §3 text field, with its mask and optional prepended/appended input-group text. */
export function TextField({ path }: { path: string }) {
  const meta = useFieldMeta(path);
  const state = useStepForm();
  const text = useText();
  const { field } = meta;
  const mask = maskFor((state.fulfilled[path] !== false && field.dependencies?.maskOverride) || field.maskName);
  const value = state.values[path];
  const input = (
    <MaskedInput
      key={field.dependencies?.maskOverride && state.fulfilled[path] ? "override" : "mask"}
      mask={mask}
      id={meta.id}
      name={path}
      type={field.maskName === "none" && field.autocomplete === "email" ? "email" : "text"}
      // As stored (1250.50) or as typed: the text a claimant edits without JavaScript, so that a
      // digit added at its end means what it means with JavaScript (formatted only on leaving).
      defaultValue={typeof value === "string" ? value : ""}
      placeholder={field.placeholder ?? undefined}
      autoComplete={field.autocomplete}
      spellCheck={field.maskName === "none" ? undefined : false}
      aria-invalid={meta.error ? true : undefined}
      aria-describedby={meta.describedBy}
      aria-required={meta.required || undefined}
      disabled={meta.disabled}
    />
  );
  const group = field.inputGroupConfig;
  return (
    <FieldShell meta={meta}>
      {group ? (
        <div className="input-group">
          {group.prependedText && (
            <span className="input-group-text" aria-hidden="true">
              {text(group.prependedText)}
            </span>
          )}
          {input}
          {group.appendedText && <span className="input-group-text">{text(group.appendedText)}</span>}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}
