import { type Mask, withoutSpaces } from "./mask.ts";

/** SPEC §3 ZIP_CODE: 98111, or ZIP+4 stored as 98111-0042 (typed 981110042, 98111 0042, 98111 - 0042 or with an en dash). */
export const ZIP_CODE: Mask = {
  parse: (typed) => {
    // A dash left after the five digits (the +4 deleted from 98111-0042) is no part of the ZIP.
    const match = /^(\d{5})(?:[-\u2010-\u2015\u2212]?(\d{4}))?[-\u2010-\u2015\u2212]?$/.exec(withoutSpaces(typed));
    return match ? { value: match[2] ? `${match[1]}-${match[2]}` : match[1]! } : { errorKey: "Mask_Zip" };
  },
  format: (value) => value,
  inputMode: "numeric",
};

/** SPEC §3 ZIP_CODE_NON_US: up to 10 letters, digits and spaces (SW1A 1AA), upper case. */
export const ZIP_CODE_NON_US: Mask = {
  parse: (typed) => {
    const value = typed.trim().replace(/\s+/g, " ").toUpperCase();
    return /^[A-Z0-9 ]{1,10}$/.test(value) ? { value } : { errorKey: "Mask_ZipNonUs" };
  },
  format: (value) => value,
};
