import { DateTime } from "luxon";
import { z } from "zod";
import { ianaZoneFor, isMicrosoftTimeZone } from "./time-zones.ts";

export const DEADLINE_KEYS = [
  "globalDeadline",
  "claimFilingDeadline",
  "lookupDeadline",
  "reimbursementFilingDeadline",
] as const;
export type DeadlineKey = (typeof DEADLINE_KEYS)[number];

const timeZoneName = z.string().refine(isMicrosoftTimeZone, {
  error: (issue) =>
    `Unknown deadline time zone "${String(issue.input)}"; use one of the 13 Microsoft zone names listed in docs/configuration.md`,
});

/** A redirect target is external (an absolute http(s) URL) or a path on this portal (not "//host" or "/\host", which browsers read as another site). */
const redirectUrl = z.string().refine((value) => /^https?:\/\//.test(value) || /^\/(?![/\\])/.test(value), {
  error: "Must be an absolute http(s) URL or a path starting with /",
});

/** "redirectTargets": one per culture plus an optional "default". */
const redirectTargets = z.record(z.string(), redirectUrl);

/**
 * Shape 1 of GET /api/deadlines (SPEC §7): one entry per language, each with the project time zone
 * and the deadlines' local date-time and redirect URL for that language.
 */
const perLanguageDeadline = z.strictObject({
  deadlineDateTime: z.iso.datetime({ local: true, error: "Expected a local date-time like 2027-03-31T23:59:59" }),
  redirectUrl: redirectUrl.optional(),
});
const perLanguageEntry = z.strictObject({
  projectTimeZone: timeZoneName,
  deadlines: z.partialRecord(z.enum(DEADLINE_KEYS), perLanguageDeadline),
});
export const perLanguageDeadlinesSchema = z.record(z.string(), perLanguageEntry).refine((value) => "en" in value, {
  error: 'The per-language shape needs an "en" entry',
});

/** Shape 2: a flat map of deadlines, each a date (MM/dd/yyyy, closing at the end of that day) and a zone. */
const flatDeadline = z.strictObject({
  date: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, "Expected a date like 03/31/2027 (MM/dd/yyyy)"),
  timeZone: timeZoneName,
  redirectTargets: redirectTargets.optional(),
});
export const flatDeadlinesSchema = z.strictObject({
  deadlines: z.partialRecord(z.enum(DEADLINE_KEYS), flatDeadline),
});

type FlatDeadlines = z.infer<typeof flatDeadlinesSchema>;
type PerLanguageDeadlines = z.infer<typeof perLanguageDeadlinesSchema>;
export type DeadlinesConfig = FlatDeadlines | PerLanguageDeadlines;

function isFlatShape(value: unknown): boolean {
  return typeof value === "object" && value !== null && "deadlines" in value;
}

/**
 * Either shape, as written by the operator, checked against the schema its top level names
 * (so errors point into the shape the operator meant) and normalised to DeadlineSettings.
 */
export const deadlinesSchema = z.unknown().transform((value, ctx) => {
  const schema = isFlatShape(value) ? flatDeadlinesSchema : perLanguageDeadlinesSchema;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.issues.push({ code: "custom", message: issue.message, path: issue.path, input: value });
    return z.NEVER;
  }
  try {
    const config = parsed.data as DeadlinesConfig;
    return { config, settings: normalizeDeadlines(config) };
  } catch (error) {
    if (!(error instanceof DeadlineConfigError)) throw error;
    ctx.issues.push({ code: "custom", message: error.message, path: error.path, input: value });
    return z.NEVER;
  }
});

/** What the portal works with, whichever shape the operator wrote. */
export interface Deadline {
  key: DeadlineKey;
  /** The last instant at which the deadline has not yet passed, in epoch milliseconds. */
  closesAt: number;
  /** IANA zone the deadline is expressed in; dynamic texts are shown in it. */
  zone: string;
  /** Redirect target per culture, and "default". */
  redirectTargets: Record<string, string>;
}
export type DeadlineSettings = Partial<Record<DeadlineKey, Deadline>>;

/** Issues found while normalising, with the path inside the deadlines object. */
export class DeadlineConfigError extends Error {
  readonly path: (string | number)[];
  constructor(path: (string | number)[], message: string) {
    super(message);
    this.path = path;
  }
}

export function normalizeDeadlines(config: DeadlinesConfig): DeadlineSettings {
  return isFlatShape(config)
    ? normalizeFlat(config as FlatDeadlines)
    : normalizePerLanguage(config as PerLanguageDeadlines);
}

function normalizeFlat(config: FlatDeadlines): DeadlineSettings {
  const settings: DeadlineSettings = {};
  for (const key of DEADLINE_KEYS) {
    const entry = config.deadlines[key];
    if (!entry) continue;
    const zone = ianaZoneFor(entry.timeZone);
    const day = DateTime.fromFormat(entry.date, "MM/dd/yyyy", { zone });
    if (!day.isValid) throw new DeadlineConfigError(["deadlines", key, "date"], `Not a real date: ${entry.date}`);
    settings[key] = { key, closesAt: day.endOf("day").toMillis(), zone, redirectTargets: entry.redirectTargets ?? {} };
  }
  return settings;
}

/**
 * The date-time comes from the "en" entry (the default culture); every other language may only
 * repeat it. Each language's redirectUrl is that culture's target, and the "en" one is the default.
 */
function normalizePerLanguage(config: PerLanguageDeadlines): DeadlineSettings {
  const english = config.en!;
  const zone = ianaZoneFor(english.projectTimeZone);
  const settings: DeadlineSettings = {};
  for (const key of DEADLINE_KEYS) {
    const entry = english.deadlines[key];
    if (!entry) continue;
    const closes = DateTime.fromISO(entry.deadlineDateTime, { zone });
    if (!closes.isValid) {
      throw new DeadlineConfigError(
        ["en", "deadlines", key, "deadlineDateTime"],
        `Not a real date-time: ${entry.deadlineDateTime}`,
      );
    }
    const redirectTargets: Record<string, string> = {};
    if (entry.redirectUrl) redirectTargets.default = entry.redirectUrl;
    for (const [culture, languageEntry] of Object.entries(config)) {
      const localized = languageEntry.deadlines[key];
      if (!localized) continue;
      if (
        localized.deadlineDateTime !== entry.deadlineDateTime ||
        languageEntry.projectTimeZone !== english.projectTimeZone
      ) {
        throw new DeadlineConfigError(
          [culture, "deadlines", key, "deadlineDateTime"],
          `Differs from the "en" entry (${entry.deadlineDateTime}, ${english.projectTimeZone}); a deadline is the same in every language`,
        );
      }
      if (localized.redirectUrl) redirectTargets[culture] = localized.redirectUrl;
    }
    settings[key] = { key, closesAt: closes.toMillis(), zone, redirectTargets };
  }
  return settings;
}
