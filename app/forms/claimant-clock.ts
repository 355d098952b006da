import { CLAIMANT_DATE_ZONE } from "#app/deadlines/time-zones.ts";
import { type CalendarDate, DAY_MS, dayNumber } from "./claimant-dates.ts";

// Today and now in Los Angeles, and days and deadlines in the claimant's words, by Intl: apart from
// the dates a claimant types (claimant-dates.ts), which a form renders with, because only the
// checks, the calendar and the server need these (issue 26: a form page's scripts, halved).

/**
 * Intl's formatters, made once per locale and options: making one costs far more than formatting
 * with it (issue 14: the time a step page's session ends was a tenth of its CPU). The locales are
 * the settlement's cultures, the options and zones the few written here and in its deadlines.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale, options]);
  const known = formats.get(key);
  if (known) return known;
  const format = new Intl.DateTimeFormat(locale, options);
  formats.set(key, format);
  return format;
}

/** The instant `now` on Los Angeles' calendar and clock, as the `options` ask: each part (a year, an hour) by its type, a small whole number. */
function inClaimantZone(
  now: number,
  options: Intl.DateTimeFormatOptions,
): (type: Intl.DateTimeFormatPartTypes) => number {
  const parts = dateTimeFormat("en-US", { timeZone: CLAIMANT_DATE_ZONE, ...options }).formatToParts(new Date(now));
  return (type) => Number(parts.find((candidate) => candidate.type === type)?.value);
}

/** Today in Los Angeles, whatever the server's or the browser's own zone. */
export function claimantToday(now: number): CalendarDate {
  const part = inClaimantZone(now, { year: "numeric", month: "numeric", day: "numeric" });
  return { year: part("year"), month: part("month"), day: part("day") };
}

/** The current hour and minute in Los Angeles. */
export function claimantTimeNow(now: number): { hour: number; minute: number } {
  const part = inClaimantZone(now, { hour: "numeric", minute: "numeric", hourCycle: "h23" });
  return { hour: part("hour"), minute: part("minute") };
}

/**
 * A day shown in the claimant's language: "Wednesday, March 2, 2022" (full) or "March 2, 2022"
 * (long). The day is taken as UTC so no zone shifts it.
 */
export function formatDayLong(date: CalendarDate, culture: string, style: "full" | "long" = "full"): string {
  return dateTimeFormat(culture, { dateStyle: style, timeZone: "UTC" }).format(new Date(dayNumber(date) * DAY_MS));
}

export function monthName(month: number, culture: string, width: "long" | "short" = "long"): string {
  return dateTimeFormat(culture, { month: width, timeZone: "UTC" }).format(new Date(Date.UTC(2021, month - 1, 1)));
}

export function weekdayName(date: CalendarDate, culture: string, width: "long" | "short"): string {
  return dateTimeFormat(culture, { weekday: width, timeZone: "UTC" }).format(new Date(dayNumber(date) * DAY_MS));
}

/**
 * An instant with its time, as a deadline is shown (SPEC §9's Deadline_<key>_Long): the culture's
 * own full date, then the time and the zone's short name, "Wednesday, March 31, 2027, 11:59 PM PDT"
 * or "miércoles, 31 de marzo de 2027, 11:59 p. m. PDT". Date and time are formatted apart and joined
 * with a comma, as both cultures join a date and a time; dateStyle "full" with a time would read
 * "… 2027 at 11:59 PM" in English. The clock is 12-hour in every culture, as the settlements'
 * notices state their deadlines, so a Spanish page does not say 23:59 where the notice says 11:59 PM.
 * The zone's name is the one used in the United States, where the settlements' zones are: plain "es"
 * has no "PDT" and would say "GMT-7".
 */
export function formatDeadline(at: number, zone: string, culture: string): string {
  const date = dateTimeFormat(culture, { dateStyle: "full", timeZone: zone }).format(new Date(at));
  return `${date}, ${formatClockTime(at, zone, culture)}`;
}

/**
 * An instant's time of day as a deadline shows it (above): the culture's 12-hour clock and the
 * zone's short name as used in the United States, "11:59 PM PDT" or "11:59 p. m. PDT".
 */
export function formatClockTime(at: number, zone: string, culture: string): string {
  const key = `${Math.floor(at / 60_000)} ${zone} ${culture}`;
  let formatted = clockTimes.get(key);
  if (formatted === undefined) {
    if (clockTimes.size >= CLOCK_TIMES_KEPT) clockTimes.clear();
    formatted = clockTime(at, zone, culture);
    clockTimes.set(key, formatted);
  }
  return formatted;
}

/**
 * Clock times by minute, zone and culture: a time shows no seconds, and the sessions of a busy
 * minute all end in the same minute 30 minutes on (each step page says when its session ends).
 */
const clockTimes = new Map<string, string>();
const CLOCK_TIMES_KEPT = 1_000;

function clockTime(at: number, zone: string, culture: string): string {
  const instant = new Date(at);
  const time = dateTimeFormat(culture, {
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZone: zone,
  }).format(instant);
  const zoneName = dateTimeFormat(`${new Intl.Locale(culture).language}-US`, {
    timeZoneName: "short",
    timeZone: zone,
  })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  return zoneName ? `${time} ${zoneName}` : time;
}
