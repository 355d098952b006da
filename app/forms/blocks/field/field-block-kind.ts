import type { FieldBlock, FieldBlockKind } from "../field-block.ts";

/** One field (its control is its field kind's: app/components/fields/). */
export const fieldBlock: FieldBlockKind<Extract<FieldBlock, { kind: "field" }>> = { fields: (block) => [block.field] };
