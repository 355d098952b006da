import { DateTime } from "luxon";
import { describe, expect, test } from "vitest";
import { deadlineRedirectTarget, passedDeadline } from "#app/deadlines/deadline-guard.ts";
import { FLOW_DEADLINE_KEYS } from "#app/flow-registry/flows.ts";
import { type DeadlineSettings, deadlinesSchema } from "#app/deadlines/deadline-settings.ts";
import { deadlineTexts } from "#app/deadlines/dynamic-texts.ts";
import { ianaZoneFor, MICROSOFT_TO_IANA_TIME_ZONES } from "#app/deadlines/time-zones.ts";

function settingsOf(config: unknown): DeadlineSettings {
  return deadlinesSchema.parse(config).settings;
}

describe("deadline time zones", () => {
  test("the thirteen Microsoft zone names map to IANA zones luxon knows", () => {
    const names = Object.keys(MICROSOFT_TO_IANA_TIME_ZONES);
    expect(names).toHaveLength(13);
    for (const name of names) expect(DateTime.now().setZone(ianaZoneFor(name)).isValid, name).toBe(true);
  });

  test("any other name is refused, naming it", () => {
    expect(() => ianaZoneFor("Romance Standard Time")).toThrow(/Romance Standard Time/);
    const result = deadlinesSchema.safeParse({ en: { projectTimeZone: "America/Los_Angeles", deadlines: {} } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["en", "projectTimeZone"]);
    expect(result.error?.issues[0]?.message).toMatch(/Unknown deadline time zone "America\/Los_Angeles"/);
  });
});

describe("the per-language shape", () => {
  const config = {
    en: {
      projectTimeZone: "Eastern Standard Time",
      deadlines: {
        claimFilingDeadline: { deadlineDateTime: "2027-03-31T23:59:59", redirectUrl: "https://example.test/closed" },
        globalDeadline: { deadlineDateTime: "2027-06-30T17:00:00", redirectUrl: "https://example.test/over" },
      },
    },
    es: {
      projectTimeZone: "Eastern Standard Time",
      deadlines: {
        claimFilingDeadline: { deadlineDateTime: "2027-03-31T23:59:59", redirectUrl: "https://example.test/cerrado" },
      },
    },
  };

  test("takes the date-time in the project zone, per-culture targets and en as the default", () => {
    const settings = settingsOf(config);
    expect(settings.claimFilingDeadline?.closesAt).toBe(Date.parse("2027-03-31T23:59:59-04:00"));
    expect(settings.claimFilingDeadline?.redirectTargets).toEqual({
      default: "https://example.test/closed",
      en: "https://example.test/closed",
      es: "https://example.test/cerrado",
    });
    expect(settings.lookupDeadline).toBeUndefined();
  });

  test("a language that disagrees on the date-time is refused with its path", () => {
    const broken = structuredClone(config);
    broken.es.deadlines.claimFilingDeadline.deadlineDateTime = "2027-04-01T00:00:00";
    const result = deadlinesSchema.safeParse(broken);
    expect(result.error?.issues[0]?.path).toEqual(["es", "deadlines", "claimFilingDeadline", "deadlineDateTime"]);
  });

  test("a redirect target that browsers read as another site (//host, /\\host) is refused", () => {
    for (const target of ["//evil.example/closed", "/\\evil.example/closed"]) {
      const broken = structuredClone(config);
      broken.en.deadlines.claimFilingDeadline.redirectUrl = target;
      expect(deadlinesSchema.safeParse(broken).success, target).toBe(false);
    }
  });

  test("an unknown deadline key is refused", () => {
    const result = deadlinesSchema.safeParse({
      en: { projectTimeZone: "UTC", deadlines: { fooDeadline: { deadlineDateTime: "2027-01-01T00:00:00" } } },
    });
    expect(result.success).toBe(false);
  });
});

describe("the flat shape", () => {
  test("a date closes at the end of that day in its zone", () => {
    const settings = settingsOf({
      deadlines: { lookupDeadline: { date: "03/10/2027", timeZone: "Pacific Standard Time" } },
    });
    const closesAt = settings.lookupDeadline!.closesAt;
    expect(passedDeadline(settings, ["lookupDeadline"], Date.parse("2027-03-10T23:59:59-08:00"))).toBeUndefined();
    expect(passedDeadline(settings, ["lookupDeadline"], Date.parse("2027-03-11T00:00:00-08:00"))?.key).toBe(
      "lookupDeadline",
    );
    expect(closesAt).toBe(Date.parse("2027-03-10T23:59:59.999-08:00"));
  });

  test("an impossible date or a wrong format is refused", () => {
    expect(
      deadlinesSchema.safeParse({ deadlines: { lookupDeadline: { date: "02/30/2027", timeZone: "UTC" } } }).success,
    ).toBe(false);
    expect(
      deadlinesSchema.safeParse({ deadlines: { lookupDeadline: { date: "2027-02-03", timeZone: "UTC" } } }).success,
    ).toBe(false);
  });
});

describe("which deadline applies and where it sends the claimant", () => {
  const settings = settingsOf({
    deadlines: {
      claimFilingDeadline: {
        date: "03/31/2027",
        timeZone: "UTC",
        redirectTargets: { es: "https://example.test/es", default: "https://example.test/default" },
      },
      lookupDeadline: { date: "03/31/2027", timeZone: "UTC" },
      globalDeadline: {
        date: "06/30/2027",
        timeZone: "UTC",
        redirectTargets: { default: "https://example.test/global" },
      },
    },
  });
  const april = Date.parse("2027-04-15T12:00:00Z");

  test("each flow checks its own keys, most specific first", () => {
    expect(FLOW_DEADLINE_KEYS.reimbursement).toEqual(["claimFilingDeadline", "globalDeadline"]);
    expect(passedDeadline(settings, FLOW_DEADLINE_KEYS.automotive, april)?.key).toBe("claimFilingDeadline");
    expect(passedDeadline(settings, FLOW_DEADLINE_KEYS.lookup, april)?.key).toBe("lookupDeadline");
    expect(passedDeadline(settings, FLOW_DEADLINE_KEYS.automotive, Date.parse("2027-03-31T23:00:00Z"))).toBeUndefined();
  });

  test("target for the culture, else its default, else the global default, else /deadline, told the flow", () => {
    expect(deadlineRedirectTarget(settings, "claimFilingDeadline", "es", "automotive")).toBe("https://example.test/es");
    expect(deadlineRedirectTarget(settings, "claimFilingDeadline", "en", "automotive")).toBe(
      "https://example.test/default",
    );
    expect(deadlineRedirectTarget(settings, "lookupDeadline", "en", "lookup")).toBe("https://example.test/global");
    const withoutGlobal = { ...settings, globalDeadline: undefined };
    expect(deadlineRedirectTarget(withoutGlobal, "lookupDeadline", "en", "lookup")).toBe("/deadline?flow=lookup");
    expect(deadlineRedirectTarget(withoutGlobal, "lookupDeadline", "es", "lookup")).toBe(
      "/deadline?flow=lookup&culture=es",
    );
  });

  test("a local target keeps the claimant's culture; another site's is left alone", () => {
    const local = settingsOf({
      deadlines: {
        claimFilingDeadline: {
          date: "03/31/2027",
          timeZone: "UTC",
          redirectTargets: { default: "/closed?from=filing#top" },
        },
        lookupDeadline: {
          date: "03/31/2027",
          timeZone: "UTC",
          redirectTargets: { default: "https://example.test/closed" },
        },
      },
    });
    expect(deadlineRedirectTarget(local, "claimFilingDeadline", "es", "automotive")).toBe(
      "/closed?from=filing&culture=es#top",
    );
    expect(deadlineRedirectTarget(local, "claimFilingDeadline", "en", "automotive")).toBe("/closed?from=filing#top");
    expect(deadlineRedirectTarget(local, "lookupDeadline", "es", "lookup")).toBe("https://example.test/closed");
  });
});

describe("dynamic deadline texts", () => {
  test("MMDDYYYY, long date and the full date with its time and zone, each in the culture's own order", () => {
    const settings = settingsOf({
      en: {
        projectTimeZone: "Pacific Standard Time",
        deadlines: { claimFilingDeadline: { deadlineDateTime: "2027-03-31T23:59:59" } },
      },
    });
    expect(deadlineTexts(settings, "en")).toEqual({
      Deadline_claimFilingDeadline_MMDDYYYY: "03/31/2027",
      Deadline_claimFilingDeadline_DDD: "March 31, 2027",
      Deadline_claimFilingDeadline_Long: "Wednesday, March 31, 2027, 11:59 PM PDT",
    });
    const spanish = deadlineTexts(settings, "es");
    expect(spanish.Deadline_claimFilingDeadline_DDD).toBe("31 de marzo de 2027");
    expect(spanish.Deadline_claimFilingDeadline_Long).toBe("miércoles, 31 de marzo de 2027, 11:59 p. m. PDT");
  });
});
