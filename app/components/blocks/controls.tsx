import type { ComponentType } from "react";
import { MailingAddress } from "./address/MailingAddress.tsx";
import { ConfirmationBlock } from "./confirmation/ConfirmationBlock.tsx";
import type { FieldBlock } from "#app/forms/blocks/field-block.ts";
import { FieldControl } from "#app/components/fields/FieldControl.tsx";
import { FormRow } from "./form-row/FormRow.tsx";
import { NameInput } from "./name/NameInput.tsx";

/**
 * Every field block kind's control (apart from the fields each shows, app/forms/blocks/index.ts,
 * which runs where React does not).
 */
export const FIELD_BLOCK_CONTROLS: {
  [Kind in FieldBlock["kind"]]: ComponentType<Extract<FieldBlock, { kind: Kind }>>;
} = {
  field: ({ field }) => <FieldControl path={field} />,
  formRow: FormRow,
  nameInput: NameInput,
  mailingAddress: MailingAddress,
  confirmation: ConfirmationBlock,
};
