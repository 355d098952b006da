import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { MIGRATIONS, migrationsFor } from "#app/storage/migrations.ts";
import { openPostgresStore } from "#app/storage/postgres-store.server.ts";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import { emptyDraft, type Store } from "#app/storage/store.ts";
import { type Backend, BACKENDS, freshDatabaseUrl } from "#tests/support/backends.ts";
import { readAll } from "#tests/support/documents.ts";
import { demoAnswers } from "#tests/support/server-state.ts";

/** A database at schema version `version`, as a portal of that version left it, written to by `seed`. */
interface OldDatabase {
  /** Runs a statement with $1, $2… placeholders. */
  run(sql: string, params?: unknown[]): Promise<void>;
  all(sql: string): Promise<Array<Record<string, unknown>>>;
  close(): Promise<void>;
}

async function databaseAt(backend: Backend, version: number): Promise<{ db: OldDatabase; open: () => Store }> {
  const migrations = migrationsFor(backend).slice(0, version);
  if (backend === "postgresql") {
    const url = await freshDatabaseUrl();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const db: OldDatabase = {
      run: async (sql, params = []) => void (await client.query(sql, params)),
      all: async (sql) => (await client.query(sql)).rows,
      close: () => client.end(),
    };
    await db.run("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)");
    for (const [index, sql] of migrations.entries())
      await db.run(`${sql}; INSERT INTO schema_migrations VALUES (${index + 1})`);
    return { db, open: () => openPostgresStore(url, demoAnswers()) };
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), "store-migrations-")), "portal.sqlite");
  const sqlite = new DatabaseSync(file);
  const db: OldDatabase = {
    run: async (sql, params = []) => {
      sqlite.prepare(sql.replace(/\$(\d+)/g, "?$1")).run(...(params as never[]));
    },
    all: async (sql) => sqlite.prepare(sql).all() as Array<Record<string, unknown>>,
    close: async () => sqlite.close(),
  };
  sqlite.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)");
  for (const [index, sql] of migrations.entries())
    sqlite.exec(`${sql}; INSERT INTO schema_migrations VALUES (${index + 1})`);
  return { db, open: () => openSqliteStore(file, demoAnswers()) };
}

const MEMBER = "10000001";
/** The schema version that began the audit trail (issue 27). */
const TRAIL_VERSION = 20;
const OLD_CLAIM = "STD-OLD1-OLD1-OLD1";

/** A few rows, in the tables the schema has at `version` and in their shape then. */
async function seed(backend: Backend, db: OldDatabase, version: number) {
  const authorizations = JSON.stringify({ standard: { at: 1, method: "claimIdPin", claimId: MEMBER } });
  const draft = JSON.stringify({ ...emptyDraft("old-draft"), models: { claimantInfo: { firstName: "Ana" } } });
  // PostgreSQL's documents are readable once complete (its content is in the database).
  const complete = backend === "postgresql" ? [", complete", ", TRUE"] : ["", ""];
  if (version >= 2)
    await db.run(
      "INSERT INTO sessions (id, created_at, last_seen_at, authorizations) VALUES ('old-session', 1, 2, $1)",
      [authorizations],
    );
  if (version >= 1 && version < 4)
    await db.run(
      "INSERT INTO drafts (session_id, form_type, data, updated_at) VALUES ('old-session', 'standard', $1, 2)",
      [draft],
    );
  if (version >= 2 && version < 4)
    await db.run(
      `INSERT INTO claims (reference_code, form_type, draft_id, session_id, models, culture, submitted_at)
       VALUES ('${OLD_CLAIM}', 'standard', 'filed-draft', 'gone', '{"claimantInfo":{"firstName":"Bo"}}', 'es', 3)`,
    );
  if (version === 3)
    await db.run(
      `INSERT INTO documents (id, name, media_type, size, sha256, session_id, form_type, created_at${complete[0]})
       VALUES ('old-upload', 'a.pdf', 'application/pdf', 8, 'x', 'old-session', 'standard', 2${complete[1]})`,
    );
  if (version >= 4) {
    await db.run(
      `INSERT INTO drafts (owner, form_type, data, updated_at) VALUES ('member:${MEMBER}', 'standard', $1, 2)`,
      [draft],
    );
    await db.run(
      `INSERT INTO claims (reference_code, form_type, draft_id, owner, claim_id, vin, verified, sign_in_method, models, records, culture, submitted_at, version, version_at)
       VALUES ('${OLD_CLAIM}', 'standard', 'filed-draft', 'member:${MEMBER}', '${MEMBER}', NULL, TRUE, 'claimIdPin', '{"claimantInfo":{"firstName":"Bo"}}', '{}', 'es', 3, 1, 3)`,
    );
    await db.run(
      `INSERT INTO claim_versions (reference_code, version, models, records, culture, filed_at)
       VALUES ('${OLD_CLAIM}', 1, '{"claimantInfo":{"firstName":"Bo"}}', '{}', 'es', 3)`,
    );
    await db.run(
      `INSERT INTO documents (id, name, media_type, size, sha256, owner, form_type, created_at${complete[0]})
       VALUES ('old-upload', 'a.pdf', 'application/pdf', 8, 'x', 'member:${MEMBER}', 'standard', 2${complete[1]})`,
    );
  }
  if (version >= 5)
    await db.run(
      `INSERT INTO sign_in_failures (claim_id, failures, window_started_at, lockouts, locked_until, forget_at)
       VALUES ('${MEMBER}', 2, 10, 0, NULL, 9000000000000)`,
    );
  if (version >= 7) {
    await db.run(
      `INSERT INTO class_member_lists (source, sha256, from_settlement_folder, pin_key_id, members, with_vin, started_at, completed_at, current)
       VALUES ('old.csv', 'abc', TRUE, 'k1', 1, 0, 5, 6, TRUE)`,
    );
    const [list] = await db.all("SELECT id FROM class_member_lists");
    await db.run(
      "INSERT INTO class_members (list_id, claim_id, pin_hash, vin, prepopulated) VALUES ($1, $2, $3, NULL, $4)",
      [Number(list!.id), MEMBER, Buffer.from([1, 2, 3]), JSON.stringify({ firstName: "Ana" })],
    );
  }
  if (version >= 8)
    await db.run(
      "INSERT INTO address_failures (client, failures, window_ends_at) VALUES ('203.0.113.9', 1, 9000000000000)",
    );
  if (version >= 9) await db.run("INSERT INTO field_keys_used (id, first_used_at) VALUES ('old-key', 4)");
}

/** The indexes the latest schema has, on each backend. */
const INDEXES = [
  "claims_submitted_at",
  "claims_owner",
  "claims_member",
  "claims_changed_at",
  "documents_draft",
  "documents_claim",
  "drafts_unverified",
  "sign_in_failures_forget_at",
  "used_challenges_expires_at",
  "class_member_lists_current",
  "class_members_vin",
  "address_failures_window_ends_at",
  "claims_contact",
  "email_outbox_due",
  "email_outbox_done",
  "return_links_owner",
  "claim_statuses_row",
  "claim_events_claim",
  "claim_signals_value",
];

const indexesOf = async (backend: Backend, db: OldDatabase) =>
  (
    await db.all(
      backend === "postgresql"
        ? "SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public'"
        : "SELECT name FROM sqlite_master WHERE type = 'index'",
    )
  ).map((row) => String(row.name));

/**
 * A database left at each earlier schema version, with rows of that version, is brought to the
 * latest by the store: each version once, rows kept (or moved as their migration says), the
 * latest indexes in place, and the store's contract holds on it.
 */
describe.each(BACKENDS)("a %s database of every earlier schema version", (backend) => {
  test.each(Array.from({ length: MIGRATIONS.length + 1 }, (_, version) => version))(
    "from version %i: migrated to the latest, its rows kept, and a claim filed and read back",
    async (version) => {
      const { db, open } = await databaseAt(backend, version);
      await seed(backend, db, version);
      const store = open();
      try {
        // The rows written at that version, as the store reads them now.
        if (version >= 2) {
          expect(await store.getClaim(OLD_CLAIM)).toMatchObject({
            models: { claimantInfo: { firstName: "Bo" } },
            culture: "es",
            submittedAt: 3,
            version: 1,
            versionAt: 3,
            // Claims filed before members were recorded (version 4) have none.
            ...(version < 4
              ? { owner: null, member: { claimId: null, verified: false, signInMethod: "unknown" } }
              : { owner: `member:${MEMBER}`, member: { claimId: MEMBER, verified: true, signInMethod: "claimIdPin" } }),
          });
          expect((await store.claimVersions(OLD_CLAIM)).map((filed) => filed.filedAt)).toEqual([3]);
          // Issue 27: the audit trail begins with what the claim held then (a seed from the trail's
          // version on writes its claim past the store, without events).
          if (version < TRAIL_VERSION)
            expect(await store.claimEvents(OLD_CLAIM)).toMatchObject([
              { kind: "filed", actor: "claimant", at: 3, detail: { version: 1, recordedLater: true } },
            ]);
        }
        // A draft of a session moves to its signed-in member (version 4); with no session to say
        // who (version 1 had no sessions table), it cannot, and goes.
        const draft = await store.getDraft(`member:${MEMBER}`, "standard");
        if (version >= 2)
          expect(draft).toMatchObject({ draftId: "old-draft", models: { claimantInfo: { firstName: "Ana" } } });
        else expect(draft).toBeUndefined();
        if (version >= 3) expect((await store.getDocument("old-upload"))?.owner).toBe(`member:${MEMBER}`);
        if (version >= 5)
          expect(await store.getSignInFailures(MEMBER)).toMatchObject({ failures: 2, windowStartedAt: 10 });
        if (version >= 7) {
          const list = await store.currentMemberList();
          expect(list).toMatchObject({ source: "old.csv", fromSettlementFolder: true, members: 1, completedAt: 6 });
          expect((await store.findMember(list!.id, MEMBER))?.prepopulated).toEqual({ firstName: "Ana" });
        }
        if (version >= 8) expect(await store.countAddressFailure("203.0.113.9", 100, 1_000)).toBe(2);
        if (version >= 9) expect(await store.fieldKeyIds()).toContain("old-key");

        // The store's contract on the migrated database: a new claim, with a document, filed and read back.
        const owner = "member:20000002" as const;
        const upload = await store.putDocument(
          { name: "b.pdf", mediaType: "application/pdf", owner, formType: "standard" },
          [Buffer.from("%PDF-1.4 new")],
          10,
        );
        const documentRecord = {
          clientId: "doc-00000001",
          status: "saved" as const,
          fields: {},
          documentId: upload.id,
        };
        await store.updateDraft(
          owner,
          "standard",
          () => ({ ...emptyDraft("new-draft"), models: { claimantInfo: { firstName: "Cy" } } }),
          10,
        );
        const filed = await store.submitClaim(
          owner,
          "standard",
          {
            draftId: "new-draft",
            member: { claimId: "20000002", vin: null, verified: true, signInMethod: "claimIdPin" },
            models: { claimantInfo: { firstName: "Cy" } },
            records: { documentContexts: [documentRecord] },
            documentIds: [upload.id],
            culture: "en",
          },
          "one",
          () => "STD-NEW1-NEW1-NEW1",
          20,
        );
        expect(filed).toEqual({ referenceCode: "STD-NEW1-NEW1-NEW1", outcome: "filed", version: 1 });
        expect(await store.latestClaim(owner, "standard")).toMatchObject({
          referenceCode: "STD-NEW1-NEW1-NEW1",
          models: { claimantInfo: { firstName: "Cy" } },
          records: { documentContexts: [documentRecord] },
        });
        expect(await store.claimEvents("STD-NEW1-NEW1-NEW1")).toMatchObject([
          { kind: "filed", actor: "claimant", at: 20, detail: { version: 1, documents: 1 } },
        ]);
        const [document] = await store.claimDocuments("STD-NEW1-NEW1-NEW1");
        expect(document?.id).toBe(upload.id);
        expect((await readAll(store.readDocument(upload.id))).toString()).toBe("%PDF-1.4 new");
      } finally {
        await store.close();
      }
      try {
        // Each version once, in order, up to the latest; and the latest schema's indexes.
        const versions = await db.all("SELECT version FROM schema_migrations ORDER BY version");
        expect(versions.map((row) => Number(row.version))).toEqual(MIGRATIONS.map((_, index) => index + 1));
        expect(await indexesOf(backend, db)).toEqual(expect.arrayContaining(INDEXES));
        // The trail is append-only: the database itself refuses to change or remove an event.
        await expect(db.run("UPDATE claim_events SET actor = 'someone'")).rejects.toThrow(/append-only/);
        await expect(db.run("DELETE FROM claim_events")).rejects.toThrow(/append-only/);
        expect((await db.all("SELECT actor FROM claim_events")).map((row) => row.actor)).not.toContain("someone");
      } finally {
        await db.close();
      }
    },
  );
});
