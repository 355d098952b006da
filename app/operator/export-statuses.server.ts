import { csvLine } from "#app/claimants/csv.ts";
import type { Claim, ClaimStatus } from "#app/storage/store.ts";
import { claimantDay } from "./import-statuses.server.ts";

/**
 * What the export carries of a claim's status (issue 25, decision 028): its current status and the
 * day it took effect ("received" and the filing day while none is imported) in the claim's row and
 * JSON, and its history, a row per status as imported, in statuses.csv and the JSON's statusHistory.
 */
export function currentStatus(claim: Claim, statuses: ClaimStatus[]): { status: string; statusDate: string } {
  const latest = statuses.at(-1);
  return latest
    ? { status: latest.status, statusDate: latest.date }
    : { status: "received", statusDate: claimantDay(claim.submittedAt) };
}

export function statusJson(claim: Claim, statuses: ClaimStatus[]) {
  return {
    ...currentStatus(claim, statuses),
    statusHistory: statuses.map(({ referenceCode: _code, importedAt, ...status }) => ({
      ...status,
      importedAt: new Date(importedAt).toISOString(),
    })),
  };
}

export const STATUS_HISTORY_FILE = "statuses.csv";
export const STATUS_HISTORY_HEADER = [
  "referenceCode",
  "status",
  "date",
  "reasonCode",
  "reasonText",
  "dueDate",
  "paymentMethod",
  "importedAt",
];

/** A claim's rows of statuses.csv, oldest first. */
export function statusHistoryLines(statuses: ClaimStatus[]): string[] {
  return statuses.map((status) =>
    csvLine([
      status.referenceCode,
      status.status,
      status.date,
      status.reasonCode,
      status.reasonText,
      status.dueDate,
      status.paymentMethod,
      new Date(status.importedAt).toISOString(),
    ]),
  );
}
