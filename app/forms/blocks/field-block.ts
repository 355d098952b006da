import type { PageBlock } from "../page-schema.ts";

/** A page block that shows fields: a field, a row of them, or a group a SPEC §3 block lays out. */
export type FieldBlock = Extract<
  PageBlock,
  { kind: "field" | "formRow" | "nameInput" | "mailingAddress" | "confirmation" }
>;

/**
 * Everything about one kind of field block, in its folder: the "model.field" paths it shows, in page
 * order. The step's validation, its summary and the start-up checks (every path must be a field of
 * the definition) all read them from here; its control (app/components/blocks/) renders them.
 */
export interface FieldBlockKind<Block extends FieldBlock> {
  fields: (block: Block) => string[];
}
