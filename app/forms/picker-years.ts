/**
 * SPEC §9: the years a date may be in, by default, in a date field's calendar and the date mask.
 * A module of its own, importing nothing: the mask (masks/full-date.ts), which a form renders
 * with, takes it without the picker's rules (date-entry.ts), which only the checks need.
 */
export const PICKER_YEARS: [first: number, last: number] = [1900, 2100];
