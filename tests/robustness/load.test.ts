import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS } from "#tests/support/backends.ts";
import { pdfOfSize } from "#tests/support/documents.ts";
import { fileReimbursementClaim } from "#tests/support/filing.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { loggedStatuses, openStoreOf } from "#tests/support/server-state.ts";

/**
 * Many claimants at once on loopback (issue 6 "Load"): each signs in, answers every step, adds
 * expenses with a receipt each, and files. No request may fail with a 5xx, and every claim answered
 * with a reference code must be stored with all its documents, byte for byte. `npm test` runs 16
 * claimants; LOAD_CLAIMANTS=200 the long form.
 */
const CLAIMANTS = Number(process.env.LOAD_CLAIMANTS ?? 16);

describe.each(BACKENDS)("%s under load", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ backend });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test(`${CLAIMANTS} claimants file at once: no 5xx, every claim stored with its documents`, async () => {
    const started = Date.now();
    const receiptsOf = (claimant: number) => [pdfOfSize(20_000 + claimant), pdfOfSize(30_000 + claimant)];
    const results = await Promise.allSettled(
      Array.from({ length: CLAIMANTS }, (_, claimant) =>
        fileReimbursementClaim(
          portal,
          receiptsOf(claimant).map((content, index) => ({ name: `receipt-${claimant}-${index}.pdf`, content })),
        ),
      ),
    );
    const seconds = (Date.now() - started) / 1000;
    const failures = results.flatMap((result) => (result.status === "rejected" ? [String(result.reason)] : []));
    const statuses = loggedStatuses(portal);
    console.log(
      `[${backend}] ${CLAIMANTS} claimants, ${statuses.length} requests in ${seconds.toFixed(1)} s: ${(CLAIMANTS / seconds).toFixed(1)} claims/s, ${failures.length} failed`,
    );
    expect(failures).toEqual([]);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);

    const store = openStoreOf(portal);
    try {
      for (const [claimant, result] of results.entries()) {
        if (result.status !== "fulfilled") continue;
        const claim = await store.getClaim(result.value.referenceCode);
        expect(claim?.records.claimTransactions).toHaveLength(2);
        const documents = await store.claimDocuments(result.value.referenceCode);
        expect(documents.map((document) => document.sha256).sort()).toEqual(
          receiptsOf(claimant)
            .map((content) => createHash("sha256").update(content).digest("hex"))
            .sort(),
        );
      }
    } finally {
      await store.close();
    }
  }, 300_000);
});
