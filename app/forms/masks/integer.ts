import { type Mask, withoutSpaces } from "./mask.ts";

/** SPEC §3 INTEGER_16: up to 16 digits (Claim IDs, PINs, counts). */
export const INTEGER_16: Mask = {
  parse: (typed) => {
    const value = withoutSpaces(typed);
    return /^\d{1,16}$/.test(value) ? { value } : { errorKey: "Mask_Integer" };
  },
  format: (value) => value,
  inputMode: "numeric",
};
