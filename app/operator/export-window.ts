import { DateTime } from "luxon";

/** How an export's --since and --until are written, shown with every refusal. */
export const EXPORT_TIME_EXAMPLE =
  "give an ISO 8601 date-time with its offset, e.g. 2026-03-01T00:00:00-08:00 (midnight in Los Angeles) or 2026-03-01T08:00:00Z";

/**
 * An export window's bound, in ms: an ISO 8601 date-time with its time zone's offset (or Z), since
 * one without (a date alone, a time read in the zone of whatever machine runs the export) would
 * move the window by hours and miss claims between two daily exports. A string says what is wrong.
 */
export function exportTime(text: string): number | string {
  const time = DateTime.fromISO(text, { setZone: true });
  if (!time.isValid) return "is not a date-time";
  if (!/T[\d:.,]+(Z|[+-]\d{2}(:?\d{2})?)$/i.test(text)) return "has no time zone";
  return time.toMillis();
}
