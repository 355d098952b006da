import { CheckboxField } from "./CheckboxField.tsx";
import { DateField } from "./DateField.tsx";
import { FileField } from "./FileField.tsx";
import { HiddenField } from "./HiddenField.tsx";
import { RadioField } from "./RadioField.tsx";
import { SelectField } from "./SelectField.tsx";
import { useStepForm } from "./step-form-context.ts";
import { TextField } from "./TextField.tsx";

/** The control a field's componentName names. */
export function FieldControl({ path }: { path: string }) {
  const field = useStepForm().fields[path];
  switch (field?.componentName) {
    case "FormFieldText":
      return <TextField path={path} />;
    case "FormFieldSelect":
      return <SelectField path={path} />;
    case "FormFieldRadio":
      return <RadioField path={path} />;
    case "FormFieldCheckbox":
      return <CheckboxField path={path} />;
    case "FormFieldDate":
      return <DateField path={path} />;
    case "FormFieldHidden":
      return <HiddenField path={path} />;
    case "FormFieldFile":
      return <FileField path={path} />;
    default:
      throw new Error(`No field ${path} in this step`);
  }
}
