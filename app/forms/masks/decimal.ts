import { type Mask, withoutSpaces } from "./mask.ts";

/** SPEC §3 DECIMAL_15PRECISION: up to 16 digits and decimal point together, e.g. 12.5. */
export const DECIMAL_15PRECISION: Mask = {
  parse: (typed) => {
    const value = withoutSpaces(typed);
    return /^(\d+(\.\d*)?|\.\d+)$/.test(value) && value.length <= 16 ? { value } : { errorKey: "Mask_Decimal" };
  },
  format: (value) => value,
  inputMode: "decimal",
};
