import { csvLine } from "#app/claimants/csv.ts";
import {
  type ClaimEvent,
  type ClaimSignal,
  type ClaimSignalKind,
  clusterId,
  type FilingSignals,
} from "#app/storage/claim-events.ts";

/** A claim's signals as the store gives them (Store.claimSignals): each with how many claims share it. */
export type SharedSignal = ClaimSignal & { referenceCode: string; claims: number };

/** The values the export says a claim shares, each a column of claims-<type>.csv. */
const SHARED_COLUMNS: Array<[ClaimSignalKind, string]> = [
  ["bankAccount", "sharedBankAccount"],
  ["email", "sharedEmail"],
  ["phone", "sharedPhone"],
  ["mailingAddress", "sharedMailingAddress"],
  ["network", "sharedNetwork"],
];

/** The filing signals' columns, after the shared ones. */
const FILING_COLUMNS: Array<keyof FilingSignals> = ["network", "userAgent", "secondsToFile", "scripts", "captcha"];

export const EVENTS_FILE = "events.csv";
export const EVENTS_HEADER = ["referenceCode", "at", "kind", "actor", "detail"];

/** The latest filing's signals (the filed or amended event's), if it was recorded. */
function latestFiling(events: ClaimEvent[]): FilingSignals | null {
  const filing = events.findLast((event) => event.detail.filing)?.detail.filing;
  return (filing as FilingSignals | undefined) ?? null;
}

/**
 * In claims.json(l) (issue 27): `events`, the claim's audit trail; `signals`, what its latest
 * filing said of its client (`filing`), the values it shares with other claims (`shared`: kind,
 * the cluster's name and how many claims are in it, this one included) and whether it was filed
 * faster than a person types (`fast`).
 */
export function signalsJson(events: ClaimEvent[], signals: SharedSignal[]) {
  return {
    events: events.map((event) => ({
      at: new Date(event.at).toISOString(),
      kind: event.kind,
      actor: event.actor,
      detail: event.detail,
    })),
    signals: {
      filing: latestFiling(events),
      shared: signals
        .filter((signal) => signal.kind !== "fast" && signal.claims > 1)
        .map((signal) => ({ kind: signal.kind, cluster: clusterId(signal), claims: signal.claims })),
      fast: signals.some((signal) => signal.kind === "fast"),
    },
  };
}

/**
 * The signals' columns of claims-<type>.csv: for each kind of value, the size of the largest
 * cluster the claim is in (empty when it shares none), then the latest filing's signals and "fast".
 */
export function signalColumns(events: ClaimEvent[], signals: SharedSignal[]): Record<string, string | number> {
  const filing = latestFiling(events);
  return {
    ...Object.fromEntries(
      SHARED_COLUMNS.map(([kind, column]) => {
        const largest = Math.max(0, ...signals.filter((signal) => signal.kind === kind).map((signal) => signal.claims));
        return [column, largest > 1 ? largest : ""];
      }),
    ),
    ...Object.fromEntries(FILING_COLUMNS.map((key) => [key, filing?.[key] ?? ""])),
    fast: signals.some((signal) => signal.kind === "fast") ? "true" : "",
  };
}

/** events.csv: a row per event of each claim, in order; what changed as JSON. */
export function eventLines(referenceCode: string, events: ClaimEvent[]): string[] {
  return events.map((event) =>
    csvLine([referenceCode, new Date(event.at).toISOString(), event.kind, event.actor, JSON.stringify(event.detail)]),
  );
}
