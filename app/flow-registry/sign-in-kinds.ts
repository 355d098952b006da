/**
 * How a claimant signs in to a flow (settlement.json flows.<flow>.signIn; docs/configuration.md):
 * "notice", the Claim ID and PIN of the notice a class member was sent, checked against the
 * class-member list; "vin", a vehicle's VIN alone, found in that list, for an unverified claim whose
 * claimant enters their own details. A new kind is a name here, the flows that take it (flows.ts),
 * and its case in the sign-in.
 */
export const SIGN_IN_KINDS = ["notice", "vin"] as const;
export type SignInKind = (typeof SIGN_IN_KINDS)[number];
