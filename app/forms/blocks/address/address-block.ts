import type { FieldBlock, FieldBlockKind } from "../field-block.ts";

/** The mailing address block's fields (SPEC §3 "Other"), by role. */
export const ADDRESS_FIELDS = {
  streetLine1: "mailingStreetLine1",
  streetLine2: "mailingStreetLine2",
  city: "mailingCity",
  subDivision: "mailingSubDivision",
  postalCode: "mailingPostalCode",
  subDivisionNonUS: "mailingSubDivisionNonUS",
  postalCodeNonUS: "mailingPostalCodeNonUS",
  country: "mailingCountry",
} as const;

/** SPEC §3 mailing address: US (state, ZIP) or, where the settlement allows it, international. */
export const addressBlock: FieldBlockKind<Extract<FieldBlock, { kind: "mailingAddress" }>> = {
  fields: ({ model }) => Object.values(ADDRESS_FIELDS).map((key) => `${model}.${key}`),
};
