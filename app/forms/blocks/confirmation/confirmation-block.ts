import type { FieldBlock, FieldBlockKind } from "../field-block.ts";

/** The fields a confirmation block asks the e-mail address and phone number again in. */
export const CONFIRMATION_FIELDS = { email: "confirmEmailAddress", phone: "confirmPhoneNumber" } as const;

/** SPEC §3 confirmation: the e-mail address and/or phone number, each typed twice. */
export const confirmationBlock: FieldBlockKind<Extract<FieldBlock, { kind: "confirmation" }>> = {
  fields: ({ model, emailField, phoneField }) => [
    ...(emailField ? [`${model}.${emailField}`, `${model}.${CONFIRMATION_FIELDS.email}`] : []),
    ...(phoneField ? [`${model}.${phoneField}`, `${model}.${CONFIRMATION_FIELDS.phone}`] : []),
  ],
};
