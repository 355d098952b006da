import type { ClaimMember, SignIn } from "#app/storage/store.ts";

/**
 * Who a claim filed under this sign-in belongs to, as the administrator will see it: the one place
 * a claim's member, whether it is verified and its sign-in kind are decided.
 */
export function claimMember(signIn: SignIn): ClaimMember {
  return signIn.method === "claimIdPin" && signIn.claimId
    ? { claimId: signIn.claimId, vin: null, verified: true, signInMethod: "claimIdPin" }
    : { claimId: null, vin: signIn.vin ?? null, verified: false, signInMethod: "vin" };
}
