import type { ClaimEvent, FilingSignals } from "#app/storage/claim-events.ts";
import type { Claim, Store } from "#app/storage/store.ts";

/** A claim and its audit trail (`npm run portal -- history <reference code>`). */
export interface ClaimHistory {
  claim: Claim;
  events: ClaimEvent[];
}

export async function claimHistory(store: Store, referenceCode: string): Promise<ClaimHistory | undefined> {
  const claim = await store.getClaim(referenceCode);
  return claim && { claim, events: await store.claimEvents(referenceCode) };
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

/** "4 min 10 s": how long from signing in to filing. */
function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** What the filing said of its client, in words. */
function filingText(filing: FilingSignals): string {
  return [
    `from ${filing.network}`,
    filing.userAgent,
    filing.scripts === "api" ? "through the API" : `scripts ${filing.scripts}`,
    `captcha ${filing.captcha}`,
    ...(filing.secondsToFile === null ? [] : [`${duration(filing.secondsToFile)} after signing in`]),
  ].join(", ");
}

/** What an event says changed, in words: never an answer's value. */
function eventText(event: ClaimEvent): string {
  const detail = event.detail as {
    version?: number;
    documents?: number | Array<{ name: string; size: number }>;
    changed?: string[];
    filing?: FilingSignals;
    status?: string;
    date?: string;
    reasonCode?: string | null;
    reasonText?: string | null;
    dueDate?: string | null;
    paymentMethod?: string | null;
    recordedLater?: boolean;
  };
  const changed = detail.changed?.length ? `: ${detail.changed.join(", ")}` : "";
  const later = detail.recordedLater ? " (recorded when the trail began)" : "";
  switch (event.kind) {
    case "filed":
    case "amended":
      return `version ${detail.version}${typeof detail.documents === "number" ? `, ${plural(detail.documents, "document")}` : ""}${changed}${detail.filing ? `; ${filingText(detail.filing)}` : ""}${later}`;
    case "addressChanged":
      return `contact details, change ${detail.version}${changed}${later}`;
    case "documentsAdded":
      return `${(Array.isArray(detail.documents) ? detail.documents : []).map((document) => `${document.name} (${document.size} bytes)`).join(", ")}${later}`;
    case "statusImported":
      return `${detail.status} on ${detail.date}${detail.reasonCode ? `, reason ${detail.reasonCode}` : ""}${detail.reasonText ? `, "${detail.reasonText}"` : ""}${detail.dueDate ? `, due ${detail.dueDate}` : ""}${detail.paymentMethod ? `, by ${detail.paymentMethod}` : ""}${later}`;
  }
}

/** The history as text: the claim, then a line per event, oldest first, in UTC. */
export function formatHistory({ claim, events }: ClaimHistory): string {
  const { member } = claim;
  const who = member.claimId
    ? `member ${member.claimId}${member.verified ? "" : " (not verified)"}`
    : member.vin
      ? `VIN ${member.vin} (not verified)`
      : `signed in by ${member.signInMethod}`;
  const kindWidth = Math.max(...events.map((event) => event.kind.length), 0);
  return [
    `${claim.referenceCode} (${claim.formType}): ${who}; ${plural(claim.version, "version")}, first filed ${new Date(claim.submittedAt).toISOString()}`,
    ...(events.length === 0 ? ["No events recorded."] : []),
    ...events.map(
      (event) =>
        `${new Date(event.at).toISOString()}  ${event.kind.padEnd(kindWidth)}  ${event.actor.padEnd(8)}  ${eventText(event)}`,
    ),
  ].join("\n");
}
