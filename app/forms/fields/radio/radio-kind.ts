import { choiceKind } from "../choice.ts";

/** SPEC §3 FormFieldRadio: one of its options, in a fieldset whose legend is the question. */
export const radioKind = choiceKind((field, at) =>
  field.options?.length ? [] : [`${at}: a radio group needs options`],
);
