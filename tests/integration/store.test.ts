import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openPostgresStore } from "#app/storage/postgres-store.server.ts";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import { emptyDraft, type Store } from "#app/storage/store.ts";
import { BACKENDS, freshDatabaseUrl } from "#tests/support/backends.ts";

/** The store's contract, the same on each backend. */
describe.each(BACKENDS)("the %s store", (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = backend === "postgresql" ? openPostgresStore(await freshDatabaseUrl()) : openSqliteStore(path.join(mkdtempSync(path.join(tmpdir(), "store-")), "portal.sqlite"));
  });
  afterAll(async () => {
    await store.close();
  });

  test("sessions: created on first touch, activity recorded, authorizations per form type, ended with their drafts", async () => {
    expect(await store.getSession("s1")).toBeUndefined();
    expect(await store.touchSession("s1", 1_000)).toEqual({ id: "s1", createdAt: 1_000, lastSeenAt: 1_000, authorizations: {} });
    await store.authorize("s1", "standard", { claimId: "10000001" }, 2_000);
    await store.authorize("s1", "automotive", {}, 3_000);
    const session = await store.touchSession("s1", 4_000);
    expect(session).toMatchObject({ createdAt: 1_000, lastSeenAt: 4_000 });
    expect(session.authorizations).toEqual({ standard: { at: 2_000, claimId: "10000001" }, automotive: { at: 3_000 } });
    await store.saveDraft("s1", "standard", { ...emptyDraft("d1"), models: { a: { b: "c" } } }, 5_000);
    await store.endSession("s1");
    expect(await store.getSession("s1")).toBeUndefined();
    expect(await store.getDraft("s1", "standard")).toBeUndefined();
  });

  test("drafts: saved, replaced, kept apart per form type", async () => {
    await store.saveDraft("s2", "standard", { ...emptyDraft("d2"), models: { claimantInfo: { firstName: "Ana", stillOwn: false } }, completedSteps: ["claimant-info"], edited: ["claimantInfo.firstName"], prepopulated: { FirstName: "Ana" } }, 10);
    await store.saveDraft("s2", "standard", { ...emptyDraft("d2"), models: { claimantInfo: { firstName: "Anita", stillOwn: null } } }, 20);
    expect(await store.getDraft("s2", "standard")).toEqual({ draftId: "d2", models: { claimantInfo: { firstName: "Anita", stillOwn: null } }, completedSteps: [], edited: [], updatedAt: 20 });
    expect(await store.getDraft("s2", "automotive")).toBeUndefined();
  });

  test("a draft submitted ten times at once is one claim, and every caller gets its code", async () => {
    let codes = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => store.submitClaim("s3", "standard", { draftId: "d3", models: { x: { y: "z" } }, culture: "es" }, () => `STD-TEST-${++codes}`, 99)),
    );
    expect(new Set(results.map((result) => result.referenceCode)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const claim = await store.getClaim(results[0]!.referenceCode);
    expect(claim).toEqual({ referenceCode: results[0]!.referenceCode, formType: "standard", draftId: "d3", models: { x: { y: "z" } }, culture: "es", submittedAt: 99 });
    expect(await store.getClaimByDraft("d3")).toEqual(claim);
    expect(await store.getClaim("STD-NONE")).toBeUndefined();
  });

  test("ping answers while the database is there", async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});
