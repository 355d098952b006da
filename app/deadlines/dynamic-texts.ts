import { DateTime } from "luxon";
import type { DeadlineSettings } from "./deadline-settings.ts";

/**
 * The dynamic localizations of SPEC §9: for each deadline, in each culture, the date as MM/dd/yyyy,
 * as a long date (DDD), and as a weekday-long date with the zone's name (EEEE MMMM d, y ZZZZZ).
 * Keys read Deadline_<key>_MMDDYYYY, Deadline_<key>_DDD and Deadline_<key>_Long.
 */
export function deadlineTexts(settings: DeadlineSettings, culture: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const deadline of Object.values(settings)) {
    const at = DateTime.fromMillis(deadline.closesAt, { zone: deadline.zone, locale: culture });
    texts[`Deadline_${deadline.key}_MMDDYYYY`] = at.toFormat("MM/dd/yyyy");
    texts[`Deadline_${deadline.key}_DDD`] = at.toFormat("DDD");
    texts[`Deadline_${deadline.key}_Long`] = at.toFormat("EEEE MMMM d, y ZZZZZ");
  }
  return texts;
}
