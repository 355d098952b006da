import type { FormType } from "#app/flow-registry/form-type.ts";
import type { FormDefinition } from "#app/forms/form-definition.ts";
import type { ModelValues } from "#app/forms/validate-step.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import { type Claim, type ContactChange, type DraftOwner, sameContent } from "#app/storage/store.ts";
import { isPastLifetime, isSessionExpired, recordActivity } from "./claimant-session.server.ts";
import { contactOf, contactPaths, currentContact } from "./contact-details.ts";

/**
 * Who may change a claim's address: a member proved by their Claim ID and PIN, since the address
 * is where the payment goes. A VIN is no secret, an open sign-in proves nothing, and a reference
 * code with a last name is found on a letter: none of them may send a payment elsewhere.
 */
export type AddressHolder =
  | { ok: true; claimId: string }
  /** Not signed in at all (or the session ended); "notVerified": signed in, but not with a Claim ID and PIN. */
  | { ok: false; reason: "notSignedIn" | "notVerified" };

/**
 * The member a session signed in with a Claim ID and PIN (to any flow), as the flows' sign-in
 * left it: the session's own record of who proved what, not a check of its own. An idle or
 * too old session is over, as on every flow page.
 */
export async function addressHolder(sessionId: string | undefined, now: number): Promise<AddressHolder> {
  const store = getStore();
  const session = sessionId ? await store.getSession(sessionId) : undefined;
  if (!session) return { ok: false, reason: "notSignedIn" };
  if (isSessionExpired(session, now) || isPastLifetime(session, now)) {
    await store.endSession(session.id);
    return { ok: false, reason: "notSignedIn" };
  }
  const signIns = Object.values(session.authorizations);
  const member = signIns.find((signIn) => signIn?.method === "claimIdPin" && signIn.claimId);
  if (!member) return { ok: false, reason: signIns.length ? "notVerified" : "notSignedIn" };
  await recordActivity(session, now);
  return { ok: true, claimId: member.claimId! };
}

const ownerOf = (claimId: string): DraftOwner => `member:${claimId}`;

/** A member's claim whose contact details may change: its flow's form, and its details now. */
export interface ContactClaim {
  claim: Claim;
  definition: FormDefinition;
  paths: string[];
  current: ModelValues;
  changes: ContactChange[];
}

/** The flow's form of a claim, if the flow is offered and asks contact details. */
function contactFormOf(formType: FormType): { definition: FormDefinition; paths: string[] } | undefined {
  const definition = getPortal().forms[formType];
  const paths = definition ? contactPaths(definition) : [];
  return definition && paths.length > 0 ? { definition, paths } : undefined;
}

/** The member's claims whose contact details they may change, with each one's details now. */
export async function memberContactClaims(claimId: string): Promise<ContactClaim[]> {
  const store = getStore();
  const claims = (await store.ownerClaims(ownerOf(claimId))).filter(
    (claim) => claim.member.verified && contactFormOf(claim.formType),
  );
  const changes = Map.groupBy(
    claims.length ? await store.contactChanges(claims.map((claim) => claim.referenceCode)) : [],
    (change) => change.referenceCode,
  );
  return claims.map((claim) => {
    const { definition, paths } = contactFormOf(claim.formType)!;
    const own = changes.get(claim.referenceCode) ?? [];
    return { claim, definition, paths, current: currentContact(claim, own, paths), changes: own };
  });
}

/** One of the member's claims by its reference code; anyone else's is none (it reads as unknown). */
export async function memberContactClaim(claimId: string, referenceCode: string): Promise<ContactClaim | undefined> {
  return (await memberContactClaims(claimId)).find((found) => found.claim.referenceCode === referenceCode);
}

export type AddressChangeOutcome =
  /** "changed": recorded as a new contact version; "unchanged": the details are the current ones, nothing recorded. */
  | { ok: true; outcome: "changed" | "unchanged"; claim: Claim; change?: ContactChange }
  /** No claim of this member by that code (or its flow asks no contact details). */
  | { ok: false; reason: "notFound" };

/**
 * Changing a filed claim's contact details (issue 25, /coa): `contact`, already through the contact
 * page's rules (the claimant-info step's: contact-details.ts), becomes the claim's next contact
 * version with its time; what was filed never changes. With claims.perMember "amend", the member's
 * draft of the claim takes the new details too, so an amendment files them, not the old ones.
 */
export async function changeAddress({
  claimId,
  referenceCode,
  contact,
  culture,
  now,
}: {
  claimId: string;
  referenceCode: string;
  contact: ModelValues;
  culture: string;
  now: number;
}): Promise<AddressChangeOutcome> {
  const found = await memberContactClaim(claimId, referenceCode);
  if (!found) return { ok: false, reason: "notFound" };
  const { claim, paths, current } = found;
  const models = contactOf(contact, paths);
  // A form sent twice (a double click, Back and send again) records one version.
  if (sameContent(models, current)) return { ok: true, outcome: "unchanged", claim };
  const store = getStore();
  const change = await store.addContactChange(referenceCode, claim.formType, { models, culture }, now);
  if (getPortal().settlement.claims.perMember === "amend") await updateDraftContact(claim, models, now);
  return { ok: true, outcome: "changed", claim, change };
}

/** The member's draft of the claim, if it is the claim's (amend), takes the new contact details. */
async function updateDraftContact(claim: Claim, models: ModelValues, now: number) {
  const store = getStore();
  const owner = ownerOf(claim.member.claimId!);
  const draft = await store.getDraft(owner, claim.formType);
  if (draft?.draftId !== claim.draftId) return;
  await store.updateDraft(
    owner,
    claim.formType,
    (stored) => {
      const base = stored ?? draft;
      const merged = { ...base.models };
      for (const [model, fields] of Object.entries(models)) merged[model] = { ...merged[model], ...fields };
      return { ...base, models: merged };
    },
    now,
  );
}
