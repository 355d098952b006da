import { type Mask, ungrouped, withoutSpaces } from "./mask.ts";

/**
 * SPEC §3 DECIMAL_15PRECISION: up to 16 digits and decimal point together, e.g. 12.5; the whole part
 * may be grouped in thousands (1,234.5 → 1234.5), counted without its commas.
 */
export const DECIMAL_15PRECISION: Mask = {
  parse: (typed) => {
    const match = /^([\d,]*)(\.\d*)?$/.exec(withoutSpaces(typed));
    const whole = match?.[1] ? ungrouped(match[1]) : "";
    const value = match && whole !== undefined ? `${whole}${match[2] ?? ""}` : "";
    if (!/^(\d+(\.\d*)?|\.\d+)$/.test(value) || value.length > 16) return { errorKey: "Mask_Decimal" };
    // Stored as a number is written: 5. is 5, .5 is 0.5, 007.5 is 7.5 (the same number, never another).
    const [digits = "", fraction = ""] = value.split(".");
    return { value: `${digits.replace(/^0+(?=\d)/, "") || "0"}${fraction ? `.${fraction}` : ""}` };
  },
  format: (value) => value,
  inputMode: "decimal",
};
