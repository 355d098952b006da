/**
 * How a claimant signs in to a flow (settlement.json flows.<flow>.signIn; docs/configuration.md):
 * "notice", the Claim ID and PIN of the notice a class member was sent, checked against the
 * class-member list; "vin", a vehicle's VIN alone, found in that list, for an unverified claim whose
 * claimant enters their own details; "open", no notice at all (issue 24): anyone passes the captcha
 * and files with their name and contact details, unverified, for the administrator's review, one
 * claim per e-mail address. "open" stands alone in a flow: its sign-in page asks for nothing. A new
 * kind is a name here, the flows that take it (flows.ts), and its case in the sign-in
 * (app/claims/sign-in-kinds.server.ts) and in claimMember (app/claims/claim-member.ts).
 */
export const SIGN_IN_KINDS = ["notice", "vin", "open"] as const;
export type SignInKind = (typeof SIGN_IN_KINDS)[number];
