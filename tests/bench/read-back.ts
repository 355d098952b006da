import { createHash } from "node:crypto";
import type { ModelValues } from "#app/forms/field-answers.ts";
import type { PortalServer } from "#tests/support/portal-server.ts";
import { withStore } from "#tests/support/server-state.ts";
import { type FiledClaim, UnexpectedReply } from "./flows.ts";

/** What each flow's claims hold once stored: the answers the bench typed (demo-answers.ts). */
const STORED_AS_FILED = {
  standard: (models: ModelValues) =>
    models.claimantInfo?.lastName === "Lee" &&
    models.signature?.signature === "Bo Lee" &&
    models.claimDetails?.quantity === "2",
  reimbursement: (models: ModelValues) =>
    models.claimantInfo?.lastName === "García" &&
    models.signature?.signature === "Ana García" &&
    models.claimDetails?.repairShopName === "Main St Garage",
};

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Reads every claim the bench filed back from the portal's own store, as the administrator's
 * export would: the member's claim with its answers, and its document byte for byte. A claim the
 * portal answered as filed but that is not there, or not as filed, stops the run: the bench
 * counts claims that were stored, not replies that looked like success.
 */
export async function readBack(portal: PortalServer, claims: FiledClaim[]): Promise<void> {
  const hashes = new Map<Buffer, string>();
  const hashOf = (document: Buffer) => hashes.get(document) ?? hashes.set(document, sha256(document)).get(document)!;
  await withStore(portal, async (store) => {
    for (const filed of claims) {
      const formType = filed.formType ?? "standard";
      const claim = await store.latestClaim(`member:${filed.claimId}`, formType);
      const about = `member ${filed.claimId}'s ${formType} claim${filed.referenceCode ? ` ${filed.referenceCode}` : ""}`;
      if (!claim)
        throw new UnexpectedReply(`${about} was answered as filed, but the store has no claim of that member`);
      if (filed.referenceCode && claim.referenceCode !== filed.referenceCode)
        throw new UnexpectedReply(`${about}: the store has ${claim.referenceCode} instead`);
      if (!STORED_AS_FILED[formType](claim.models)) {
        throw new UnexpectedReply(
          `${about} is stored without the answers filed: ${JSON.stringify(claim.models).slice(0, 200)}`,
        );
      }
      const documents = await store.claimDocuments(claim.referenceCode);
      if (documents.length !== (filed.document ? 1 : 0))
        throw new UnexpectedReply(
          `${about} has ${documents.length} documents, ${filed.document ? 1 : 0} were uploaded`,
        );
      if (!filed.document) continue;
      const hash = createHash("sha256");
      let size = 0;
      for await (const chunk of store.readDocument(documents[0]!.id)) {
        hash.update(chunk);
        size += chunk.length;
      }
      if (size !== filed.document.length || hash.digest("hex") !== hashOf(filed.document)) {
        throw new UnexpectedReply(
          `${about}: its document reads back as ${size} bytes that are not the ${filed.document.length} uploaded`,
        );
      }
    }
  });
}
