import type { ComponentName, FieldConfig } from "../definition-schema.ts";
import { checkboxKind } from "./checkbox/checkbox-kind.ts";
import { dateKind } from "./date/date-kind.ts";
import type { FieldKind } from "./field-kind.ts";
import { fileKind } from "./file/file-kind.ts";
import { hiddenKind } from "./hidden/hidden-kind.ts";
import { radioKind } from "./radio/radio-kind.ts";
import { selectKind } from "./select/select-kind.ts";
import { textKind } from "./text/text-kind.ts";

export type { FieldKind } from "./field-kind.ts";

/** Every field kind by its SPEC §3 componentName (their controls: app/components/fields/controls.ts). */
export const FIELD_KINDS: Record<ComponentName, FieldKind> = {
  FormFieldText: textKind,
  FormFieldSelect: selectKind,
  FormFieldRadio: radioKind,
  FormFieldCheckbox: checkboxKind,
  FormFieldDate: dateKind,
  FormFieldHidden: hiddenKind,
  FormFieldFile: fileKind,
};

export function fieldKind(field: Pick<FieldConfig, "componentName">): FieldKind {
  return FIELD_KINDS[field.componentName];
}

/** A field whose value is an uploaded file (a document context's). */
export const isUploadField = (field: Pick<FieldConfig, "componentName"> | undefined) =>
  !!field && fieldKind(field).upload;
