import {
  CLAIM_STATUSES,
  isClaimStatus,
  isPaymentMethod,
  PAYMENT_METHODS,
  STATUSES_WITH_REASON,
} from "#app/claims/claim-status.ts";
import type { NewClaimStatus } from "#app/storage/store.ts";

/**
 * A statuses file (import-statuses, docs/operating.md "Claim statuses"), a row at a time: CSV
 * UTF-8 with a header naming its columns, ReferenceCode, Status and Date required, ReasonCode,
 * ReasonText, DueDate and PaymentMethod as a status needs them. Every problem of a row is told,
 * with its line; the file is applied only when no row has any (import-statuses.server.ts).
 */
export const STATUS_COLUMNS = [
  "ReferenceCode",
  "Status",
  "Date",
  "ReasonCode",
  "ReasonText",
  "DueDate",
  "PaymentMethod",
] as const;
export const REQUIRED_STATUS_COLUMNS = ["ReferenceCode", "Status", "Date"] as const;

/** The longest reason an administrator may write: a sentence or two, as a claimant reads it. */
export const MAX_REASON_TEXT = 500;

/** A reference code as the portal gives them: a flow's 3 letters and 12 characters of Crockford's base32. */
const REFERENCE_CODE = /^[A-Z]{3}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A run of 8 digits or more (spaces and hyphens between them too): an account number must never reach a claimant's page. */
const LONG_NUMBER = /\d(?:[\s-]?\d){7,}/;

/** Control characters (but tab and line ends): a NUL pasted into a cell, say. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** What a row is checked against: the settlement's reason codes, and today (YYYY-MM-DD, in the claimants' time zone). */
export interface StatusRowContext {
  reasonCodes: ReadonlySet<string>;
  today: string;
}

/** The problems of the header, if any: a required column missing, a column named twice, or one the file does not take. */
export function headerProblems(header: readonly string[]): string[] {
  const problems: string[] = [];
  const missing = REQUIRED_STATUS_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) problems.push(`the header must name ${missing.join(", ")}`);
  const twice = header.find((column, at) => header.indexOf(column) !== at);
  if (twice !== undefined) problems.push(`the header names ${twice} twice`);
  const unknown = header.filter((column) => !(STATUS_COLUMNS as readonly string[]).includes(column));
  if (unknown.length > 0)
    problems.push(`the header names ${unknown.join(", ")}, which is no column of it (${STATUS_COLUMNS.join(", ")})`);
  return problems;
}

/** A calendar day as YYYY-MM-DD that exists (no February 30th). */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** "Documents needed", "documents-needed" and "DOCUMENTS_NEEDED" are documents_needed. */
function statusName(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** One row of the file: the status it gives, or every problem it has (each to be told with its line). */
export function checkStatusRow(
  header: readonly string[],
  fields: readonly string[],
  context: StatusRowContext,
): { status: NewClaimStatus } | { problems: string[] } {
  if (fields.length !== header.length)
    return {
      problems: [
        `this row has a different number of columns than the header (expect ${header.length}, got ${fields.length})`,
      ],
    };
  const control = fields.findIndex((cell) => CONTROL_CHARACTER.test(cell));
  if (control !== -1) return { problems: [`${header[control]} holds a control character`] };
  const cell = (column: (typeof STATUS_COLUMNS)[number]) => {
    const at = header.indexOf(column);
    return at === -1 ? "" : fields[at]!.trim();
  };
  const problems: string[] = [];
  const referenceCode = cell("ReferenceCode").toUpperCase();
  if (!REFERENCE_CODE.test(referenceCode))
    problems.push(`ReferenceCode "${cell("ReferenceCode")}" is not a reference code (like STD-7K3M-9QXW-2HDF)`);
  const status = statusName(cell("Status"));
  if (!isClaimStatus(status)) problems.push(`Status "${cell("Status")}" is none of ${CLAIM_STATUSES.join(", ")}`);
  const date = cell("Date");
  if (!isCalendarDay(date)) problems.push(`Date "${date}" is not a day written YYYY-MM-DD`);
  else if (date > context.today) problems.push(`Date ${date} is after today (${context.today})`);

  const reasonCode = cell("ReasonCode");
  const reasonText = cell("ReasonText");
  const withReason = isClaimStatus(status) && STATUSES_WITH_REASON.includes(status);
  if (reasonCode && !context.reasonCodes.has(reasonCode))
    problems.push(`ReasonCode "${reasonCode}" is not one of the settlement's statusReasons`);
  if (reasonText.length > MAX_REASON_TEXT)
    problems.push(`ReasonText is longer than ${MAX_REASON_TEXT} characters (${reasonText.length})`);
  if (LONG_NUMBER.test(reasonText))
    problems.push("ReasonText holds a number of 8 digits or more: no account number may be shown to a claimant");
  if (reasonCode && reasonText) problems.push("give ReasonCode or ReasonText, not both");
  if (withReason && !reasonCode && !reasonText)
    problems.push(`${status} needs a ReasonCode or a ReasonText: what the claimant is told`);
  if (isClaimStatus(status) && !withReason && (reasonCode || reasonText))
    problems.push(`${status} takes no reason (only ${STATUSES_WITH_REASON.join(" and ")} do)`);

  const dueDate = cell("DueDate");
  if (status === "documents_needed") {
    if (!isCalendarDay(dueDate)) problems.push(`documents_needed needs a DueDate written YYYY-MM-DD, not "${dueDate}"`);
    else if (isCalendarDay(date) && dueDate < date) problems.push(`DueDate ${dueDate} is before Date ${date}`);
  } else if (dueDate && isClaimStatus(status)) problems.push(`${status} takes no DueDate (only documents_needed does)`);

  const paymentMethod = cell("PaymentMethod").toLowerCase();
  if (status === "paid") {
    if (!isPaymentMethod(paymentMethod))
      problems.push(`paid needs a PaymentMethod, one of ${PAYMENT_METHODS.join(", ")}, not "${cell("PaymentMethod")}"`);
  } else if (paymentMethod && isClaimStatus(status)) problems.push(`${status} takes no PaymentMethod (only paid does)`);

  if (problems.length > 0 || !isClaimStatus(status)) return { problems };
  return {
    status: {
      referenceCode,
      status,
      date,
      reasonCode: reasonCode || null,
      reasonText: reasonText || null,
      dueDate: status === "documents_needed" ? dueDate : null,
      paymentMethod: status === "paid" && isPaymentMethod(paymentMethod) ? paymentMethod : null,
    },
  };
}
