import { PICKER_YEARS } from "../picker-years.ts";
import { dateMistake, formatClaimantDate, parseClaimantDate, storedAsTyped } from "../claimant-dates.ts";
import type { Mask } from "./mask.ts";

/**
 * SPEC §3 SLASH_DELIMITED_FULL_DATE: a date typed in the claimant's order (3/7/2021 is 03/07/2021
 * month first, 07/03/2021 day first) or as ISO, stored as MM/dd/yyyy, within the same years as a
 * date field's calendar (1900–2100), whichever field it is on. It has no placeholder: the field's
 * hint gives an example, in the claimant's order (decision 034).
 */
export const SLASH_DELIMITED_FULL_DATE: Mask = {
  parse: (typed, order) => {
    const date = parseClaimantDate(typed, order);
    if (!date) return { errorKey: dateMistake(typed) };
    const [min, max] = PICKER_YEARS;
    return date.year < min || date.year > max
      ? { errorKey: "Picker_YearRange", params: { min, max } }
      : { value: formatClaimantDate(date) };
  },
  format: (value, order) => (order ? storedAsTyped(value, order) : value),
  // No numeric keypad: a phone's has no "/", and the date needs it (the keyboard with symbols does).
  inputMode: "text",
};
