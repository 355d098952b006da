import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type ClaimRow, claimFromRow, type Draft, type SessionRecord, type Store } from "./store.ts";

/** SQLite keeps the models as JSON text. */
const claimOf = (row: (Omit<ClaimRow, "models"> & { models: string }) | undefined) => claimFromRow(row && { ...row, models: JSON.parse(row.models) });

/** Schema versions, applied in order once each; never edit one that has shipped, add the next. */
const MIGRATIONS = [
  `CREATE TABLE drafts (
     session_id TEXT NOT NULL,
     form_type TEXT NOT NULL,
     data TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (session_id, form_type)
   )`,
  `CREATE TABLE sessions (
     id TEXT PRIMARY KEY,
     created_at INTEGER NOT NULL,
     last_seen_at INTEGER NOT NULL,
     authorizations TEXT NOT NULL DEFAULT '{}'
   );
   CREATE TABLE claims (
     reference_code TEXT PRIMARY KEY,
     form_type TEXT NOT NULL,
     draft_id TEXT NOT NULL UNIQUE,
     session_id TEXT NOT NULL,
     models TEXT NOT NULL,
     culture TEXT NOT NULL,
     submitted_at INTEGER NOT NULL
   );
   CREATE INDEX claims_submitted_at ON claims (submitted_at);`,
];

function migrate(db: DatabaseSync) {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)");
  const row = db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get() as { version: number | null };
  const current = row.version ?? 0;
  MIGRATIONS.slice(current).forEach((sql, index) => transaction(db, () => {
    db.exec(sql);
    db.prepare("INSERT INTO schema_migrations (version) VALUES (?)").run(current + index + 1);
  }));
}

function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/** The default store: one SQLite file in the data folder, no other service needed. */
export function openSqliteStore(file: string): Store {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  // WAL lets readers go on while a claim is written; a busy timeout rides out short write locks.
  db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;");
  migrate(db);
  const statements = {
    getSession: db.prepare("SELECT id, created_at, last_seen_at, authorizations FROM sessions WHERE id = ?"),
    touchSession: db.prepare(
      `INSERT INTO sessions (id, created_at, last_seen_at) VALUES (?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
    ),
    setAuthorizations: db.prepare("UPDATE sessions SET authorizations = ? WHERE id = ?"),
    deleteSession: db.prepare("DELETE FROM sessions WHERE id = ?"),
    deleteDrafts: db.prepare("DELETE FROM drafts WHERE session_id = ?"),
    getDraft: db.prepare("SELECT data, updated_at FROM drafts WHERE session_id = ? AND form_type = ?"),
    upsertDraft: db.prepare(
      `INSERT INTO drafts (session_id, form_type, data, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (session_id, form_type) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
    ),
    claimByDraft: db.prepare("SELECT reference_code FROM claims WHERE draft_id = ?"),
    insertClaim: db.prepare(
      "INSERT INTO claims (reference_code, form_type, draft_id, session_id, models, culture, submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ),
    getClaim: db.prepare("SELECT reference_code, form_type, draft_id, models, culture, submitted_at FROM claims WHERE reference_code = ?"),
    getClaimByDraft: db.prepare("SELECT reference_code, form_type, draft_id, models, culture, submitted_at FROM claims WHERE draft_id = ?"),
  };
  const sessionOf = (row: { id: string; created_at: number; last_seen_at: number; authorizations: string } | undefined): SessionRecord | undefined =>
    row && { id: row.id, createdAt: row.created_at, lastSeenAt: row.last_seen_at, authorizations: JSON.parse(row.authorizations) };

  return {
    async getSession(sessionId) {
      return sessionOf(statements.getSession.get(sessionId) as never);
    },
    async touchSession(sessionId, now) {
      statements.touchSession.run(sessionId, now, now);
      return sessionOf(statements.getSession.get(sessionId) as never)!;
    },
    async authorize(sessionId, formType, grant, now) {
      transaction(db, () => {
        statements.touchSession.run(sessionId, now, now);
        const session = sessionOf(statements.getSession.get(sessionId) as never)!;
        session.authorizations[formType] = { at: now, claimId: grant.claimId };
        statements.setAuthorizations.run(JSON.stringify(session.authorizations), sessionId);
      });
    },
    async endSession(sessionId) {
      transaction(db, () => {
        statements.deleteDrafts.run(sessionId);
        statements.deleteSession.run(sessionId);
      });
    },
    async getDraft(sessionId, formType) {
      const row = statements.getDraft.get(sessionId, formType) as { data: string; updated_at: number } | undefined;
      return row ? { ...(JSON.parse(row.data) as Omit<Draft, "updatedAt">), updatedAt: row.updated_at } : undefined;
    },
    async saveDraft(sessionId, formType, draft, now) {
      const { draftId, models, completedSteps, edited, prepopulated } = draft;
      statements.upsertDraft.run(sessionId, formType, JSON.stringify({ draftId, models, completedSteps, edited, prepopulated }), now);
    },
    async submitClaim(sessionId, formType, claim, newReferenceCode, now) {
      return transaction(db, () => {
        const existing = statements.claimByDraft.get(claim.draftId) as { reference_code: string } | undefined;
        if (existing) return { referenceCode: existing.reference_code, created: false };
        const referenceCode = newReferenceCode();
        statements.insertClaim.run(referenceCode, formType, claim.draftId, sessionId, JSON.stringify(claim.models), claim.culture, now);
        return { referenceCode, created: true };
      });
    },
    async getClaim(referenceCode) {
      return claimOf(statements.getClaim.get(referenceCode) as never);
    },
    async getClaimByDraft(draftId) {
      return claimOf(statements.getClaimByDraft.get(draftId) as never);
    },
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async close() {
      db.close();
    },
  } satisfies Store;
}
