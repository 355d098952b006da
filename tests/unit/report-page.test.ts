import { expect, test } from "vitest";
import type { ClaimsReport } from "#app/operator/claims-report.server.ts";
import { reportPage } from "#app/operator/report-page.server.ts";

const HOUR = 3_600_000;
const MADE_AT = Date.parse("2026-11-27T10:30:00Z");

function report(extra: Partial<ClaimsReport> = {}): ClaimsReport {
  return {
    days: [],
    totals: {},
    total: 0,
    severalClaims: [],
    unverified: [],
    signals: { shared: [], bursts: [], fast: null },
    statuses: {},
    signIns: [],
    madeAt: MADE_AT,
    ...extra,
  };
}

/** The x of each bar of a chart, by its SVG's id. */
const barsOf = (html: string, id: string) => {
  const svg = html.slice(
    html.indexOf(`aria-labelledby="${id}-title`),
    html.indexOf("</svg>", html.indexOf(`${id}-title`)),
  );
  return [...svg.matchAll(/<rect x="([\d.]+)"/g)].map((match) => Number(match[1]));
};

test("the charts' gaps are time: a day or an hour without any is a bar of 0, not left out", () => {
  const html = reportPage(
    report({
      days: [
        { day: "2026-11-20", counts: { standard: 1 }, total: 1 },
        { day: "2026-11-27", counts: { standard: 1 }, total: 1 },
      ],
      totals: { standard: 2 },
      total: 2,
      signIns: [
        { hourStart: MADE_AT - 3 * 24 * HOUR - 1_800_000, outcome: "succeeded", attempts: 1 },
        { hourStart: MADE_AT - 5 * HOUR - 1_800_000, outcome: "succeeded", attempts: 1 },
        { hourStart: MADE_AT - 1_800_000, outcome: "succeeded", attempts: 1 },
      ],
    }),
    "Case",
  );
  // Two days a week apart: the first and the last of eight slots.
  const days = barsOf(html, "days");
  expect(days).toHaveLength(2);
  const daySlot = (480 - 48) / 8;
  expect(Math.round((days[1]! - days[0]!) / daySlot)).toBe(7);
  // Hours 3 days and 5 hours back from the last: as far apart as that, on a week of hours.
  const hours = barsOf(html, "sign-in-chart");
  expect(hours).toHaveLength(3);
  const hourSlot = (480 - 48) / (7 * 24);
  expect(Math.round((hours[2]! - hours[0]!) / hourSlot)).toBe(72);
  expect(Math.round((hours[2]! - hours[1]!) / hourSlot)).toBe(5);
});

test("an empty store says so in words, not only in the charts' descriptions", () => {
  const html = reportPage(report(), "Case");
  expect(html).toContain("<p>No claims filed yet.</p>");
  expect(html).toContain("<p>No value is shared by two claims or more.</p>");
});
