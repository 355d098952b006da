import type { ComponentType } from "react";
import type { ComponentName } from "#app/forms/definition-schema.ts";
import { CheckboxField } from "./checkbox/CheckboxField.tsx";
import { DateField } from "./date/DateField.tsx";
import { FileField } from "./file/FileField.tsx";
import { HiddenField } from "./hidden/HiddenField.tsx";
import { RadioField } from "./radio/RadioField.tsx";
import { SelectField } from "./select/SelectField.tsx";
import { TextField } from "./text/TextField.tsx";

/**
 * Every field kind's control by componentName. Apart from the kinds' logic (app/forms/fields/index.ts)
 * because that also runs where React does not (the operator's command line loads definitions with
 * plain Node).
 */
export const FIELD_CONTROLS: Record<ComponentName, ComponentType<{ path: string }>> = {
  FormFieldText: TextField,
  FormFieldSelect: SelectField,
  FormFieldRadio: RadioField,
  FormFieldCheckbox: CheckboxField,
  FormFieldDate: DateField,
  FormFieldHidden: HiddenField,
  FormFieldFile: FileField,
};
