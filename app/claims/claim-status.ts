/**
 * A filed claim's status, as the Settlement Administrator imports it (import-statuses,
 * docs/decisions/028-claim-status.md): a claim with none is Received. Each status's texts are
 * Status_<name> in locales/; a reason or the documents needed are a code of the settlement's
 * statusReasons (texts per culture) or the administrator's own words.
 */
export const CLAIM_STATUSES = ["under_review", "documents_needed", "approved", "denied", "paid"] as const;
export type ClaimStatusName = (typeof CLAIM_STATUSES)[number];

/** How a claim was paid: one of these, never an account number (texts: Status_Paid_<method>). */
export const PAYMENT_METHODS = ["check", "direct_deposit", "prepaid_card", "digital"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The statuses that give a reason (denied) or the documents needed (documents_needed): a reason code or text is required. */
export const STATUSES_WITH_REASON: readonly ClaimStatusName[] = ["documents_needed", "denied"];

export function isClaimStatus(value: string): value is ClaimStatusName {
  return (CLAIM_STATUSES as readonly string[]).includes(value);
}

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}
