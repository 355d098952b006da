import type { Mask } from "./mask.ts";

/** What people put between the digits of a phone number (dashes of every kind, as pasted from documents). */
const PHONE_PUNCTUATION = /[\s().\-\u2010-\u2015\u2212]/g;

/**
 * SPEC §3 USA_PHONE_NUMBER: ten digits, stored as (206) 555-0100, however they were written:
 * 206.555.0100, 1 206 555 0100, +1 (206) 555-0100.
 */
export const USA_PHONE_NUMBER: Mask = {
  parse: (typed) => {
    let digits = typed.replace(PHONE_PUNCTUATION, "").replace(/^\+1(?=\d{10}$)/, "");
    if (/^1\d{10}$/.test(digits)) digits = digits.slice(1);
    return /^[2-9]\d{9}$/.test(digits)
      ? { value: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` }
      : { errorKey: "Mask_UsaPhone" };
  },
  format: (value) => value,
  placeholder: "(123) 456-7890",
  inputMode: "tel",
};

/**
 * SPEC §3 INTERNATIONAL_PHONE_NUMBER: up to 16 digits, a leading + kept: +44 20 7946 0958 → +442079460958.
 * Shown as people write it where the grouping is certain: a North American number (2065550101 →
 * (206) 555-0101, +12065550101 → +1 (206) 555-0101); any other stays as stored.
 */
export const INTERNATIONAL_PHONE_NUMBER: Mask = {
  parse: (typed) => {
    const value = typed.replace(PHONE_PUNCTUATION, "");
    return /^\+?\d{1,16}$/.test(value) ? { value } : { errorKey: "Mask_InternationalPhone" };
  },
  format: (value) => {
    const northAmerican = /^(\+1)?([2-9]\d{2})(\d{3})(\d{4})$/.exec(value);
    if (!northAmerican) return value;
    const [, country, area, exchange, line] = northAmerican;
    return `${country ? `${country} ` : ""}(${area}) ${exchange}-${line}`;
  },
  inputMode: "tel",
};
