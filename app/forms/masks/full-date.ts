import { DEFAULT_PICKER } from "../date-entry.ts";
import { dateMistake, formatClaimantDate, parseClaimantDate } from "../claimant-dates.ts";
import type { Mask } from "./mask.ts";

/**
 * SPEC §3 SLASH_DELIMITED_FULL_DATE: a date as mm/dd/yyyy (3/7/2021 is read as 03/07/2021), within
 * the same years as a date field's calendar (1900–2100), whichever field it is on.
 */
export const SLASH_DELIMITED_FULL_DATE: Mask = {
  parse: (typed) => {
    const date = parseClaimantDate(typed);
    if (!date) return { errorKey: dateMistake(typed) };
    const [min, max] = DEFAULT_PICKER.yearRange;
    return date.year < min || date.year > max
      ? { errorKey: "Picker_YearRange", params: { min, max } }
      : { value: formatClaimantDate(date) };
  },
  format: (value) => value,
  placeholder: "mm/dd/yyyy",
  // No numeric keypad: a phone's has no "/", and the date needs it (the keyboard with symbols does).
  inputMode: "text",
};
