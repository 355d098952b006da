import type { DateTime } from "luxon";
import { formatClaimantDate, parseClaimantDate, parseClaimantDateTime } from "./claimant-dates.ts";
import type { FieldConfig } from "./definition-schema.ts";
import type { RuleFailure } from "./rules.ts";

export type Picker = NonNullable<FieldConfig["picker"]>;
/** SPEC §9 picker defaults. */
export const DEFAULT_PICKER: Picker = { mode: "single", disabledDates: [], disabledWeekdays: [], yearRange: [1900, 2100] };

/** What the picker rules say of a typed date entry: the normalised text, or why it is refused. */
export type DateEntryResult = { value: string } | RuleFailure;

/** A luxon weekday (1 = Monday … 7 = Sunday) as the definition's 0 = Sunday … 6 = Saturday. */
const weekdayIndex = (date: DateTime) => date.weekday % 7;

/** Whether one day may be chosen: year range, min/max, allowed and disabled dates and weekdays. */
export function checkDay(date: DateTime, picker: Picker): RuleFailure | null {
  const text = formatClaimantDate(date);
  const [firstYear, lastYear] = picker.yearRange;
  if (date.year < firstYear || date.year > lastYear) return { key: "Picker_YearRange", params: { min: firstYear, max: lastYear } };
  const min = picker.minDate ? parseClaimantDate(picker.minDate) : undefined;
  const max = picker.maxDate ? parseClaimantDate(picker.maxDate) : undefined;
  if (min && date < min) return { key: "Picker_MinDate", params: { date: formatClaimantDate(min) } };
  if (max && date > max) return { key: "Picker_MaxDate", params: { date: formatClaimantDate(max) } };
  const sameDay = (other: string) => parseClaimantDate(other)?.hasSame(date, "day") ?? false;
  if (picker.allowedDates && !picker.allowedDates.some(sameDay)) return { key: "Picker_NotAllowed", params: { date: text } };
  if (picker.disabledDates.some(sameDay) || picker.disabledWeekdays.includes(weekdayIndex(date))) return { key: "Picker_Disabled", params: { date: text } };
  return null;
}

export function checkTime(date: DateTime, picker: Picker): RuleFailure | null {
  const time = date.toFormat("HH:mm");
  if (picker.minTime && time < picker.minTime) return { key: "Picker_MinTime", params: { time: picker.minTime } };
  if (picker.maxTime && time > picker.maxTime) return { key: "Picker_MaxTime", params: { time: picker.maxTime } };
  return null;
}

/**
 * SPEC §5 "Picker rules", enforced on the typed text: one date (with a time when the field has the
 * time picker), a range "start - end", or several dates separated by ";".
 */
export function checkDateEntry(text: string, field: Pick<FieldConfig, "picker" | "hasTimePicker">): DateEntryResult {
  const picker = field.picker ?? DEFAULT_PICKER;
  const trimmed = text.trim();

  if (picker.mode === "range") {
    const parts = trimmed.split(" - ");
    const [start, end] = parts.map(parseClaimantDate);
    if (parts.length !== 2 || !start || !end) return { key: "Picker_RangeFormat" };
    if (end < start) return { key: "Picker_RangeOrder" };
    for (const date of [start, end]) {
      const failure = checkDay(date, picker);
      if (failure) return failure;
    }
    const days = end.diff(start, "days").days + 1;
    if (picker.minRangeDays && days < picker.minRangeDays) return { key: "Picker_RangeTooShort", params: { days: picker.minRangeDays } };
    if (picker.maxRangeDays && days > picker.maxRangeDays) return { key: "Picker_RangeTooLong", params: { days: picker.maxRangeDays } };
    for (let day = start.plus({ days: 1 }); day < end; day = day.plus({ days: 1 })) {
      if (checkDay(day, picker)) return { key: "Picker_RangeIncludesDisabled", params: { date: formatClaimantDate(day) } };
    }
    return { value: `${formatClaimantDate(start)} - ${formatClaimantDate(end)}` };
  }

  if (picker.mode === "multiple") {
    const parts = trimmed.split(";").map((part) => part.trim()).filter(Boolean);
    const dates = parts.map(parseClaimantDate);
    if (parts.length === 0 || dates.some((date) => !date)) return { key: "Picker_MultipleFormat" };
    if (picker.maxDates && dates.length > picker.maxDates) return { key: "Picker_TooManyDates", params: { max: picker.maxDates } };
    for (const date of dates) {
      const failure = checkDay(date!, picker);
      if (failure) return failure;
    }
    return { value: dates.map((date) => formatClaimantDate(date!)).join("; ") };
  }

  if (field.hasTimePicker) {
    const date = parseClaimantDateTime(trimmed);
    if (!date) return { key: "Validation_DateTimeFormat" };
    return checkDay(date, picker) ?? checkTime(date, picker) ?? { value: date.toFormat("MM/dd/yyyy HH:mm") };
  }
  const date = parseClaimantDate(trimmed);
  if (!date) return { key: "Validation_DateFormat" };
  return checkDay(date, picker) ?? { value: formatClaimantDate(date) };
}
