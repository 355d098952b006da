import { FIELD_CONTROLS } from "./controls.ts";
import { useStepForm } from "#app/components/form/step-form-context.ts";

/** The control a field's componentName names (app/components/fields/<kind>/). */
export function FieldControl({ path }: { path: string }) {
  const field = useStepForm().fields[path];
  if (!field) throw new Error(`No field ${path} in this step`);
  const Control = FIELD_CONTROLS[field.componentName];
  return <Control path={path} />;
}
