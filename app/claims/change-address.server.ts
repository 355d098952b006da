import { wakeEmailSender } from "#app/email/outbox-sender.server.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import type { FormDefinition } from "#app/forms/form-definition.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { answerSignals } from "#app/signals/claim-signals.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import { type Claim, type ContactChange, type DraftOwner, sameContent } from "#app/storage/store.ts";
import { accessibleClaims } from "./claim-access.server.ts";
import { claimantDay, claimantEmail, claimEmail } from "./claim-email.server.ts";
import { contactOf, contactPaths, currentContact } from "./contact-details.ts";

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

/**
 * The claims whose address this session may change, each with its details now: those it found
 * as a member signed in with their Claim ID and PIN (claim access, strength "member"), since the
 * address is where the payment goes. A claim found by its code and a last name (found on a
 * letter), one filed with a VIN alone (no secret) or with the open sign-in (which proves nothing)
 * may not send a payment elsewhere: "notVerified" when the session found only such claims;
 * "notSignedIn" when it found none.
 */
export async function addressClaims(
  sessionId: string | undefined,
  now: number,
): Promise<{ ok: true; claims: ContactClaim[] } | { ok: false; reason: "notSignedIn" | "notVerified" }> {
  const accessible = await accessibleClaims(sessionId, now);
  const claims = accessible
    .filter(({ strength, claim }) => strength === "member" && claim.member.verified && contactFormOf(claim.formType))
    .map(({ claim }) => claim);
  if (claims.length === 0) return { ok: false, reason: accessible.length ? "notVerified" : "notSignedIn" };
  const changes = Map.groupBy(
    await getStore().contactChanges(claims.map((claim) => claim.referenceCode)),
    (change) => change.referenceCode,
  );
  return {
    ok: true,
    claims: claims.map((claim) => {
      const { definition, paths } = contactFormOf(claim.formType)!;
      const own = changes.get(claim.referenceCode) ?? [];
      return { claim, definition, paths, current: currentContact(claim, own, paths), changes: own };
    }),
  };
}

/** One claim whose address this session may change, by its reference code; any other is none (it reads as unknown). */
export async function addressClaim(
  sessionId: string | undefined,
  referenceCode: string,
  now: number,
): Promise<ContactClaim | undefined> {
  const found = await addressClaims(sessionId, now);
  return found.ok ? found.claims.find(({ claim }) => claim.referenceCode === referenceCode) : undefined;
}

export type AddressChangeOutcome =
  /** "changed": recorded as a new contact version; "unchanged": the details are the current ones, nothing recorded. */
  | { ok: true; outcome: "changed" | "unchanged"; claim: Claim; change?: ContactChange }
  /** No claim by that code whose address this session may change (or its flow asks no contact details). */
  | { ok: false; reason: "notFound" };

/**
 * Changing a filed claim's contact details (issue 25, /coa): `contact`, already through the contact
 * page's rules (the claimant-info step's: contact-details.ts), becomes the claim's next contact
 * version with its time; what was filed never changes. With claims.perMember "amend", the member's
 * draft of the claim takes the new details too, so an amendment files them, not the old ones.
 */
export async function changeAddress({
  sessionId,
  referenceCode,
  contact,
  culture,
  now,
}: {
  sessionId: string | undefined;
  referenceCode: string;
  contact: ModelValues;
  culture: string;
  now: number;
}): Promise<AddressChangeOutcome> {
  const found = await addressClaim(sessionId, referenceCode, now);
  if (!found) return { ok: false, reason: "notFound" };
  const { claim, definition, paths, current } = found;
  const models = contactOf(contact, paths);
  // A form sent twice (a double click, Back and send again) records one version.
  if (sameContent(models, current)) return { ok: true, outcome: "unchanged", claim };
  const store = getStore();
  const change = await store.addContactChange(
    referenceCode,
    claim.formType,
    // The new details may be another claim's too (issue 27): kept with the claim's earlier ones.
    { models, culture, signals: answerSignals(definition, models, true) },
    now,
  );
  if (getPortal().settlement.claims.perMember === "amend") await updateDraftContact(claim, models, now);
  await emailAddressChange(claim, current, change);
  return { ok: true, outcome: "changed", claim, change };
}

/**
 * Tells the claimant, in the language they changed it in, at the address now theirs; and, when the
 * e-mail address itself changed, at the one before too: whoever changed it, the owner of the old
 * address hears of it (a change they did not make is a payment sent elsewhere).
 */
async function emailAddressChange(claim: Claim, before: ModelValues, change: ContactChange) {
  const now = claimantEmail(claim.formType, change.models);
  const earlier = claimantEmail(claim.formType, before);
  const message = {
    kind: "addressChanged" as const,
    referenceCode: claim.referenceCode,
    on: claimantDay(change.changedAt, change.culture),
  };
  const key = `claim-address:${claim.referenceCode}:${change.version}`;
  const emails = [
    now && claimEmail(key, now, change.culture, message),
    earlier &&
      earlier.toLowerCase() !== now?.toLowerCase() &&
      claimEmail(`${key}:previous`, earlier, change.culture, message),
  ];
  let queued = false;
  for (const email of emails) if (email && (await getStore().queueEmail(email))) queued = true;
  if (queued) wakeEmailSender();
}

/** The member's draft of the claim, if it is the claim's (amend), takes the new contact details. */
async function updateDraftContact(claim: Claim, models: ModelValues, now: number) {
  const store = getStore();
  const owner: DraftOwner = `member:${claim.member.claimId}`;
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
