import type { ClaimMember, SignIn } from "#app/storage/store.ts";

/**
 * Who a claim filed under this sign-in belongs to, as the administrator will see it: the one place
 * a claim's member, whether it is verified and its sign-in kind are decided.
 */
export function claimMember(signIn: SignIn): ClaimMember {
  if (signIn.method === "claimIdPin" && signIn.claimId)
    return { claimId: signIn.claimId, vin: null, verified: true, signInMethod: "claimIdPin" };
  if (signIn.method === "open") return { claimId: null, vin: null, verified: false, signInMethod: "open" };
  return { claimId: null, vin: signIn.vin ?? null, verified: false, signInMethod: "vin" };
}
