/**
 * Deadline time zones are given by their Microsoft (Windows) names, as the claims-administration
 * back office writes them. Only these thirteen are accepted (SPEC §5); each maps to an IANA zone so
 * daylight saving is handled by the zone database rather than by fixed offsets.
 */
export const MICROSOFT_TO_IANA_TIME_ZONES = {
  "Eastern Standard Time": "America/New_York",
  "US Eastern Standard Time": "America/Indiana/Indianapolis",
  "Central Standard Time": "America/Chicago",
  "Mountain Standard Time": "America/Denver",
  "US Mountain Standard Time": "America/Phoenix",
  "Pacific Standard Time": "America/Los_Angeles",
  "Alaskan Standard Time": "America/Anchorage",
  "Aleutian Standard Time": "America/Adak",
  "Hawaiian Standard Time": "Pacific/Honolulu",
  "Atlantic Standard Time": "America/Halifax",
  "SA Western Standard Time": "America/Puerto_Rico",
  "West Pacific Standard Time": "Pacific/Guam",
  UTC: "Etc/UTC",
} as const;

export type MicrosoftTimeZone = keyof typeof MICROSOFT_TO_IANA_TIME_ZONES;

export function isMicrosoftTimeZone(name: string): name is MicrosoftTimeZone {
  return Object.hasOwn(MICROSOFT_TO_IANA_TIME_ZONES, name);
}

export function ianaZoneFor(name: string): string {
  if (!isMicrosoftTimeZone(name)) {
    throw new Error(
      `Unknown deadline time zone "${name}". Use one of: ${Object.keys(MICROSOFT_TO_IANA_TIME_ZONES).join(", ")}.`,
    );
  }
  return MICROSOFT_TO_IANA_TIME_ZONES[name];
}

/** Dates typed by claimants, and "today", are always in Los Angeles (SPEC §9). */
export const CLAIMANT_DATE_ZONE = "America/Los_Angeles";
