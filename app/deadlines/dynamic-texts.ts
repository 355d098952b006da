import { DateTime } from "luxon";
import { formatDeadline } from "#app/forms/claimant-clock.ts";
import type { DeadlineSettings } from "./deadline-settings.ts";

/**
 * The dynamic localizations of SPEC §9: for each deadline, in each culture, the date as MM/dd/yyyy,
 * as a long date (DDD), and as the full date with its time and the zone's short name in the culture's
 * own order (formatDeadline: "Wednesday, March 31, 2027, 11:59 PM PDT").
 * Keys read Deadline_<key>_MMDDYYYY, Deadline_<key>_DDD and Deadline_<key>_Long.
 */
export function deadlineTexts(settings: DeadlineSettings, culture: string): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const deadline of Object.values(settings)) {
    const at = DateTime.fromMillis(deadline.closesAt, { zone: deadline.zone, locale: culture });
    texts[`Deadline_${deadline.key}_MMDDYYYY`] = at.toFormat("MM/dd/yyyy");
    texts[`Deadline_${deadline.key}_DDD`] = at.toFormat("DDD");
    texts[`Deadline_${deadline.key}_Long`] = formatDeadline(deadline.closesAt, deadline.zone, culture);
  }
  return texts;
}
