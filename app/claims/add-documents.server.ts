import { wakeEmailSender } from "#app/email/outbox-sender.server.ts";
import { type ReceivedFile, receiveUpload, type UploadLimits } from "#app/documents/upload.server.ts";
import { CSRF_FIELD_NAME, isValidCsrfToken, requireFormCsrf } from "#app/session/csrf.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import type { Claim, NewEmail, StoredDocument } from "#app/storage/store.ts";
import { getStore } from "#app/storage/store.server.ts";
import { claimantDay, claimEmail, currentRecipient } from "./claim-email.server.ts";

/** The input of the page's form the documents come in (one or several files). */
export const ADDED_DOCUMENTS_FIELD = "documents";

export type AddDocumentsOutcome =
  | { ok: true; added: StoredDocument[] }
  /** A file refused by the filing's limits or type checks (each with its reason): none of the files was kept. */
  | { ok: false; reason: "refused"; refused: ReceivedFile[] }
  /** The form came with no file chosen. */
  | { ok: false; reason: "noFile" };

/**
 * Documents for a filed claim (issue 25; decision 029): files a claimant adds after filing (the
 * administrator asked for them: a deficiency to cure) to a claim they may see (claim access, either
 * strength: adding takes nothing away) become the claim's, each marked with when it
 * came, never changing what was filed. They pass the filing's checks (app/documents/upload.server.ts,
 * the settlement's uploads limits), counted against the documents added before (a claim filed with
 * as many documents as it may hold can still be given the missing one). Streamed into the store as
 * uploads of the session (stored only after a valid CSRF token came first), then made the claim's in
 * one step: all or none. Throws MalformedUpload (PartTooLarge) for a body that is not a form, and a
 * 403 for a missing or forged CSRF token, nothing kept.
 */
export async function addDocuments({
  request,
  claim,
  sessionId,
  now,
}: {
  request: Request;
  claim: Claim;
  sessionId: string;
  now: number;
}): Promise<AddDocumentsOutcome> {
  const store = getStore();
  const limits: UploadLimits = getPortal().settlement.uploads;
  const before = await store.claimAdditions(claim.referenceCode);
  const owner = `session:${sessionId}` as const;
  const received = await receiveUpload(request, {
    limits,
    store,
    owner: { owner, formType: claim.formType },
    now,
    held: {
      bytes: before.reduce((total, document) => total + document.size, 0),
      files: before.length,
      names: before.map((document) => document.name),
    },
    acceptsFile: (field) => field === ADDED_DOCUMENTS_FIELD,
    mayStore: (fields) => isValidCsrfToken(sessionId, fields.get(CSRF_FIELD_NAME)),
    severalPerField: true,
  });
  const stored = received.files.flatMap((file) => (file.document ? [file.document] : []));
  const discard = () => Promise.all(stored.map((document) => store.deleteDocument(document.id)));
  try {
    requireFormCsrf(sessionId, received.fields);
  } catch (response) {
    await discard();
    throw response;
  }
  const refused = received.files.filter((file) => file.refusal);
  if (refused.length > 0) {
    await discard();
    return { ok: false, reason: "refused", refused };
  }
  if (stored.length === 0) return { ok: false, reason: "noFile" };
  let joined: Awaited<ReturnType<typeof store.addClaimDocuments>>;
  try {
    joined = await store.addClaimDocuments(
      claim.referenceCode,
      stored.map((document) => document.id),
      owner,
      limits,
      now,
      additionEmail(claim, await currentRecipient(claim), stored, now),
    );
  } catch (error) {
    await discard();
    throw error;
  }
  // Counted again as they join the claim: another request (a second tab) may have added some meanwhile.
  if (joined !== "added") {
    await discard();
    return { ok: false, reason: "refused", refused: [{ ...received.files.at(-1)!, refusal: joined }] };
  }
  wakeEmailSender();
  return {
    ok: true,
    added: stored.map((document) => ({ ...document, referenceCode: claim.referenceCode, addedAt: now })),
  };
}

/** The claimant's message about an addition (one per addition: keyed by its first document), if e-mail is on and the claim has an address. */
function additionEmail(
  claim: Claim,
  to: string | undefined,
  documents: StoredDocument[],
  now: number,
): NewEmail | undefined {
  if (!to) return undefined;
  return claimEmail(`claim-documents:${claim.referenceCode}:${documents[0]!.id}`, to, claim.culture, {
    kind: "documentsAdded",
    referenceCode: claim.referenceCode,
    on: claimantDay(now, claim.culture),
    documents: documents.map((document) => document.name),
  });
}
