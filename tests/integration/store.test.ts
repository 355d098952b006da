import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openPostgresStore } from "#app/storage/postgres-store.server.ts";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import { allClaims, emptyDraft, type Store } from "#app/storage/store.ts";
import { BACKENDS, freshDatabaseUrl } from "#tests/support/backends.ts";
import { readAll } from "#tests/support/documents.ts";

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

  test("a session renamed on sign-in keeps its authorizations, drafts and uploads under the new id only", async () => {
    await store.authorize("before", "standard", { claimId: "10000001" }, 1);
    await store.saveDraft("before", "standard", { ...emptyDraft("d-renamed"), models: { a: { b: "c" } } }, 2);
    const upload = await store.putDocument({ name: "a.pdf", mediaType: "application/pdf", sessionId: "before", formType: "standard" }, [Buffer.from("%PDF-1.7")], 3);
    await store.renameSession("before", "after");
    expect(await store.getSession("before")).toBeUndefined();
    expect(await store.getDraft("before", "standard")).toBeUndefined();
    expect((await store.getSession("after"))?.authorizations.standard?.claimId).toBe("10000001");
    expect((await store.getDraft("after", "standard"))?.models).toEqual({ a: { b: "c" } });
    expect((await store.getDocument(upload.id))?.sessionId).toBe("after");
  });

  test("drafts: saved, replaced, kept apart per form type", async () => {
    await store.saveDraft("s2", "standard", { ...emptyDraft("d2"), models: { claimantInfo: { firstName: "Ana", stillOwn: false } }, completedSteps: ["claimant-info"], edited: ["claimantInfo.firstName"], prepopulated: { FirstName: "Ana" } }, 10);
    await store.saveDraft("s2", "standard", { ...emptyDraft("d2"), models: { claimantInfo: { firstName: "Anita", stillOwn: null } } }, 20);
    expect(await store.getDraft("s2", "standard")).toEqual({ draftId: "d2", models: { claimantInfo: { firstName: "Anita", stillOwn: null } }, records: {}, completedSteps: [], edited: [], updatedAt: 20 });
    expect(await store.getDraft("s2", "automotive")).toBeUndefined();
  });

  test("a draft submitted ten times at once is one claim, and every caller gets its code", async () => {
    let codes = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => store.submitClaim("s3", "standard", { draftId: "d3", models: { x: { y: "z" } }, records: {}, documentIds: [], culture: "es" }, () => `STD-TEST-${++codes}`, 99)),
    );
    expect(new Set(results.map((result) => result.referenceCode)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const claim = await store.getClaim(results[0]!.referenceCode);
    expect(claim).toEqual({ referenceCode: results[0]!.referenceCode, formType: "standard", draftId: "d3", models: { x: { y: "z" } }, records: {}, culture: "es", submittedAt: 99 });
    expect(await store.getClaimByDraft("d3")).toEqual(claim);
    expect(await store.getClaim("STD-NONE")).toBeUndefined();
  });

  test("documents: streamed in and out byte for byte, moved into the claim in its transaction, left-overs removed", async () => {
    // 1 MiB + 3 bytes of varied content, delivered in odd-sized pieces: more than one storage chunk.
    const content = randomBytes(1024 * 1024 + 3);
    const pieces = async function* () {
      for (let offset = 0; offset < content.length; offset += 70_001) yield content.subarray(offset, offset + 70_001);
    };
    await store.touchSession("s4", 1);
    const kept = await store.putDocument({ name: "receipt.pdf", mediaType: "application/pdf", sessionId: "s4", formType: "reimbursement" }, pieces(), 5);
    const replaced = await store.putDocument({ name: "old.png", mediaType: "image/png", sessionId: "s4", formType: "reimbursement" }, pieces(), 6);
    expect(kept).toMatchObject({ name: "receipt.pdf", size: content.length, sha256: createHash("sha256").update(content).digest("hex"), referenceCode: null });
    expect(await readAll(store.readDocument(kept.id))).toEqual(content);

    const filed = await store.submitClaim("s4", "reimbursement", { draftId: "d4", models: {}, records: { documentContexts: [{ clientId: "doc-12345678", status: "saved", fields: { name: "receipt.pdf" }, documentId: kept.id }] }, documentIds: [kept.id], culture: "en" }, () => "REI-TEST-0001", 7);
    expect((await store.getClaim(filed.referenceCode))?.records.documentContexts).toHaveLength(1);
    expect((await store.claimDocuments("REI-TEST-0001")).map((document) => document.id)).toEqual([kept.id]);
    expect(await store.getDocument(replaced.id)).toBeUndefined();
    // A claimed document is the claim's: deleting it as an upload does nothing, ending the session neither.
    await store.deleteDocument(kept.id);
    await store.endSession("s4");
    expect(await readAll(store.readDocument(kept.id))).toEqual(content);
  });

  test("documents: a failed upload leaves nothing; a claim cannot take another draft's document", async () => {
    const failing = async function* () {
      yield Buffer.from("%PDF-1.7 part one");
      throw new Error("connection dropped");
    };
    await expect(store.putDocument({ name: "cut.pdf", mediaType: "application/pdf", sessionId: "s5", formType: "standard" }, failing(), 1)).rejects.toThrow("connection dropped");
    const other = await store.putDocument({ name: "theirs.pdf", mediaType: "application/pdf", sessionId: "someone-else", formType: "standard" }, [Buffer.from("%PDF-1.7")], 1);
    await expect(store.submitClaim("s5", "standard", { draftId: "d5", models: {}, records: {}, documentIds: [other.id], culture: "en" }, () => "STD-TEST-0005", 2)).rejects.toThrow();
    expect(await store.getClaimByDraft("d5")).toBeUndefined();
    expect((await store.getDocument(other.id))?.referenceCode).toBeNull();
  });

  test("expired sessions are purged with their drafts and unclaimed documents; active ones are kept", async () => {
    await store.touchSession("idle", 1_000);
    await store.saveDraft("idle", "standard", emptyDraft("d-idle"), 1_000);
    const abandoned = await store.putDocument({ name: "a.pdf", mediaType: "application/pdf", sessionId: "idle", formType: "standard" }, [Buffer.from("%PDF-1.7")], 1_000);
    await store.touchSession("active", 9_000);
    await store.saveDraft("active", "standard", emptyDraft("d-active"), 9_000);
    const current = await store.putDocument({ name: "b.pdf", mediaType: "application/pdf", sessionId: "active", formType: "standard" }, [Buffer.from("%PDF-1.7")], 9_000);
    const purged = await store.purgeExpired(5_000);
    expect(purged.documents).toBeGreaterThanOrEqual(1);
    expect(await store.getSession("idle")).toBeUndefined();
    expect(await store.getDraft("idle", "standard")).toBeUndefined();
    expect(await store.getDocument(abandoned.id)).toBeUndefined();
    expect(await store.getDraft("active", "standard")).toBeDefined();
    expect(await store.getDocument(current.id)).toBeDefined();
  });

  test("claims are listed in filing order, a page at a time", async () => {
    for (const [index, at] of [300, 100, 200, 200].entries()) {
      await store.submitClaim(`list-${index}`, "standard", { draftId: `list-draft-${index}`, models: {}, records: {}, documentIds: [], culture: "en" }, () => `STD-LIST-000${index}`, 1_000_000 + at);
    }
    const listed: string[] = [];
    for await (const claim of allClaims(store, 2)) if (claim.referenceCode.startsWith("STD-LIST")) listed.push(claim.referenceCode);
    expect(listed).toEqual(["STD-LIST-0001", "STD-LIST-0002", "STD-LIST-0003", "STD-LIST-0000"]);
  });

  test("ping answers while the database is there", async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});
