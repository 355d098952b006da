import { DateTime } from "luxon";
import { CLAIMANT_DATE_ZONE } from "#app/deadlines/time-zones.ts";

/**
 * Dates a claimant types: M/d/yyyy (one- or two-digit month and day, four-digit year), meaning a
 * calendar day in Los Angeles (SPEC §5). Stored as MM/dd/yyyy. Times, with a time picker, are
 * HH:mm on the 24-hour clock.
 */
const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const DATE_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2})$/;
const SHORT_DATE = /^(\d{1,2})\/(\d{4})$/;

export const DATE_DISPLAY_FORMAT = "MM/dd/yyyy";

export function parseClaimantDate(text: string): DateTime | undefined {
  const match = DATE.exec(text.trim());
  if (!match) return undefined;
  const date = DateTime.fromObject({ year: Number(match[3]), month: Number(match[1]), day: Number(match[2]) }, { zone: CLAIMANT_DATE_ZONE });
  return date.isValid ? date : undefined;
}

export function parseClaimantDateTime(text: string): DateTime | undefined {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, month, day, year, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  if (hour > 23 || minute > 59) return undefined;
  const date = DateTime.fromObject({ year, month, day, hour, minute }, { zone: CLAIMANT_DATE_ZONE });
  return date.isValid ? date : undefined;
}

/** MM/yyyy (a "short date"), as the first day of that month. */
export function parseShortDate(text: string): DateTime | undefined {
  const match = SHORT_DATE.exec(text.trim());
  if (!match) return undefined;
  const date = DateTime.fromObject({ year: Number(match[2]), month: Number(match[1]), day: 1 }, { zone: CLAIMANT_DATE_ZONE });
  return date.isValid ? date : undefined;
}

/** Today in Los Angeles, as a start-of-day date, whatever the server's or browser's own zone. */
export function claimantToday(now: number): DateTime {
  return DateTime.fromMillis(now, { zone: CLAIMANT_DATE_ZONE }).startOf("day");
}

export function formatClaimantDate(date: DateTime): string {
  return date.toFormat(DATE_DISPLAY_FORMAT);
}
