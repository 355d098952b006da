import { CLAIM_FORM_TYPES } from "#app/flow-registry/flows.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { FAST_FILING_SECONDS } from "#app/signals/claim-signals.server.ts";
import type { ClaimStatusName } from "#app/claims/claim-status.ts";
import {
  type ClaimSignalKind,
  clusterId,
  HOUR_MS,
  type NetworkBurst,
  type SignalCluster,
  type SignInHour,
} from "#app/storage/claim-events.ts";
import { allClaims, type ClaimMember, type Store } from "#app/storage/store.ts";

/** The values whose sharing the report looks for, as it names them. */
const SHARED_KINDS: Array<[ClaimSignalKind, string]> = [
  ["bankAccount", "bank account"],
  ["email", "e-mail address"],
  ["phone", "phone number"],
  ["mailingAddress", "mailing address"],
];

/** How many of the largest clusters of each kind, and bursts, the report lists. */
const LISTED = 20;

/** Filings from one network within a clock hour that make a burst. */
export const BURST_CLAIMS = 10;

/** How far back the report's sign-ins per hour go. */
const SIGN_IN_DAYS = 7;

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
  /**
   * Signals across claims (issue 27; docs/operating.md "Signals"): values several claims share
   * (the largest clusters of each kind), networks that filed many claims within an hour, and
   * filings faster than a person could type them. None refuses a claim: review starts from them.
   */
  signals: {
    shared: SignalCluster[];
    bursts: NetworkBurst[];
    fast: SignalCluster | null;
  };
  /** How many claims have each current status ("received": none imported yet). */
  statuses: Partial<Record<ClaimStatusName | "received", number>>;
  /** Sign-ins per hour over the last SIGN_IN_DAYS days, by outcome. */
  signIns: SignInHour[];
  /** When the report was made. */
  madeAt: number;
}

const dayOf = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export async function claimsReport(store: Store, now = Date.now()): Promise<ClaimsReport> {
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
  const shared = (await Promise.all(SHARED_KINDS.map(([kind]) => store.signalClusters(kind, 2, LISTED)))).flat();
  const [fast] = await store.signalClusters("fast", 1, 1);
  const bursts = await store.networkBursts(BURST_CLAIMS, LISTED);
  return {
    days,
    totals,
    total,
    severalClaims,
    unverified,
    signals: { shared, bursts, fast: fast ?? null },
    statuses: await store.statusCounts(),
    signIns: await store.signInsByHour(now - SIGN_IN_DAYS * 24 * HOUR_MS),
    madeAt: now,
  };
}

/** A cluster's name in the report: its kind's words and its id (the export's `cluster`), never the value. */
export const clusterName = (cluster: SignalCluster) =>
  `${SHARED_KINDS.find(([kind]) => kind === cluster.kind)?.[1] ?? cluster.kind} ${clusterId(cluster)}`;

/** The codes of a cluster, with how many more it has. */
const codesOf = (cluster: SignalCluster) =>
  `${cluster.referenceCodes.join(", ")}${cluster.claims > cluster.referenceCodes.length ? ` and ${cluster.claims - cluster.referenceCodes.length} more` : ""}`;

function formatSignals(signals: ClaimsReport["signals"]): string[] {
  const hour = (start: number) => new Date(start).toISOString().slice(0, 16).replace("T", " ");
  return [
    `Claims sharing a bank account, an e-mail address, a phone number or a mailing address (clusters): ${signals.shared.length}`,
    ...signals.shared.map((cluster) => `  ${clusterName(cluster)}: ${cluster.claims} claims: ${codesOf(cluster)}`),
    "",
    `Networks that filed ${BURST_CLAIMS} or more claims within an hour (bursts): ${signals.bursts.length}`,
    ...signals.bursts.map(
      (burst) => `  ${burst.network}: ${burst.claims} claims in the hour from ${hour(burst.hourStart)} UTC`,
    ),
    "",
    `Claims filed less than ${FAST_FILING_SECONDS} s after signing in (faster than a person types): ${signals.fast?.claims ?? 0}`,
    ...(signals.fast ? [`  ${codesOf(signals.fast)}`] : []),
    "",
    'None of these refuses a claim by itself: review starts from them (docs/operating.md, "Signals across claims and the audit trail").',
  ];
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
    "",
    ...formatSignals(report.signals),
  ].join("\n");
}
