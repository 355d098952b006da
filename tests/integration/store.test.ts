import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import {
  ABANDONED_DRAFTS as POSTGRES_ABANDONED_DRAFTS,
  CLAIMS_BY_CHANGE as POSTGRES_CLAIMS_BY_CHANGE,
  LATEST_CLAIM as POSTGRES_LATEST_CLAIM,
  MIGRATIONS as POSTGRES_MIGRATIONS,
  openPostgresStore,
} from "#app/storage/postgres-store.server.ts";
import {
  ABANDONED_DRAFTS as SQLITE_ABANDONED_DRAFTS,
  CLAIMS_BY_CHANGE as SQLITE_CLAIMS_BY_CHANGE,
  LATEST_CLAIM as SQLITE_LATEST_CLAIM,
  MIGRATIONS as SQLITE_MIGRATIONS,
  openSqliteStore,
} from "#app/storage/sqlite-store.server.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import {
  allClaims,
  type Claim,
  type Draft,
  type DraftOwner,
  emptyDraft,
  type NewClaim,
  type Store,
  type ChangeCursor,
} from "#app/storage/store.ts";
import { BACKENDS, freshDatabaseUrl } from "#tests/support/backends.ts";
import { readAll } from "#tests/support/documents.ts";
import { demoAnswers, openFreshStore, TEST_FIELD_KEYS } from "#tests/support/server-state.ts";
import { type FieldKeys, parseFieldKeys } from "#app/security/field-keys.server.ts";

/** The store's contract, the same on each backend. */
describe.each(BACKENDS)("the %s store", (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await openFreshStore(backend);
  });
  afterAll(async () => {
    await store.close();
  });

  const member = { claimId: "10000001", vin: null, verified: true, signInMethod: "claimIdPin" } as const;
  const saveDraft = (owner: DraftOwner, formType: FormType, draft: Omit<Draft, "updatedAt">, now: number) =>
    store.updateDraft(owner, formType, () => draft, now);
  /** Limits no test of additions reaches, but the one about limits. */
  const NO_LIMITS = { maxFiles: 100, maxClaimBytes: 100 * 1024 * 1024 };
  const newClaim = (draftId: string, models: Claim["models"] = {}, extra: Partial<NewClaim> = {}): NewClaim => ({
    draftId,
    member,
    models,
    records: {},
    documentIds: [],
    culture: "en",
    ...extra,
  });

  test("sessions: created on first touch, activity recorded, a sign-in per form type; ending one leaves the member's drafts", async () => {
    expect(await store.getSession("s1")).toBeUndefined();
    expect(await store.touchSession("s1", 1_000)).toEqual({
      id: "s1",
      createdAt: 1_000,
      lastSeenAt: 1_000,
      authorizations: {},
    });
    await store.authorize("s1", "standard", { at: 2_000, method: "claimIdPin", claimId: "10000001" }, 2_000);
    await store.authorize("s1", "automotive", { at: 3_000, method: "vin", vin: "1HGCM82633A004352" }, 3_000);
    const session = await store.touchSession("s1", 4_000);
    expect(session).toMatchObject({ createdAt: 1_000, lastSeenAt: 4_000 });
    expect(session.authorizations).toEqual({
      standard: { at: 2_000, method: "claimIdPin", claimId: "10000001" },
      automotive: { at: 3_000, method: "vin", vin: "1HGCM82633A004352" },
    });
    await saveDraft("member:s1-member", "standard", { ...emptyDraft("d1"), models: { a: { b: "c" } } }, 5_000);
    await saveDraft("session:s1", "automotive", { ...emptyDraft("d1-vin"), models: { a: { b: "c" } } }, 5_000);
    const unverifiedUpload = await store.putDocument(
      { name: "a.pdf", mediaType: "application/pdf", owner: "session:s1", formType: "automotive" },
      [Buffer.from("%PDF-1.7")],
      5_000,
    );
    await store.endSession("s1");
    expect(await store.getSession("s1")).toBeUndefined();
    expect((await store.getDraft("member:s1-member", "standard"))?.models).toEqual({ a: { b: "c" } });
    expect(await store.getDraft("session:s1", "automotive")).toBeUndefined();
    expect(await store.getDocument(unverifiedUpload.id)).toBeUndefined();
  });

  test("a session renamed on sign-in keeps its sign-ins, and what it owns unverified, under the new id only", async () => {
    await store.authorize("before", "automotive", { at: 1, method: "vin", vin: "1HGCM82633A004352" }, 1);
    await saveDraft("session:before", "automotive", { ...emptyDraft("d-renamed"), models: { a: { b: "c" } } }, 2);
    const upload = await store.putDocument(
      { name: "a.pdf", mediaType: "application/pdf", owner: "session:before", formType: "automotive" },
      [Buffer.from("%PDF-1.7")],
      3,
    );
    await store.renameSession("before", "after");
    expect(await store.getSession("before")).toBeUndefined();
    expect(await store.getDraft("session:before", "automotive")).toBeUndefined();
    expect((await store.getSession("after"))?.authorizations.automotive?.vin).toBe("1HGCM82633A004352");
    expect((await store.getDraft("session:after", "automotive"))?.models).toEqual({ a: { b: "c" } });
    expect((await store.getDocument(upload.id))?.owner).toBe("session:after");
  });

  test("drafts: saved, replaced, kept apart per owner and form type", async () => {
    await saveDraft(
      "member:s2",
      "standard",
      {
        ...emptyDraft("d2"),
        models: { claimantInfo: { firstName: "Ana", stillOwn: false } },
        completedSteps: ["claimant-info"],
        edited: ["claimantInfo.firstName"],
        prepopulated: { FirstName: "Ana" },
      },
      10,
    );
    await saveDraft(
      "member:s2",
      "standard",
      { ...emptyDraft("d2"), models: { claimantInfo: { firstName: "Anita", stillOwn: null } } },
      20,
    );
    expect(await store.getDraft("member:s2", "standard")).toEqual({
      draftId: "d2",
      models: { claimantInfo: { firstName: "Anita", stillOwn: null } },
      records: {},
      completedSteps: [],
      edited: [],
      updatedAt: 20,
    });
    expect(await store.getDraft("member:s2", "automotive")).toBeUndefined();
    expect(await store.getDraft("member:someone-else", "standard")).toBeUndefined();
  });

  test("changes to one draft made at once each apply to the other's result: none is lost", async () => {
    await saveDraft("member:busy", "reimbursement", emptyDraft("d-busy"), 1);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        store.updateDraft(
          "member:busy",
          "reimbursement",
          (current) => ({
            ...current!,
            records: {
              claimTransactions: [
                ...(current!.records?.claimTransactions ?? []),
                { clientId: `tx-${index}`, status: "saved", fields: {} },
              ],
            },
          }),
          2,
        ),
      ),
    );
    expect(
      (await store.getDraft("member:busy", "reimbursement"))?.records?.claimTransactions
        ?.map((record) => record.clientId)
        .sort(),
    ).toEqual(Array.from({ length: 20 }, (_, index) => `tx-${index}`).sort());
  });

  test("a draft submitted ten times at once is one claim of its member, and every caller gets its code", async () => {
    let codes = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        store.submitClaim(
          "member:10000001",
          "standard",
          newClaim("d3", { x: { y: "z" } }, { culture: "es" }),
          "one",
          () => `STD-TEST-${++codes}`,
          99,
        ),
      ),
    );
    expect(new Set(results.map((result) => result.referenceCode)).size).toBe(1);
    expect(results.filter((result) => result.outcome === "filed")).toHaveLength(1);
    expect(results.filter((result) => result.outcome === "unchanged")).toHaveLength(9);
    const claim = await store.getClaim(results[0]!.referenceCode);
    expect(claim).toEqual({
      referenceCode: results[0]!.referenceCode,
      formType: "standard",
      draftId: "d3",
      owner: "member:10000001",
      member,
      models: { x: { y: "z" } },
      records: {},
      culture: "es",
      submittedAt: 99,
      version: 1,
      versionAt: 99,
      changedAt: 99,
    });
    expect(await store.getClaimByDraft("d3")).toEqual(claim);
    expect(await store.latestClaim("member:10000001", "standard")).toEqual(claim);
    expect(await store.getClaim("STD-NONE")).toBeUndefined();
  });

  test("one claim per member: changed answers are refused ('one'), a new version ('amend'), or a claim of their own ('many')", async () => {
    const code = (prefix: string) => () => `${prefix}-${randomBytes(4).toString("hex")}`;
    const first = await store.submitClaim(
      "member:one",
      "automotive",
      newClaim("d-one", { city: { name: "Seattle" } }),
      "one",
      code("AUT"),
      10,
    );
    // Another draft of the same member (another device) cannot make a second claim.
    const changed = await store.submitClaim(
      "member:one",
      "automotive",
      newClaim("d-one-again", { city: { name: "Tacoma" } }),
      "one",
      code("AUT"),
      11,
    );
    expect(changed).toEqual({ referenceCode: first.referenceCode, outcome: "refused", version: 1 });
    expect((await store.getClaim(first.referenceCode))?.models).toEqual({ city: { name: "Seattle" } });

    const original = await store.submitClaim(
      "member:amend",
      "automotive",
      newClaim("d-amend", { city: { name: "Seattle" } }),
      "amend",
      code("AUT"),
      20,
    );
    const amended = await store.submitClaim(
      "member:amend",
      "automotive",
      newClaim("d-amend", { city: { name: "Tacoma" } }),
      "amend",
      code("AUT"),
      30,
    );
    expect(amended).toEqual({ referenceCode: original.referenceCode, outcome: "amended", version: 2 });
    expect(
      await store.submitClaim(
        "member:amend",
        "automotive",
        newClaim("d-amend", { city: { name: "Tacoma" } }),
        "amend",
        code("AUT"),
        40,
      ),
    ).toEqual({ referenceCode: original.referenceCode, outcome: "unchanged", version: 2 });
    expect(await store.getClaim(original.referenceCode)).toMatchObject({
      models: { city: { name: "Tacoma" } },
      submittedAt: 20,
      version: 2,
      versionAt: 30,
    });
    expect(
      (await store.claimVersions(original.referenceCode)).map(({ version, models, filedAt }) => ({
        version,
        models,
        filedAt,
      })),
    ).toEqual([
      { version: 1, models: { city: { name: "Seattle" } }, filedAt: 20 },
      { version: 2, models: { city: { name: "Tacoma" } }, filedAt: 30 },
    ]);

    const manyFirst = await store.submitClaim(
      "member:many",
      "automotive",
      newClaim("d-many-1", { n: { v: "1" } }),
      "many",
      code("AUT"),
      50,
    );
    const manySecond = await store.submitClaim(
      "member:many",
      "automotive",
      newClaim("d-many-2", { n: { v: "2" } }),
      "many",
      code("AUT"),
      60,
    );
    expect(manySecond.outcome).toBe("filed");
    expect(manySecond.referenceCode).not.toBe(manyFirst.referenceCode);
    expect((await store.latestClaim("member:many", "automotive"))?.referenceCode).toBe(manySecond.referenceCode);
  });

  test("two amendments of one member at once: both versions kept, in order, none lost", async () => {
    await store.submitClaim(
      "member:race",
      "standard",
      newClaim("d-race", { v: { n: "0" } }),
      "amend",
      () => "STD-RACE-0001",
      1,
    );
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        store.submitClaim(
          "member:race",
          "standard",
          newClaim("d-race", { v: { n: String(n) } }),
          "amend",
          () => "STD-RACE-NEVER",
          1 + n,
        ),
      ),
    );
    expect(results.map((result) => result.referenceCode)).toEqual(["STD-RACE-0001", "STD-RACE-0001", "STD-RACE-0001"]);
    expect((await store.claimVersions("STD-RACE-0001")).map((version) => version.version)).toEqual([1, 2, 3, 4]);
  });

  test("documents: streamed in and out byte for byte, moved into the claim in its transaction; another upload of the owner is left alone", async () => {
    // 1 MiB + 3 bytes of varied content, delivered in odd-sized pieces: more than one storage chunk.
    const content = randomBytes(1024 * 1024 + 3);
    const pieces = async function* () {
      for (let offset = 0; offset < content.length; offset += 70_001) yield content.subarray(offset, offset + 70_001);
    };
    const kept = await store.putDocument(
      { name: "receipt.pdf", mediaType: "application/pdf", owner: "member:s4", formType: "reimbursement" },
      pieces(),
      5,
    );
    const replaced = await store.putDocument(
      { name: "old.png", mediaType: "image/png", owner: "member:s4", formType: "reimbursement" },
      pieces(),
      6,
    );
    expect(kept).toMatchObject({
      name: "receipt.pdf",
      size: content.length,
      sha256: createHash("sha256").update(content).digest("hex"),
      referenceCode: null,
    });
    expect(await readAll(store.readDocument(kept.id))).toEqual(content);

    const records = {
      documentContexts: [
        { clientId: "doc-12345678", status: "saved" as const, fields: { name: "receipt.pdf" }, documentId: kept.id },
      ],
    };
    const filed = await store.submitClaim(
      "member:s4",
      "reimbursement",
      newClaim("d4", {}, { records, documentIds: [kept.id] }),
      "amend",
      () => "REI-TEST-0001",
      7,
    );
    expect((await store.getClaim(filed.referenceCode))?.records.documentContexts).toHaveLength(1);
    expect((await store.claimDocuments("REI-TEST-0001")).map((document) => document.id)).toEqual([kept.id]);
    // Not swept at filing: another session of the owner may be filing with it this moment (it goes with the draft).
    expect((await store.getDocument(replaced.id))?.referenceCode).toBeNull();
    // An amendment keeps the documents already filed and adds the new one.
    const added = await store.putDocument(
      { name: "second.pdf", mediaType: "application/pdf", owner: "member:s4", formType: "reimbursement" },
      [Buffer.from("%PDF-1.7")],
      8,
    );
    const both = {
      documentContexts: [
        ...records.documentContexts,
        { clientId: "doc-87654321", status: "saved" as const, fields: { name: "second.pdf" }, documentId: added.id },
      ],
    };
    expect(
      (
        await store.submitClaim(
          "member:s4",
          "reimbursement",
          newClaim("d4", {}, { records: both, documentIds: [kept.id, added.id] }),
          "amend",
          () => "NEVER",
          9,
        )
      ).outcome,
    ).toBe("amended");
    expect((await store.claimDocuments("REI-TEST-0001")).map((document) => document.id).sort()).toEqual(
      [kept.id, added.id].sort(),
    );
    // A claimed document is the claim's: deleting it as an upload does nothing, ending a session neither.
    await store.deleteDocument(kept.id);
    await store.endSession("s4");
    expect(await readAll(store.readDocument(kept.id))).toEqual(content);
  });

  test("documents added after filing: the claim's, each with when it was added; what was filed is unchanged", async () => {
    const upload = (name: string, owner: DraftOwner, at: number) =>
      store.putDocument(
        { name, mediaType: "application/pdf", owner, formType: "reimbursement" },
        [Buffer.from(`%PDF-1.7 ${name}`)],
        at,
      );
    const filedDocument = await upload("receipt.pdf", "member:adds", 1);
    const records = {
      documentContexts: [
        {
          clientId: "doc-11111111",
          status: "saved" as const,
          fields: { name: "receipt.pdf" },
          documentId: filedDocument.id,
        },
      ],
    };
    await store.submitClaim(
      "member:adds",
      "reimbursement",
      newClaim("d-adds", { a: { b: "c" } }, { records, documentIds: [filedDocument.id] }),
      "one",
      () => "REI-ADDS-0001",
      2,
    );
    const filed = await store.getClaim("REI-ADDS-0001");

    // Added by whoever found the claim: an upload of their session, made the claim's in one step.
    const first = await upload("statement.pdf", "session:finder", 10);
    await store.addClaimDocuments("REI-ADDS-0001", [first.id], "session:finder", NO_LIMITS, 11);
    const second = await upload("letter.pdf", "session:finder", 19);
    const third = await upload("id.pdf", "session:finder", 20);
    await store.addClaimDocuments("REI-ADDS-0001", [second.id, third.id], "session:finder", NO_LIMITS, 21);

    expect((await store.claimAdditions("REI-ADDS-0001")).map((document) => [document.name, document.addedAt])).toEqual([
      ["statement.pdf", 11],
      ["letter.pdf", 21],
      ["id.pdf", 21],
    ]);
    expect((await store.claimAdditions("REI-ADDS-0001", 21)).map((document) => document.name)).toEqual([
      "letter.pdf",
      "id.pdf",
    ]);
    expect(await store.getDocument(first.id)).toMatchObject({ referenceCode: "REI-ADDS-0001", addedAt: 11 });
    // The claim's documents are the filed one and the additions, each marked as it came.
    expect((await store.claimDocuments("REI-ADDS-0001")).map((document) => [document.name, document.addedAt])).toEqual([
      ["receipt.pdf", null],
      ["statement.pdf", 11],
      ["letter.pdf", 21],
      ["id.pdf", 21],
    ]);
    // What was filed is as it was: answers, records, version and its time; only when it last changed moved.
    expect(await store.getClaim("REI-ADDS-0001")).toEqual({ ...filed, changedAt: 21 });
    expect(await store.claimVersions("REI-ADDS-0001")).toHaveLength(1);
    // An addition is the claim's: not deleted as an upload, nor with the session that added it.
    await store.deleteDocument(first.id);
    await store.endSession("finder");
    expect(await readAll(store.readDocument(first.id))).toEqual(Buffer.from("%PDF-1.7 statement.pdf"));
  });

  test("documents added after filing: additions at once to one claim queue, each counted with the others against the limits", async () => {
    const upload = (name: string, size: number) =>
      store.putDocument(
        { name, mediaType: "application/pdf", owner: "session:tabs", formType: "standard" },
        [Buffer.alloc(size, 0x25)],
        1,
      );
    await store.submitClaim("member:tabs", "standard", newClaim("d-tabs"), "one", () => "STD-TABS-0001", 2);
    // Two tabs, one document each, where the claim takes one more.
    const [first, second] = await Promise.all([upload("one.pdf", 10), upload("two.pdf", 10)]);
    const oneMore = { maxFiles: 1, maxClaimBytes: 1000 };
    const outcomes = await Promise.all([
      store.addClaimDocuments("STD-TABS-0001", [first!.id], "session:tabs", oneMore, 3),
      store.addClaimDocuments("STD-TABS-0001", [second!.id], "session:tabs", oneMore, 3),
    ]);
    expect(outcomes.sort()).toEqual(["added", "tooManyFiles"]);
    expect(await store.claimAdditions("STD-TABS-0001")).toHaveLength(1);
    // Bytes likewise: 10 held, 995 more is over 1000.
    const large = await upload("large.pdf", 995);
    expect(
      await store.addClaimDocuments(
        "STD-TABS-0001",
        [large.id],
        "session:tabs",
        { maxFiles: 5, maxClaimBytes: 1000 },
        4,
      ),
    ).toBe("claimTooLarge");
    expect((await store.getDocument(large.id))?.referenceCode).toBeNull();
  });

  test("documents added after filing: all or none; only the adder's own uploads, only to a filed claim of their type", async () => {
    const upload = (name: string, owner: DraftOwner, formType: FormType = "standard") =>
      store.putDocument({ name, mediaType: "application/pdf", owner, formType }, [Buffer.from("%PDF-1.7")], 1);
    await store.submitClaim("member:adds2", "standard", newClaim("d-adds2"), "one", () => "STD-ADDS-0002", 2);
    const mine = await upload("mine.pdf", "session:adder");
    const theirs = await upload("theirs.pdf", "session:someone-else");
    await expect(
      store.addClaimDocuments("STD-ADDS-0002", [mine.id, theirs.id], "session:adder", NO_LIMITS, 3),
    ).rejects.toThrow();
    const otherType = await upload("other.pdf", "session:adder", "automotive");
    await expect(
      store.addClaimDocuments("STD-ADDS-0002", [otherType.id], "session:adder", NO_LIMITS, 3),
    ).rejects.toThrow();
    await expect(store.addClaimDocuments("STD-NONE-0000", [mine.id], "session:adder", NO_LIMITS, 3)).rejects.toThrow();
    expect(await store.claimAdditions("STD-ADDS-0002")).toEqual([]);
    expect((await store.getDocument(mine.id))?.referenceCode).toBeNull();
  });

  test("the same file sent again under a new id is the same claim; another file is a change", async () => {
    const upload = (name: string, content: string) =>
      store.putDocument(
        { name, mediaType: "application/pdf", owner: "member:resend", formType: "automotive" },
        [Buffer.from(content)],
        1,
      );
    const withDocument = (id: string): NewClaim =>
      newClaim(
        "d-resend",
        { a: { b: "c" } },
        {
          records: {
            documentContexts: [{ clientId: "doc-1", status: "saved", fields: { name: "title.pdf" }, documentId: id }],
          },
          documentIds: [id],
        },
      );
    const first = await upload("title.pdf", "%PDF-1.7 title");
    expect(
      (
        await store.submitClaim(
          "member:resend",
          "automotive",
          withDocument(first.id),
          "amend",
          () => "AUT-RESEND-0001",
          2,
        )
      ).outcome,
    ).toBe("filed");
    const again = await upload("title.pdf", "%PDF-1.7 title");
    expect(
      await store.submitClaim("member:resend", "automotive", withDocument(again.id), "amend", () => "NEVER", 3),
    ).toEqual({ referenceCode: "AUT-RESEND-0001", outcome: "unchanged", version: 1 });
    const other = await upload("title.pdf", "%PDF-1.7 another title");
    expect(
      (await store.submitClaim("member:resend", "automotive", withDocument(other.id), "amend", () => "NEVER", 4))
        .outcome,
    ).toBe("amended");
  });

  test("documents: a failed upload leaves nothing; a claim cannot take another owner's document", async () => {
    const failing = async function* () {
      yield Buffer.from("%PDF-1.7 part one");
      throw new Error("connection dropped");
    };
    await expect(
      store.putDocument(
        { name: "cut.pdf", mediaType: "application/pdf", owner: "member:s5", formType: "standard" },
        failing(),
        1,
      ),
    ).rejects.toThrow("connection dropped");
    const other = await store.putDocument(
      { name: "theirs.pdf", mediaType: "application/pdf", owner: "member:someone-else", formType: "standard" },
      [Buffer.from("%PDF-1.7")],
      1,
    );
    await expect(
      store.submitClaim(
        "member:s5",
        "standard",
        newClaim("d5", {}, { documentIds: [other.id] }),
        "one",
        () => "STD-TEST-0005",
        2,
      ),
    ).rejects.toThrow();
    expect(await store.getClaimByDraft("d5")).toBeUndefined();
    expect((await store.getDocument(other.id))?.referenceCode).toBeNull();
  });

  test("expired sessions are purged with what they owned unverified; members' drafts stay until their flow's drafts are purged", async () => {
    await store.touchSession("idle", 1_000);
    await saveDraft("session:idle", "automotive", emptyDraft("d-idle"), 1_000);
    const abandoned = await store.putDocument(
      { name: "a.pdf", mediaType: "application/pdf", owner: "session:idle", formType: "automotive" },
      [Buffer.from("%PDF-1.7")],
      1_000,
    );
    await saveDraft("member:idle-member", "standard", emptyDraft("d-idle-member"), 1_000);
    const kept = await store.putDocument(
      { name: "m.pdf", mediaType: "application/pdf", owner: "member:idle-member", formType: "standard" },
      [Buffer.from("%PDF-1.7")],
      1_000,
    );
    await store.touchSession("active", 9_000);
    await saveDraft("session:active", "automotive", emptyDraft("d-active"), 9_000);
    const current = await store.putDocument(
      { name: "b.pdf", mediaType: "application/pdf", owner: "session:active", formType: "automotive" },
      [Buffer.from("%PDF-1.7")],
      9_000,
    );
    const purged = await store.purgeExpired(5_000, 5_000);
    expect(purged.documents).toBeGreaterThanOrEqual(1);
    expect(await store.getSession("idle")).toBeUndefined();
    expect(await store.getDraft("session:idle", "automotive")).toBeUndefined();
    expect(await store.getDocument(abandoned.id)).toBeUndefined();
    expect(await store.getDraft("session:active", "automotive")).toBeDefined();
    expect(await store.getDocument(current.id)).toBeDefined();
    expect(await store.getDraft("member:idle-member", "standard")).toBeDefined();
    expect(await store.getDocument(kept.id)).toBeDefined();

    const retired = await store.purgeDrafts(["standard"]);
    expect(retired.drafts).toBeGreaterThanOrEqual(1);
    expect(await store.getDraft("member:idle-member", "standard")).toBeUndefined();
    expect(await store.getDocument(kept.id)).toBeUndefined();
    expect(await store.getDraft("session:active", "automotive")).toBeDefined();
    // Claims and their documents are never purged.
    expect(await store.getClaim("REI-TEST-0001")).toBeDefined();
  });

  test("failed sign-ins per Claim ID: changed atomically, cleared, forgotten by the purge once of no use", async () => {
    expect(await store.getSignInFailures("40000001")).toBeUndefined();
    // Twenty attempts at once each count: none reads the count another is about to write.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        store.updateSignInFailures("40000001", (current) => ({
          failures: (current?.failures ?? 0) + 1,
          windowStartedAt: 1_000,
          lockouts: 0,
          lockedUntil: null,
          forgetAt: 9_000,
        })),
      ),
    );
    expect(await store.getSignInFailures("40000001")).toEqual({
      failures: 20,
      windowStartedAt: 1_000,
      lockouts: 0,
      lockedUntil: null,
      forgetAt: 9_000,
    });
    const locked = { failures: 0, windowStartedAt: 2_000, lockouts: 3, lockedUntil: 86_402_000, forgetAt: 172_802_000 };
    expect(await store.updateSignInFailures("40000002", () => locked)).toEqual(locked);
    expect(await store.getSignInFailures("40000002")).toEqual(locked);

    expect(await store.updateSignInFailures("40000003", () => ({ ...locked, forgetAt: 100 }))).toBeDefined();
    expect(await store.updateSignInFailures("40000003", () => undefined)).toBeUndefined();
    expect(await store.getSignInFailures("40000003")).toBeUndefined();

    expect(await store.clearSignInFailures("40000002")).toBe(true);
    expect(await store.clearSignInFailures("40000002")).toBe(false);
    expect(await store.getSignInFailures("40000002")).toBeUndefined();

    await store.updateSignInFailures("40000004", () => ({ ...locked, forgetAt: 4_999 }));
    await store.purgeExpired(0, 5_000);
    expect(await store.getSignInFailures("40000004")).toBeUndefined();
    expect((await store.getSignInFailures("40000001"))?.failures).toBe(20); // forgetAt 9 000 is still to come
  });

  test("a no-JavaScript challenge is used once: later uses, even at the same moment, are refused until it is forgotten", async () => {
    expect(await store.useChallenge("nonce-a", 10_000)).toBe(true);
    expect(await store.useChallenge("nonce-a", 10_000)).toBe(false);
    const atOnce = await Promise.all(Array.from({ length: 10 }, () => store.useChallenge("nonce-b", 20_000)));
    expect(atOnce.filter(Boolean)).toHaveLength(1);
    // Past its expiry the challenge is refused by its own signed expiry: the store may forget it.
    await store.purgeExpired(0, 15_000);
    expect(await store.useChallenge("nonce-a", 10_000)).toBe(true);
    expect(await store.useChallenge("nonce-b", 20_000)).toBe(false);
  });

  test("claims are listed in filing order, a page at a time", async () => {
    for (const [index, at] of [300, 100, 200, 200].entries()) {
      await store.submitClaim(
        `member:list-${index}`,
        "standard",
        newClaim(`list-draft-${index}`),
        "one",
        () => `STD-LIST-000${index}`,
        1_000_000 + at,
      );
    }
    const listed: string[] = [];
    for await (const claim of allClaims(store, 2))
      if (claim.referenceCode.startsWith("STD-LIST")) listed.push(claim.referenceCode);
    expect(listed).toEqual(["STD-LIST-0001", "STD-LIST-0002", "STD-LIST-0003", "STD-LIST-0000"]);
  });

  test("claims by their latest version: an amended claim moves to its new version's time, a window and a cursor page them", async () => {
    const codes = ["STD-VER-0000", "STD-VER-0001", "STD-VER-0002"];
    for (const [index, at] of [100, 200, 200].entries())
      await store.submitClaim(
        `member:version-${index}`,
        "standard",
        newClaim(`version-draft-${index}`, { claimantInfo: { firstName: "Ana" } }),
        "amend",
        () => codes[index]!,
        5_000_000 + at,
      );
    // The first claim amended later: its latest version is now the newest.
    await store.submitClaim(
      "member:version-0",
      "standard",
      newClaim("version-draft-0", { claimantInfo: { firstName: "Ana María" } }),
      "amend",
      () => "STD-VER-NEW",
      5_000_000 + 300,
    );
    const window = async (after: ChangeCursor, until: number, limit: number) =>
      (await store.claimsByChangePage(after, until, limit)).filter((claim) =>
        claim.referenceCode.startsWith("STD-VER"),
      );
    expect(
      (await window({ changedAt: 0, referenceCode: "" }, 5_000_000 + 1_000, 500)).map((claim) => [
        claim.referenceCode,
        claim.version,
        claim.versionAt,
      ]),
    ).toEqual([
      ["STD-VER-0001", 1, 5_000_200],
      ["STD-VER-0002", 1, 5_000_200],
      ["STD-VER-0000", 2, 5_000_300],
    ]);
    // A window is [since, until): a claim filed at `until` belongs to the next one.
    expect(
      (await window({ changedAt: 5_000_200, referenceCode: "" }, 5_000_300, 500)).map((claim) => claim.referenceCode),
    ).toEqual(["STD-VER-0001", "STD-VER-0002"]);
    // Paged after the last claim of a page: two claims in the same millisecond are each read once.
    const [first] = await window({ changedAt: 5_000_200, referenceCode: "" }, 5_000_300, 1);
    expect(first!.referenceCode).toBe("STD-VER-0001");
    expect(
      (await window({ changedAt: first!.changedAt, referenceCode: first!.referenceCode }, 5_000_300, 1)).map(
        (claim) => claim.referenceCode,
      ),
    ).toEqual(["STD-VER-0002"]);
  });

  test("a claim changed after filing (a document added, a status imported, a new address) moves to that change's time, its version as it was", async () => {
    const at = (offset: number) => 6_000_000 + offset;
    const codes = ["STD-CHG-DOCS", "STD-CHG-STAT", "STD-CHG-ADDR", "STD-CHG-NONE"];
    for (const [index, code] of codes.entries())
      await store.submitClaim(
        `member:changed-${index}`,
        "standard",
        newClaim(`changed-draft-${index}`),
        "one",
        () => code,
        at(0),
      );
    const upload = await store.putDocument(
      { name: "proof.pdf", mediaType: "application/pdf", owner: "session:adder", formType: "standard" },
      [Buffer.from("%PDF-1.7")],
      at(10),
    );
    expect(
      await store.addClaimDocuments(
        "STD-CHG-DOCS",
        [upload.id],
        "session:adder",
        { maxFiles: 5, maxClaimBytes: 1e6 },
        at(10),
      ),
    ).toBe("added");
    await store.importClaimStatuses(
      (async function* () {
        yield [
          {
            referenceCode: "STD-CHG-STAT",
            status: "under_review" as const,
            date: "2026-11-20",
            reasonCode: null,
            reasonText: null,
            dueDate: null,
            paymentMethod: null,
          },
        ];
      })(),
      at(20),
    );
    await store.addContactChange(
      "STD-CHG-ADDR",
      "standard",
      { models: { claimantInfo: { mailingCity: "Reno" } }, culture: "en" },
      at(30),
    );
    const window = async (since: number) =>
      (await store.claimsByChangePage({ changedAt: since, referenceCode: "" }, at(1_000), 500))
        .filter((claim) => claim.referenceCode.startsWith("STD-CHG"))
        .map((claim) => [claim.referenceCode, claim.version, claim.versionAt - at(0), claim.changedAt - at(0)]);
    // An export of everything after the filing carries each changed claim, once, in the order they changed.
    expect(await window(at(1))).toEqual([
      ["STD-CHG-DOCS", 1, 0, 10],
      ["STD-CHG-STAT", 1, 0, 20],
      ["STD-CHG-ADDR", 1, 0, 30],
    ]);
    expect((await window(at(0))).map(([code]) => code)).toEqual([
      "STD-CHG-NONE",
      "STD-CHG-DOCS",
      "STD-CHG-STAT",
      "STD-CHG-ADDR",
    ]);
  });

  test("contact changes: a version each with its time, the filed claim untouched; changes at once each get a version", async () => {
    const filed = { claimantInfo: { firstName: "Ana", mailingCity: "Seattle", emailAddress: "ana@example.com" } };
    const { referenceCode } = await store.submitClaim(
      "member:contact",
      "standard",
      newClaim("contact-draft", filed),
      "one",
      () => "STD-CONTACT-1",
      7_000_000,
    );
    await store.submitClaim(
      "member:contact",
      "automotive",
      newClaim("contact-other"),
      "one",
      () => "AUT-CONTACT-1",
      7_000_001,
    );
    expect(await store.contactChanges(referenceCode)).toEqual([]);
    const moved = { claimantInfo: { mailingCity: "Tacoma", emailAddress: "ana@example.com" } };
    expect(
      await store.addContactChange(referenceCode, "standard", { models: moved, culture: "es" }, 7_000_100),
    ).toEqual({
      referenceCode,
      version: 1,
      models: moved,
      culture: "es",
      changedAt: 7_000_100,
    });
    // Two changes at once (two devices of the member): both kept, each its own version.
    await Promise.all(
      ["Olympia", "Spokane"].map((city, index) =>
        store.addContactChange(
          referenceCode,
          "standard",
          { models: { claimantInfo: { mailingCity: city } }, culture: "en" },
          7_000_200 + index,
        ),
      ),
    );
    const changes = await store.contactChanges([referenceCode, "AUT-CONTACT-1"]);
    expect(changes.map((change) => change.version)).toEqual([1, 2, 3]);
    expect(changes.map((change) => change.models.claimantInfo?.mailingCity).sort()).toEqual([
      "Olympia",
      "Spokane",
      "Tacoma",
    ]);
    // What was filed never changes.
    expect((await store.getClaim(referenceCode))?.models).toEqual(filed);
    expect((await store.claimVersions(referenceCode)).map((version) => version.models)).toEqual([filed]);
  });

  test("ping answers while the database is there", async () => {
    await expect(store.ping()).resolves.toBeUndefined();
  });
});

/**
 * Every step page reads the member's latest claim (issue 14): it comes off the owner index in the
 * order asked for, with no sort, so it costs the same with one claim or with a settlement's million.
 */
describe.each(BACKENDS)("a member's latest claim in the %s store", (backend) => {
  test("is read from the owner index in its order, without sorting", async () => {
    if (backend === "postgresql") {
      const url = await freshDatabaseUrl();
      const store = openPostgresStore(url, demoAnswers());
      await store.latestClaim("member:10000001", "standard");
      await store.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // An empty table is read whole otherwise: the plan for a large one is wanted here.
        await client.query("SET enable_seqscan = off");
        const plan = await client.query(`EXPLAIN ${POSTGRES_LATEST_CLAIM}`.replace(/\$\d/g, "'x'"));
        const lines = plan.rows.map((row) => String(row["QUERY PLAN"]));
        expect(lines.join("\n")).toContain("Index Scan Backward using claims_owner");
        expect(lines.join("\n")).not.toMatch(/Sort/);
      } finally {
        await client.end();
      }
    } else {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "store-plan-")), "portal.sqlite");
      await openSqliteStore(file, demoAnswers()).close();
      const db = new DatabaseSync(file);
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${SQLITE_LATEST_CLAIM}`).all("member:10000001", "standard");
      db.close();
      const details = plan.map((row) => String(row.detail));
      expect(details.join("\n")).toContain("USING INDEX claims_owner");
      expect(details.join("\n")).not.toContain("TEMP B-TREE");
    }
  });
});

/**
 * The purge runs every 5 minutes on every instance (issue 23): it finds the drafts of unverified
 * sign-ins off their partial index, never reading the millions of members' drafts.
 */
describe.each(BACKENDS)("the purge of abandoned drafts in the %s store", (backend) => {
  test("reads the unverified drafts' index, not the drafts table", async () => {
    if (backend === "postgresql") {
      const url = await freshDatabaseUrl();
      await openPostgresStore(url, demoAnswers())
        .purgeExpired(0, 0)
        .then(undefined, () => undefined);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // An empty table is read whole otherwise: the plan for a large one is wanted here.
        await client.query("SET enable_seqscan = off");
        const plan = await client.query(`EXPLAIN ${POSTGRES_ABANDONED_DRAFTS}`);
        const lines = plan.rows.map((row) => String(row["QUERY PLAN"])).join("\n");
        expect(lines).toMatch(/(Index (Only )?Scan using|Bitmap Index Scan on) drafts_unverified/);
      } finally {
        await client.end();
      }
    } else {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "store-plan-")), "portal.sqlite");
      await openSqliteStore(file, demoAnswers()).close();
      const db = new DatabaseSync(file);
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${SQLITE_ABANDONED_DRAFTS}`).all();
      db.close();
      expect(plan.map((row) => String(row.detail)).join("\n")).toMatch(
        /drafts USING (COVERING )?INDEX drafts_unverified/,
      );
    }
  });
});

/**
 * An export pages every claim by its latest version (issue 23): each page comes off the version
 * index in its order, so page 50,000 of a settlement's 28 million costs what the first does.
 */
describe.each(BACKENDS)("claims by their latest version in the %s store", (backend) => {
  test("are read from the version index in its order, without sorting", async () => {
    if (backend === "postgresql") {
      const url = await freshDatabaseUrl();
      const store = openPostgresStore(url, demoAnswers());
      await store.claimsByChangePage({ changedAt: 0, referenceCode: "" }, 1, 500);
      await store.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        // An empty table is read whole, or through a bitmap and sorted: the plan for a large one is wanted.
        await client.query("SET enable_seqscan = off; SET enable_bitmapscan = off");
        const plan = await client.query(
          `EXPLAIN ${POSTGRES_CLAIMS_BY_CHANGE}`
            .replace("$2", "''")
            .replace("$3", "9000000000000000")
            .replace("$4", "500")
            .replace("$1", "0"),
        );
        const lines = plan.rows.map((row) => String(row["QUERY PLAN"])).join("\n");
        expect(lines).toContain("Index Scan using claims_changed_at");
        expect(lines).not.toMatch(/Sort/);
      } finally {
        await client.end();
      }
    } else {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "store-plan-")), "portal.sqlite");
      await openSqliteStore(file, demoAnswers()).close();
      const db = new DatabaseSync(file);
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${SQLITE_CLAIMS_BY_CHANGE}`).all(0, "", 1, 500);
      db.close();
      const details = plan.map((row) => String(row.detail)).join("\n");
      expect(details).toContain("USING INDEX claims_changed_at");
      expect(details).not.toContain("TEMP B-TREE");
    }
  });
});

/**
 * Sensitive answers (decision 015): what is on disk, read as an attacker with the database file or
 * a backup would read it, holds no bank number; the store gives them back as typed.
 */
describe.each(BACKENDS)("sensitive answers at rest in the %s store", (backend) => {
  const ACCOUNT = "987654321012";
  const ROUTING = "021000021";
  const payment = (account = ACCOUNT) => ({
    paymentElection: {
      paymentMethod: "directDeposit",
      routingNumber: ROUTING,
      accountNumber: account,
      accountType: "checking",
    },
  });
  const member = { claimId: "10000001", vin: null, verified: true, signInMethod: "claimIdPin" } as const;
  const newClaim = (draftId: string, models: Claim["models"]): NewClaim => ({
    draftId,
    member,
    models,
    records: {},
    documentIds: [],
    culture: "en",
  });
  let dataFolder: string;
  let databaseUrl: string | undefined;
  const open = (keys: FieldKeys = TEST_FIELD_KEYS) =>
    databaseUrl
      ? openPostgresStore(databaseUrl, demoAnswers(keys))
      : openSqliteStore(path.join(dataFolder, "portal.sqlite"), demoAnswers(keys));
  /**
   * Everything the database holds, as an attacker with the files or a backup reads it: SQLite's
   * file, write-ahead log and shared memory as bytes; PostgreSQL's rows as text, every column.
   */
  const rawDatabase = async (): Promise<string> => {
    if (!databaseUrl) {
      return readdirSync(dataFolder)
        .filter((name) => name.startsWith("portal.sqlite"))
        .map((name) => readFileSync(path.join(dataFolder, name)).toString("latin1"))
        .join("\n");
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const tables = await Promise.all(
        ["drafts", "claims", "claim_versions"].map((table) =>
          client.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t`),
        ),
      );
      return tables.flatMap((result) => result.rows.map((row) => row.row)).join("\n");
    } finally {
      await client.end();
    }
  };
  /** The key ids the stored answers name, read from the rows (SQLite's free space may still hold an old one, encrypted). */
  const keyIdsStored = async (): Promise<string[]> => {
    const sql = (json: string) =>
      `SELECT data${json} AS text FROM drafts UNION ALL SELECT models${json} || coalesce(records${json}, '') FROM claims UNION ALL SELECT models${json} || coalesce(records${json}, '') FROM claim_versions`;
    let text: string;
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      text = (await client.query<{ text: string }>(sql("::text")).finally(() => client.end())).rows
        .map((row) => row.text)
        .join("\n");
    } else {
      const db = new DatabaseSync(path.join(dataFolder, "portal.sqlite"), { readOnly: true });
      text = (db.prepare(sql("")).all() as Array<{ text: string }>).map((row) => row.text).join("\n");
      db.close();
    }
    return [...new Set([...text.matchAll(/"key": ?"([0-9a-f]+)"/g)].map((match) => match[1]!))].sort();
  };
  beforeAll(async () => {
    dataFolder = mkdtempSync(path.join(tmpdir(), "store-sensitive-"));
    databaseUrl = backend === "postgresql" ? await freshDatabaseUrl() : undefined;
  });

  test("a draft, a claim and each of its versions keep the bank numbers encrypted; the store reads them back as typed", async () => {
    const store = open();
    try {
      await store.updateDraft(
        "member:bank",
        "automotive",
        () => ({ ...emptyDraft("d-bank"), models: { claimantInfo: { firstName: "Ana" }, ...payment() } }),
        1,
      );
      expect((await store.getDraft("member:bank", "automotive"))?.models.paymentElection).toEqual(
        payment().paymentElection,
      );
      const filed = await store.submitClaim(
        "member:bank",
        "automotive",
        newClaim("d-bank", { claimantInfo: { firstName: "Ana" }, ...payment() }),
        "amend",
        () => "AUT-BANK-0001",
        2,
      );
      expect(filed.outcome).toBe("filed");
      // The same answers filed again are recognised though each encryption differs (a random nonce):
      // the comparison is of the answers decrypted.
      expect(
        await store.submitClaim(
          "member:bank",
          "automotive",
          newClaim("d-bank", { claimantInfo: { firstName: "Ana" }, ...payment() }),
          "amend",
          () => "NEVER",
          3,
        ),
      ).toEqual({ referenceCode: "AUT-BANK-0001", outcome: "unchanged", version: 1 });
      expect(
        (
          await store.submitClaim(
            "member:bank",
            "automotive",
            newClaim("d-bank", { claimantInfo: { firstName: "Ana" }, ...payment("55554444") }),
            "amend",
            () => "NEVER",
            4,
          )
        ).outcome,
      ).toBe("amended");
      expect((await store.getClaim("AUT-BANK-0001"))?.models.paymentElection).toEqual(
        payment("55554444").paymentElection,
      );
      expect(
        (await store.claimVersions("AUT-BANK-0001")).map((version) => version.models.paymentElection?.accountNumber),
      ).toEqual([ACCOUNT, "55554444"]);
      expect(
        (await allClaimsOf(store)).find((claim) => claim.referenceCode === "AUT-BANK-0001")?.models.paymentElection
          ?.routingNumber,
      ).toBe(ROUTING);

      const raw = await rawDatabase();
      // Seen on disk: the claim and the fields around them, but neither number.
      expect(raw).toContain("AUT-BANK-0001");
      expect(raw).toContain("directDeposit");
      for (const secret of [ACCOUNT, "55554444", ROUTING]) expect(raw).not.toContain(secret);
      expect(await keyIdsStored()).toEqual([TEST_FIELD_KEYS.current.id]);
    } finally {
      await store.close();
    }
  });

  test("keys rotate: a new key encrypts, the old one still reads, reencrypt moves everything to the new key; a missing key is named", async () => {
    const oldKey = TEST_FIELD_KEYS;
    const newKey = parseFieldKeys(Buffer.alloc(32, 7).toString("base64"), "the new key");
    const rotated = parseFieldKeys(
      `${Buffer.alloc(32, 7).toString("base64")}\n${Buffer.from(oldKey.current.key).toString("base64")}`,
      "the new and the old key",
    );
    // Answers kept before this release (or before the field was sensitive) are in clear: reencrypt encrypts them too.
    const legacy = open(oldKey);
    try {
      await legacy.updateDraft("member:legacy", "reimbursement", () => ({ ...emptyDraft("d-legacy"), models: {} }), 1);
    } finally {
      await legacy.close();
    }
    await rawUpdate("UPDATE drafts SET data = $1 WHERE owner = 'member:legacy'", [
      JSON.stringify({ ...emptyDraft("d-legacy"), models: payment("11112222333") }),
    ]);
    expect(await rawDatabase()).toContain("11112222333");

    const store = open(rotated);
    try {
      expect((await store.getDraft("member:bank", "automotive"))?.models.paymentElection?.accountNumber).toBe(ACCOUNT);
      expect((await store.getDraft("member:legacy", "reimbursement"))?.models.paymentElection?.accountNumber).toBe(
        "11112222333",
      );
      await store.updateDraft(
        "member:rotated",
        "automotive",
        () => ({ ...emptyDraft("d-rotated"), models: payment("99998888") }),
        5,
      );
      expect(await keyIdsStored()).toEqual([newKey.current.id, oldKey.current.id].sort());

      expect(await store.reencryptAnswers()).toEqual({ drafts: 2, claims: 1, versions: 2, contacts: 0 });
      expect(await store.reencryptAnswers()).toEqual({ drafts: 0, claims: 0, versions: 0, contacts: 0 });
      expect(await keyIdsStored()).toEqual([newKey.current.id]);
      // SQLite zeroes what it overwrote and empties its log: the number once kept in clear is gone
      // from the file. (PostgreSQL keeps old row versions on disk until VACUUM: docs/operating.md.)
      const after = await rawDatabase();
      for (const secret of [ACCOUNT, ROUTING, "11112222333", "99998888"]) expect(after).not.toContain(secret);
    } finally {
      await store.close();
    }
    // Once everything is under the new key, the old one may go.
    const newOnly = open(newKey);
    try {
      expect((await newOnly.getClaim("AUT-BANK-0001"))?.models.paymentElection?.accountNumber).toBe("55554444");
      expect((await newOnly.claimVersions("AUT-BANK-0001"))[0]?.models.paymentElection?.accountNumber).toBe(ACCOUNT);
      expect((await newOnly.getDraft("member:legacy", "reimbursement"))?.models.paymentElection?.accountNumber).toBe(
        "11112222333",
      );
    } finally {
      await newOnly.close();
    }
    const oldOnly = open(oldKey);
    try {
      await expect(oldOnly.getClaim("AUT-BANK-0001")).rejects.toThrow(
        `encrypted with field key ${newKey.current.id}, which is not among the keys of the tests' field key`,
      );
    } finally {
      await oldOnly.close();
    }
  });

  /** A statement on the raw database, bypassing the store ($1… placeholders). */
  async function rawUpdate(sql: string, values: string[]) {
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(sql, values).finally(() => client.end());
      return;
    }
    const db = new DatabaseSync(path.join(dataFolder, "portal.sqlite"));
    db.prepare(sql.replace(/\$\d/g, "?")).run(...values);
    db.close();
  }
});

async function allClaimsOf(store: Store): Promise<Claim[]> {
  const claims: Claim[] = [];
  for await (const claim of allClaims(store)) claims.push(claim);
  return claims;
}

/**
 * Schema version 4 (issue 10) moves drafts from sessions to members. A store left at version 3 by
 * the previous release, with a claimant half-way through and a claim filed, opens with nothing lost.
 */
describe.each(BACKENDS)("upgrading a %s store from schema version 3", (backend) => {
  const OLD_SESSION = {
    id: "old-session",
    authorizations: JSON.stringify({ standard: { at: 1, claimId: "10000001" } }),
  };
  const OLD_DRAFT = JSON.stringify({
    ...emptyDraft("old-draft"),
    models: { claimantInfo: { firstName: "Ana" } },
    completedSteps: ["claimant-info"],
  });
  const statements = [
    [
      "INSERT INTO sessions (id, created_at, last_seen_at, authorizations) VALUES ($1, 1, 2, $2)",
      [OLD_SESSION.id, OLD_SESSION.authorizations],
    ],
    [
      "INSERT INTO drafts (session_id, form_type, data, updated_at) VALUES ($1, 'standard', $2, 2)",
      [OLD_SESSION.id, OLD_DRAFT],
    ],
    [
      "INSERT INTO documents (id, name, media_type, size, sha256, session_id, form_type, created_at) VALUES ('old-upload', 'a.pdf', 'application/pdf', 8, 'x', $1, 'standard', 2)",
      [OLD_SESSION.id],
    ],
    [
      "INSERT INTO claims (reference_code, form_type, draft_id, session_id, models, records, culture, submitted_at) VALUES ('STD-OLD1-OLD1-OLD1', 'standard', 'filed-draft', 'gone', '{}', '{}', 'es', 3)",
      [],
    ],
  ] as const;

  test("drafts and uploads move to their member, old claims keep their answers as version 1 with no member, sessions end", async () => {
    let store: Store;
    if (backend === "postgresql") {
      const url = await freshDatabaseUrl();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)");
      for (const [index, sql] of POSTGRES_MIGRATIONS.slice(0, 3).entries())
        await client.query(`${sql}; INSERT INTO schema_migrations VALUES (${index + 1})`);
      // The old documents table marks a document complete once all of it is written.
      for (const [sql, values] of statements)
        await client.query(
          sql
            .replace("created_at) VALUES ('old-upload'", "created_at, complete) VALUES ('old-upload'")
            .replace("$1, 'standard', 2)", "$1, 'standard', 2, TRUE)"),
          [...values],
        );
      await client.end();
      store = openPostgresStore(url, demoAnswers());
    } else {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "store-old-")), "portal.sqlite");
      const db = new DatabaseSync(file);
      db.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)");
      for (const [index, sql] of SQLITE_MIGRATIONS.slice(0, 3).entries())
        db.exec(`${sql}; INSERT INTO schema_migrations VALUES (${index + 1})`);
      for (const [sql, values] of statements) db.prepare(sql.replace(/\$\d/g, "?")).run(...values);
      db.close();
      store = openSqliteStore(file, demoAnswers());
    }
    try {
      expect(await store.getDraft("member:10000001", "standard")).toMatchObject({
        draftId: "old-draft",
        models: { claimantInfo: { firstName: "Ana" } },
        completedSteps: ["claimant-info"],
      });
      expect((await store.getDocument("old-upload"))?.owner).toBe("member:10000001");
      expect(await store.getSession(OLD_SESSION.id)).toBeUndefined();
      expect(await store.getClaim("STD-OLD1-OLD1-OLD1")).toMatchObject({
        owner: null,
        member: { claimId: null, vin: null, verified: false, signInMethod: "unknown" },
        culture: "es",
        submittedAt: 3,
        version: 1,
        versionAt: 3,
      });
      expect(
        (await store.claimVersions("STD-OLD1-OLD1-OLD1")).map((version) => [version.version, version.filedAt]),
      ).toEqual([[1, 3]]);
    } finally {
      await store.close();
    }
  });
});
