import type { Mask } from "./mask.ts";

/**
 * SPEC §3 VIN: up to 17 letters and digits, upper case. Dashes and spaces that come with a pasted
 * VIN (1HGCM-82633-A004352) are not part of it: the 17 are counted without them.
 */
export const VIN: Mask = {
  parse: (typed) => {
    const value = typed.replace(/[\s-]/g, "").toUpperCase();
    return /^[A-Z0-9]{1,17}$/.test(value) ? { value } : { errorKey: "Mask_Vin" };
  },
  format: (value) => value,
  inputMode: "text",
};
