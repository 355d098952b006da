import type { FieldKind } from "../field-kind.ts";

/**
 * SPEC §3 FormFieldFile: a document context's file. It arrives as an upload (app/documents/), not
 * as form text: the record keeps the stored document's id, and its name, size and type fields.
 */
export const fileKind: FieldKind = {
  visible: true,
  upload: true,
  read: () => null,
  holdsDate: () => false,
  startValue: () => null,
  display: (_field, value) => (value === null ? "" : String(value)),
  check: (field, at, modelKey) => [
    // SPEC §8's words for a file field given dependencies.
    ...(field.dependencies
      ? [`${at}: Dependency behavior have not been implemented for the FormFieldFile component.`]
      : []),
    ...(modelKey !== "documentContexts" ? [`${at}: a file field belongs to the DocumentContexts model`] : []),
  ],
};
