import { getPortal } from "#app/settlement/portal.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import { emptyDraft } from "#app/storage/store.ts";
import type { Flow } from "./claim-flow.ts";
import { type ClaimantSession, newDraftId } from "./claimant-session.server.ts";

/**
 * "File another claim" (claims.perMember "many"): the member's next draft starts empty, with their
 * data filled in again; the claims filed stay as they are. Refused where the settlement takes one
 * claim per member. Only a draft that was filed is replaced: a second click finds the new one and
 * leaves it be.
 */
export async function startAnotherClaim(
  { formType, now }: Pick<Flow, "formType" | "now">,
  { owner, filed }: Pick<ClaimantSession, "owner" | "filed">,
): Promise<{ ok: true } | { ok: false; reason: "oneClaimPerMember" }> {
  if (getPortal().settlement.claims.perMember !== "many") return { ok: false, reason: "oneClaimPerMember" };
  await getStore().updateDraft(
    owner,
    formType,
    (current) =>
      current && current.draftId !== filed?.draftId
        ? current
        : { ...emptyDraft(newDraftId()), prepopulated: current?.prepopulated },
    now,
  );
  return { ok: true };
}
