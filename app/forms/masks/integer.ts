import { type Mask, ungrouped, withoutSpaces } from "./mask.ts";

/** SPEC §3 INTEGER_16: up to 16 digits (Claim IDs, PINs, counts), grouped or not (1,000 → 1000). */
export const INTEGER_16: Mask = {
  parse: (typed) => {
    const value = ungrouped(withoutSpaces(typed));
    return value && value.length <= 16 ? { value } : { errorKey: "Mask_Integer" };
  },
  format: (value) => value,
  inputMode: "numeric",
};
