import type { FieldBlock, FieldBlockKind } from "../field-block.ts";

export type NameBlock = Extract<FieldBlock, { kind: "nameInput" }>;

/** SPEC §3 name input: first and last name, with the middle initial when its layout has one. */
export const nameBlock: FieldBlockKind<NameBlock> = {
  fields: ({ model, layout, fields }) =>
    [
      fields.first,
      ...(layout === "firstMiddleInitialLast" && fields.middleInitial ? [fields.middleInitial] : []),
      fields.last,
    ].map((key) => `${model}.${key}`),
};
