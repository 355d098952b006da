import { FORM_TYPES, type FormType } from "#app/deadlines/deadline-guard.ts";
import { allClaims, type Store } from "#app/storage/store.ts";

/** Claims by day (in the claimants' time zone, America/Los_Angeles, SPEC §9) and form type. */
export interface ClaimsReport {
  days: Array<{ day: string; counts: Partial<Record<FormType, number>>; total: number }>;
  totals: Partial<Record<FormType, number>>;
  total: number;
}

const dayOf = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit" });

export async function claimsReport(store: Store): Promise<ClaimsReport> {
  const byDay = new Map<string, Partial<Record<FormType, number>>>();
  const totals: Partial<Record<FormType, number>> = {};
  let total = 0;
  for await (const claim of allClaims(store)) {
    const day = dayOf.format(claim.submittedAt);
    const counts = byDay.get(day) ?? {};
    counts[claim.formType] = (counts[claim.formType] ?? 0) + 1;
    byDay.set(day, counts);
    totals[claim.formType] = (totals[claim.formType] ?? 0) + 1;
    total++;
  }
  const days = [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, counts]) => ({ day, counts, total: Object.values(counts).reduce((sum, count) => sum + count, 0) }));
  return { days, totals, total };
}

/** The report as a plain-text table, one row per day and a total row. */
export function formatReport(report: ClaimsReport): string {
  const types = FORM_TYPES.filter((type) => type !== "lookup");
  const header = ["day (Los Angeles)", ...types, "total"];
  const rows = [...report.days.map((day) => [day.day, ...types.map((type) => String(day.counts[type] ?? 0)), String(day.total)]), ["total", ...types.map((type) => String(report.totals[type] ?? 0)), String(report.total)]];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}
