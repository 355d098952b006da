import type { FieldBlock, FieldBlockKind } from "../field-block.ts";

/** SPEC §9 form row: up to three fields side by side on wide screens. */
export const formRowBlock: FieldBlockKind<Extract<FieldBlock, { kind: "formRow" }>> = {
  fields: (block) => block.fields,
};
