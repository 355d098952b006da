import { CLAIM_FORM_TYPES } from "#app/flow-registry/flows.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { allClaims, type ClaimMember, type Store } from "#app/storage/store.ts";

/**
 * Claims by day (in the claimants' time zone, America/Los_Angeles, SPEC §9) and form type; and
 * what an administrator checks before paying: members with more than one claim of a form type,
 * and claims no verified member filed (VIN-only filings, and claims from before members were
 * recorded).
 */
export interface ClaimsReport {
  days: Array<{ day: string; counts: Partial<Record<FormType, number>>; total: number }>;
  totals: Partial<Record<FormType, number>>;
  total: number;
  severalClaims: Array<{ claimId: string; formType: FormType; referenceCodes: string[] }>;
  unverified: Array<{
    referenceCode: string;
    formType: FormType;
    signInMethod: ClaimMember["signInMethod"];
    vin: string | null;
  }>;
}

const dayOf = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export async function claimsReport(store: Store): Promise<ClaimsReport> {
  const byDay = new Map<string, Partial<Record<FormType, number>>>();
  const totals: Partial<Record<FormType, number>> = {};
  const byMember = new Map<string, { claimId: string; formType: FormType; referenceCodes: string[] }>();
  const unverified: ClaimsReport["unverified"] = [];
  let total = 0;
  for await (const claim of allClaims(store)) {
    const day = dayOf.format(claim.submittedAt);
    const counts = byDay.get(day) ?? {};
    counts[claim.formType] = (counts[claim.formType] ?? 0) + 1;
    byDay.set(day, counts);
    totals[claim.formType] = (totals[claim.formType] ?? 0) + 1;
    total++;
    const { claimId, verified, signInMethod, vin } = claim.member;
    if (claimId && verified) {
      const key = `${claimId} ${claim.formType}`;
      const entry = byMember.get(key) ?? { claimId, formType: claim.formType, referenceCodes: [] };
      entry.referenceCodes.push(claim.referenceCode);
      byMember.set(key, entry);
    } else {
      unverified.push({ referenceCode: claim.referenceCode, formType: claim.formType, signInMethod, vin });
    }
  }
  const days = [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, counts]) => ({ day, counts, total: Object.values(counts).reduce((sum, count) => sum + count, 0) }));
  const severalClaims = [...byMember.values()]
    .filter((entry) => entry.referenceCodes.length > 1)
    .sort((a, b) => a.claimId.localeCompare(b.claimId) || a.formType.localeCompare(b.formType));
  return { days, totals, total, severalClaims, unverified };
}

/** The report as plain text: a table of days with a total row, then the claims to check. */
export function formatReport(report: ClaimsReport): string {
  const types = CLAIM_FORM_TYPES;
  const header = ["day (Los Angeles)", ...types, "total"];
  const rows = [
    ...report.days.map((day) => [day.day, ...types.map((type) => String(day.counts[type] ?? 0)), String(day.total)]),
    ["total", ...types.map((type) => String(report.totals[type] ?? 0)), String(report.total)],
  ];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  return [
    line(header),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map(line),
    "",
    `Members with more than one claim of a form type: ${report.severalClaims.length}`,
    ...report.severalClaims.map((entry) => `  ${entry.claimId}  ${entry.formType}  ${entry.referenceCodes.join(", ")}`),
    "",
    `Claims without a verified member: ${report.unverified.length}`,
    ...report.unverified.map(
      (entry) =>
        `  ${entry.referenceCode}  ${entry.formType}  signed in by ${entry.signInMethod}${entry.vin ? ` (VIN ${entry.vin})` : ""}`,
    ),
  ].join("\n");
}
