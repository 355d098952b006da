import {
  addDays,
  type CalendarDate,
  type CalendarDateTime,
  compareDates,
  dayNumber,
  dateMistake,
  formatClaimantDate,
  formatTime,
  parseClaimantDate,
  parseClaimantDateTime,
  STORED_ORDER,
  sameDay,
  weekday,
} from "./claimant-dates.ts";
import type { DateOrder } from "#app/i18n/date-order.ts";
import type { FieldConfig } from "./definition-schema.ts";
import { PICKER_YEARS } from "./picker-years.ts";
import type { RuleFailure } from "./rules.ts";

export type Picker = NonNullable<FieldConfig["picker"]>;
/** SPEC §9 picker defaults. */
export const DEFAULT_PICKER: Picker = {
  mode: "single",
  disabledDates: [],
  disabledWeekdays: [],
  yearRange: PICKER_YEARS,
};

/** What the picker rules say of a typed date entry: the normalised text, or why it is refused. */
export type DateEntryResult = { value: string } | RuleFailure;

/** Whether one day may be chosen: year range, min/max, allowed and disabled dates and weekdays. */
export function checkDay(date: CalendarDate, picker: Picker): RuleFailure | null {
  const text = formatClaimantDate(date);
  const [firstYear, lastYear] = picker.yearRange;
  if (date.year < firstYear || date.year > lastYear)
    return { key: "Picker_YearRange", params: { min: firstYear, max: lastYear } };
  const min = picker.minDate ? parseClaimantDate(picker.minDate) : undefined;
  const max = picker.maxDate ? parseClaimantDate(picker.maxDate) : undefined;
  if (min && compareDates(date, min) < 0) return { key: "Picker_MinDate", params: { date: formatClaimantDate(min) } };
  if (max && compareDates(date, max) > 0) return { key: "Picker_MaxDate", params: { date: formatClaimantDate(max) } };
  const isDate = (other: string) => {
    const parsed = parseClaimantDate(other);
    return !!parsed && sameDay(parsed, date);
  };
  if (picker.allowedDates && !picker.allowedDates.some(isDate))
    return { key: "Picker_NotAllowed", params: { date: text } };
  if (picker.disabledDates.some(isDate) || picker.disabledWeekdays.includes(weekday(date)))
    return { key: "Picker_Disabled", params: { date: text } };
  return null;
}

export function checkTime(time: { hour: number; minute: number }, picker: Picker): RuleFailure | null {
  const text = formatTime(time);
  if (picker.minTime && text < picker.minTime) return { key: "Picker_MinTime", params: { time: picker.minTime } };
  if (picker.maxTime && text > picker.maxTime) return { key: "Picker_MaxTime", params: { time: picker.maxTime } };
  return null;
}

/** A range's failures beyond its two ends: order, length limits, a forbidden day inside it. */
export function checkRange(start: CalendarDate, end: CalendarDate, picker: Picker): RuleFailure | null {
  if (compareDates(end, start) < 0) return { key: "Picker_RangeOrder" };
  const days = dayNumber(end) - dayNumber(start) + 1;
  if (picker.minRangeDays && days < picker.minRangeDays)
    return { key: "Picker_RangeTooShort", params: { days: picker.minRangeDays } };
  if (picker.maxRangeDays && days > picker.maxRangeDays)
    return { key: "Picker_RangeTooLong", params: { days: picker.maxRangeDays } };
  for (let day = addDays(start, 1); compareDates(day, end) < 0; day = addDays(day, 1)) {
    if (checkDay(day, picker))
      return { key: "Picker_RangeIncludesDisabled", params: { date: formatClaimantDate(day) } };
  }
  return null;
}

/**
 * A range's two ends as typed, "start - end", with a hyphen, an en dash or an em dash, spaced or
 * not: the first dash whose both sides are dates (an ISO date has dashes of its own: 2024-05-01 - 2024-05-03).
 */
function rangeEnds(text: string, order: DateOrder): [CalendarDate, CalendarDate] | undefined {
  for (const dash of text.matchAll(/\s*[-\u2013\u2014]\s*/g)) {
    const start = parseClaimantDate(text.slice(0, dash.index), order);
    const end = parseClaimantDate(text.slice(dash.index + dash[0].length), order);
    if (start && end) return [start, end];
  }
  return undefined;
}

/**
 * SPEC §5 "Picker rules", enforced on the typed text: one date (with a time when the field has the
 * time picker), a range "start - end", or several dates separated by ";", each typed in the
 * claimant's order (`order`: their culture's on a page, the stored one from the JSON API) or as
 * ISO; the value is stored MM/dd/yyyy whatever the order (decision 034).
 */
export function checkDateEntry(
  text: string,
  field: Pick<FieldConfig, "picker" | "hasTimePicker">,
  order: DateOrder = STORED_ORDER,
): DateEntryResult {
  const picker = field.picker ?? DEFAULT_PICKER;
  const trimmed = text.trim();

  if (picker.mode === "range") {
    const ends = rangeEnds(trimmed, order);
    if (!ends) return { key: "Picker_RangeFormat" };
    const [start, end] = ends;
    if (compareDates(end, start) < 0) return { key: "Picker_RangeOrder" };
    return (
      checkDay(start, picker) ??
      checkDay(end, picker) ??
      checkRange(start, end, picker) ?? { value: `${formatClaimantDate(start)} - ${formatClaimantDate(end)}` }
    );
  }

  if (picker.mode === "multiple") {
    const parts = trimmed
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean);
    const dates = parts.map((part) => parseClaimantDate(part, order));
    if (parts.length === 0 || dates.some((date) => !date)) return { key: "Picker_MultipleFormat" };
    if (picker.maxDates && dates.length > picker.maxDates)
      return { key: "Picker_TooManyDates", params: { max: picker.maxDates } };
    for (const date of dates) {
      const failure = checkDay(date!, picker);
      if (failure) return failure;
    }
    return { value: dates.map((date) => formatClaimantDate(date!)).join("; ") };
  }

  if (field.hasTimePicker) {
    const date: CalendarDateTime | undefined = parseClaimantDateTime(trimmed, order);
    if (!date) return { key: "Validation_DateTimeFormat" };
    return (
      checkDay(date, picker) ?? checkTime(date, picker) ?? { value: `${formatClaimantDate(date)} ${formatTime(date)}` }
    );
  }
  const date = parseClaimantDate(trimmed, order);
  if (!date) return { key: dateMistake(trimmed) };
  return checkDay(date, picker) ?? { value: formatClaimantDate(date) };
}
