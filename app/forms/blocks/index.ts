import { addressBlock } from "./address/address-block.ts";
import { confirmationBlock } from "./confirmation/confirmation-block.ts";
import { fieldBlock } from "./field/field-block-kind.ts";
import type { FieldBlock, FieldBlockKind } from "./field-block.ts";
import { formRowBlock } from "./form-row/form-row-block.ts";
import { nameBlock } from "./name/name-block.ts";

export type { FieldBlock } from "./field-block.ts";
export { ADDRESS_FIELDS } from "./address/address-block.ts";
export { CONFIRMATION_FIELDS } from "./confirmation/confirmation-block.ts";

/** Every field block kind by its page-definition kind (their controls: app/components/blocks/controls.tsx). */
export const FIELD_BLOCKS: { [Kind in FieldBlock["kind"]]: FieldBlockKind<Extract<FieldBlock, { kind: Kind }>> } = {
  field: fieldBlock,
  formRow: formRowBlock,
  nameInput: nameBlock,
  mailingAddress: addressBlock,
  confirmation: confirmationBlock,
};

export function isFieldBlock(block: { kind: string }): block is FieldBlock {
  return Object.hasOwn(FIELD_BLOCKS, block.kind);
}

/** The "model.field" paths a field block shows. */
export function blockFields(block: FieldBlock): string[] {
  return (FIELD_BLOCKS[block.kind] as FieldBlockKind<FieldBlock>).fields(block);
}
