import type { DateOrder } from "#app/i18n/date-order.ts";

/**
 * Dates a claimant types: day, month and year in their culture's order (M/d/yyyy in English as
 * SPEC §5 says, d/M/yyyy in Spanish: docs/decisions/034-dates-as-claimants-type-them.md), one- or
 * two-digit month and day, four-digit year, or ISO yyyy-mm-dd as some phones' date keyboards type
 * it; meaning a calendar day in Los Angeles. Stored, exported and sent by the JSON API as
 * MM/dd/yyyy, whatever the culture. Times, with a time picker, are HH:mm on the 24-hour clock.
 *
 * A calendar day has no time zone, so days are plain {year, month, day} values compared by their
 * day number; only "today" needs a zone, which Intl gives (claimant-clock.ts). (This keeps a date
 * library out of the browser: docs/decisions/007-javascript-budget.md.)
 */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export interface CalendarDateTime extends CalendarDate {
  hour: number;
  minute: number;
}

/** What is stored is always month first, so a date given without a culture (the JSON API, a definition's minDate, a stored answer) is read month first. */
export const STORED_ORDER: DateOrder = "month-first";

/** Two numbers then the year, split by "/": month and day in the claimant's order. */
const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/** mmddyyyy (ddmmyyyy), as typed on a phone's number keys (no "/" there): unambiguous only with all eight digits. */
const DATE_DIGITS = /^(\d{2})(\d{2})(\d{4})$/;
/** yyyy-mm-dd, as some phones' date keyboards type it: the same in every culture. */
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const WITH_TIME = /^(.+) (\d{1,2}):(\d{2})$/;
const SHORT_DATE = /^(\d{1,2})\/(\d{4})$/;
export const DAY_MS = 86_400_000;

/** Days since 1970-01-01: a day's position on the calendar, for comparing and counting. */
export function dayNumber(date: CalendarDate): number {
  return Math.floor(Date.UTC(date.year, date.month - 1, date.day) / DAY_MS);
}

export function fromDayNumber(days: number): CalendarDate {
  const utc = new Date(days * DAY_MS);
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

/** A real day (no February 30th), or undefined. */
export function calendarDate(year: number, month: number, day: number): CalendarDate | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  const date = { year, month, day };
  const back = fromDayNumber(dayNumber(date));
  return back.year === year && back.month === month && back.day === day ? date : undefined;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(dayNumber(date) + days);
}

/** The same day n months later, or the month's last day when it is shorter. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = fromDayNumber(
    dayNumber({ year: month === 12 ? year + 1 : year, month: month === 12 ? 1 : month + 1, day: 1 }) - 1,
  ).day;
  return { year, month, day: Math.min(date.day, last) };
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(date: CalendarDate): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return dayNumber(a) - dayNumber(b);
}

export function sameDay(a: CalendarDate, b: CalendarDate): boolean {
  return compareDates(a, b) === 0;
}

/** Why a date could not be read: not written as a date at all, or written so but no such day (2/30/2021). */
export function dateMistake(text: string): "Validation_DateFormat" | "Validation_RealDate" {
  const trimmed = text.trim();
  return [DATE, DATE_DIGITS, ISO_DATE].some((shape) => shape.test(trimmed))
    ? "Validation_RealDate"
    : "Validation_DateFormat";
}

/** A day as typed in `order` (or ISO), or undefined: 03/07/2021 is 7 March month first, 3 July day first. */
export function parseClaimantDate(text: string, order: DateOrder = STORED_ORDER): CalendarDate | undefined {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const match = DATE.exec(trimmed) ?? DATE_DIGITS.exec(trimmed);
  if (!match) return undefined;
  const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return order === "day-first" ? calendarDate(year, second, first) : calendarDate(year, first, second);
}

export function parseClaimantDateTime(text: string, order: DateOrder = STORED_ORDER): CalendarDateTime | undefined {
  const match = WITH_TIME.exec(text.trim());
  if (!match) return undefined;
  const date = parseClaimantDate(match[1]!, order);
  const [hour, minute] = [Number(match[2]), Number(match[3])];
  return date && hour <= 23 && minute <= 59 ? { ...date, hour, minute } : undefined;
}

/** MM/yyyy (a "short date"), as the first day of that month. */
export function parseShortDate(text: string): CalendarDate | undefined {
  const match = SHORT_DATE.exec(text.trim());
  return match ? calendarDate(Number(match[2]), Number(match[1]), 1) : undefined;
}

const two = (value: number) => String(value).padStart(2, "0");

/** A day as it is stored: MM/dd/yyyy. */
export function formatClaimantDate(date: CalendarDate): string {
  return `${two(date.month)}/${two(date.day)}/${date.year}`;
}

/** A day as a claimant of `order` types it: 03/27/2021 month first, 27/03/2021 day first. */
export function formatTypedDate(date: CalendarDate, order: DateOrder): string {
  return order === "day-first" ? `${two(date.day)}/${two(date.month)}/${date.year}` : formatClaimantDate(date);
}

const STORED_DATE = /\b(\d{2})\/(\d{2})\/(\d{4})\b/g;

/**
 * A stored answer (a date, a range, several dates, a date and time) or a message's date, with each
 * of its days written as a claimant of `order` types them: what a field shows of a saved answer,
 * what the summary shows, what a message says ("Enter a date on or after 27/03/2021").
 */
export function storedAsTyped(stored: string, order: DateOrder): string {
  if (order === STORED_ORDER) return stored;
  return stored.replace(STORED_DATE, (_, month: string, day: string, year: string) => `${day}/${month}/${year}`);
}

export function formatTime(time: { hour: number; minute: number }): string {
  return `${two(time.hour)}:${two(time.minute)}`;
}
