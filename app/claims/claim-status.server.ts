import type { Translate } from "#app/i18n/i18n.ts";
import { calendarDate } from "#app/forms/claimant-dates.ts";
import { claimantToday, formatDayLong } from "#app/forms/claimant-clock.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { localize } from "#app/settlement/settlement-schema.ts";
import { getStore } from "#app/storage/store.server.ts";
import {
  type Claim,
  type ClaimStatus,
  claimStatusFingerprint,
  type ContactChange,
  type NewClaimStatus,
  type NewEmail,
} from "#app/storage/store.ts";
import type { AccessibleClaim } from "./claim-access.server.ts";
import { claimEmail, claimRecipient } from "./claim-email.server.ts";
import type { ClaimStatusName } from "./claim-status.ts";

/** One change of a claim's status as its claimant reads it: what, since when, and what it says (never an account number). */
export interface StatusChange {
  status: ClaimStatusName | "received";
  /** The status's name in the claimant's language. */
  label: string;
  /** The day it took effect, in the claimant's language. */
  date: string;
  /** What the claimant is told of it: the reason, what is needed and by when, how it was paid. */
  details: string[];
}

/** A filed claim's status for its page: the current one, and every change, newest first (received last). */
export interface ClaimStatusView {
  referenceCode: string;
  flow: string;
  current: StatusChange;
  history: StatusChange[];
}

/**
 * Claim status (issue 25, docs/decisions/028-claim-status.md): the statuses of the claims this
 * session may see (claim access), in the claimant's language. A claim with no status imported yet
 * is Received, since the day it was filed. A status names its reason or the documents needed by
 * the settlement's text for its code (statusReasons), or by the administrator's own words.
 */
export async function claimStatuses(
  found: AccessibleClaim[],
  text: Translate,
  culture: string,
): Promise<ClaimStatusView[]> {
  if (found.length === 0) return [];
  const statuses = Map.groupBy(
    await getStore().claimStatuses(found.map(({ claim }) => claim.referenceCode)),
    (status) => status.referenceCode,
  );
  // A claim whose administrator asks for documents shows that they came: the day of the latest added since.
  const received = new Map(
    await Promise.all(
      found.map(async ({ claim }) => {
        const needed = statuses.get(claim.referenceCode)?.findLast((status) => status.status === "documents_needed");
        const since = needed && (await getStore().claimAdditions(claim.referenceCode, needed.importedAt)).at(-1);
        return [claim.referenceCode, since ? since.addedAt! : undefined] as const;
      }),
    ),
  );
  return found.map(({ claim }) => {
    const filed: StatusChange = {
      status: "received",
      label: text("Status_received"),
      date: formatDayLong(claimantToday(claim.submittedAt), culture, "long"),
      details: [],
    };
    const changes = (statuses.get(claim.referenceCode) ?? []).map((status) => statusChange(status, text, culture));
    const history = [...changes.reverse(), filed];
    const documentsCame = received.get(claim.referenceCode);
    if (history[0]!.status === "documents_needed" && documentsCame)
      history[0] = {
        ...history[0]!,
        details: [
          ...history[0]!.details,
          text("Documents_Status_Received", formatDayLong(claimantToday(documentsCame), culture, "long")),
        ],
      };
    return {
      referenceCode: claim.referenceCode,
      flow: text(`Flow_${claim.formType}_Title`),
      current: history[0]!,
      history,
    };
  });
}

function statusChange(status: ClaimStatus, text: Translate, culture: string): StatusChange {
  const reason = statusReason(status, culture);
  const details =
    status.status === "documents_needed"
      ? [text("Status_Needed", reason), text("Status_NeededBy", day(status.dueDate!, culture))]
      : status.status === "denied"
        ? [text("Status_Reason", reason)]
        : status.status === "paid"
          ? [text("Status_PaidBy", text(`Status_Paid_${status.paymentMethod}`), day(status.date, culture))]
          : [];
  return { status: status.status, label: text(`Status_${status.status}`), date: day(status.date, culture), details };
}

/** What a status names (why denied, what is needed) in the claimant's language: the settlement's text for its code, or the administrator's words. */
function statusReason(status: Pick<ClaimStatus, "reasonCode" | "reasonText">, culture: string): string {
  const code = status.reasonCode ? getPortal().settlement.statusReasons[status.reasonCode] : undefined;
  // A code the settlement no longer names (its statusReasons changed since) shows as the code itself.
  return code ? localize(code, culture) : (status.reasonText ?? status.reasonCode ?? "");
}

/**
 * The claimant's message about a status the administrator added, if it asks something of them
 * (Documents needed: what, by when), in the claim's language; undefined for the others, with
 * e-mail off, or without an address. One per status (keyed by its fingerprint).
 */
export function statusEmail(
  status: NewClaimStatus,
  claim: Claim,
  latestContact: ContactChange | undefined,
): NewEmail | undefined {
  if (status.status !== "documents_needed") return undefined;
  const to = claimRecipient(claim, latestContact);
  if (!to) return undefined;
  return claimEmail(`claim-status:${claim.referenceCode}:${claimStatusFingerprint(status)}`, to, claim.culture, {
    kind: "documentsNeeded",
    referenceCode: claim.referenceCode,
    needed: statusReason(status, claim.culture),
    ...(status.dueDate ? { by: day(status.dueDate, claim.culture) } : {}),
  });
}

/** A YYYY-MM-DD day in the claimant's language ("May 1, 2026", "1 de mayo de 2026"). */
function day(isoDay: string, culture: string): string {
  const [year, month, date] = isoDay.split("-").map(Number) as [number, number, number];
  const calendar = calendarDate(year, month, date);
  return calendar ? formatDayLong(calendar, culture, "long") : isoDay;
}
