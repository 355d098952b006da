import { useStepForm } from "#app/components/form/step-form-context.ts";

/** SPEC §4: a hidden field renders only while its dependencies are fulfilled. */
export function HiddenField({ path }: { path: string }) {
  const state = useStepForm();
  const field = state.fields[path]!;
  if (state.fulfilled[path] === false) return null;
  const value = state.values[path] ?? field.defaultValue;
  return <input type="hidden" name={path} value={typeof value === "string" ? value : ""} />;
}
