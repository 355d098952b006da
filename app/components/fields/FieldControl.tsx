import { FIELD_CONTROLS } from "./controls.ts";
import { Later } from "#app/components/Later.tsx";
import { useStepForm } from "#app/components/form/step-form-context.ts";

/**
 * The control a field's componentName names (app/components/fields/<kind>/), hydrated in a task of
 * its own (Later): a step of a name and an address hydrated at once was one long task on a slow
 * phone (issue 26).
 */
export function FieldControl({ path }: { path: string }) {
  const field = useStepForm().fields[path];
  if (!field) throw new Error(`No field ${path} in this step`);
  const Control = FIELD_CONTROLS[field.componentName];
  return (
    <Later className="field-part">
      <Control path={path} />
    </Later>
  );
}
