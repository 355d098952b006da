import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { NewClaimStatus, Store } from "#app/storage/store.ts";
import { BACKENDS } from "#tests/support/backends.ts";
import { openFreshStore } from "#tests/support/server-state.ts";

/** The store's contract for claim access and claim status (issue 25), the same on each backend. */
describe.each(BACKENDS)("the %s store's claim access and statuses", (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await openFreshStore(backend);
  });
  afterAll(async () => {
    await store.close();
  });

  const file = async (draftId: string, code: string, claimId = "10000001") =>
    store.submitClaim(
      `member:${claimId}`,
      "standard",
      {
        draftId,
        member: { claimId, vin: null, verified: true, signInMethod: "claimIdPin" },
        models: { claimantInfo: { lastName: "Lee" } },
        records: {},
        documentIds: [],
        culture: "en",
      },
      "many",
      () => code,
      1_000,
    );
  const status = (referenceCode: string, extra: Partial<NewClaimStatus> = {}): NewClaimStatus => ({
    referenceCode,
    status: "under_review",
    date: "2026-01-02",
    reasonCode: null,
    reasonText: null,
    dueDate: null,
    paymentMethod: null,
    ...extra,
  });
  async function* batches(...lists: NewClaimStatus[][]) {
    yield* lists;
  }

  test("grants are kept on the session, one per member and per claim, and end with it", async () => {
    await store.grantClaimAccess("s1", { strength: "code", referenceCode: "STD-AAAA-AAAA-AAAA", at: 1 }, 1);
    await store.grantClaimAccess("s1", { strength: "member", claimId: "10000001", at: 2 }, 2);
    await store.grantClaimAccess("s1", { strength: "code", referenceCode: "STD-AAAA-AAAA-AAAA", at: 3 }, 3);
    const grants = await store.claimAccessGrants("s1");
    expect(grants).toHaveLength(2);
    expect(grants).toEqual(
      expect.arrayContaining([
        { strength: "code", referenceCode: "STD-AAAA-AAAA-AAAA", at: 3 },
        { strength: "member", claimId: "10000001", at: 2 },
      ]),
    );
    await store.renameSession("s1", "s2");
    expect(await store.claimAccessGrants("s2")).toHaveLength(2);
    await store.endSession("s2");
    expect(await store.claimAccessGrants("s2")).toEqual([]);
  });

  test("an owner's claims, in filing order; which codes are filed", async () => {
    await file("d-owner-1", "STD-OWNR-0000-0001", "10000077");
    await file("d-owner-2", "STD-OWNR-0000-0002", "10000077");
    expect((await store.ownerClaims("member:10000077")).map((claim) => claim.referenceCode)).toEqual([
      "STD-OWNR-0000-0001",
      "STD-OWNR-0000-0002",
    ]);
    expect([...(await store.claimsFiledAt(["STD-OWNR-0000-0002", "STD-NONE-0000-0000"])).keys()]).toEqual([
      "STD-OWNR-0000-0002",
    ]);
  });

  test("statuses: added in one transaction (none if it fails part-way), never twice, read by date then as imported", async () => {
    await file("d-status", "STD-STAT-0000-0001");
    const code = "STD-STAT-0000-0001";
    const failing = (async function* () {
      yield [status(code)];
      throw new Error("the file changed while it was read");
    })();
    await expect(store.importClaimStatuses(failing, 5_000)).rejects.toThrow("the file changed");
    expect(await store.claimStatuses(code)).toEqual([]);

    const later = status(code, { status: "approved", date: "2026-02-01" });
    const earlier = status(code, { date: "2026-01-02" });
    expect(await store.importClaimStatuses(batches([later], [earlier, earlier]), 6_000)).toEqual({
      added: 2,
      alreadyImported: 1,
      emailed: 0,
    });
    expect(await store.importClaimStatuses(batches([earlier, later]), 7_000)).toEqual({
      added: 0,
      alreadyImported: 2,
      emailed: 0,
    });
    expect(await store.claimStatuses([code])).toEqual([
      { ...earlier, importedAt: 6_000 },
      { ...later, importedAt: 6_000 },
    ]);
  });
});
