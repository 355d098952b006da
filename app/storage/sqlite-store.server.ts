import { createHash } from "node:crypto";
import { createReadStream, mkdirSync } from "node:fs";
import { open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  type ClaimRow,
  claimFromRow,
  DOCUMENT_COLUMNS,
  type DocumentRow,
  documentFromRow,
  type Draft,
  newDocumentId,
  type SessionRecord,
  type Store,
} from "./store.ts";

/** SQLite keeps the models and records as JSON text. */
const claimOf = (row: (Omit<ClaimRow, "models" | "records"> & { models: string; records: string | null }) | undefined) =>
  claimFromRow(row && { ...row, models: JSON.parse(row.models), records: row.records ? JSON.parse(row.records) : null });

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
  `ALTER TABLE claims ADD COLUMN records TEXT;
   CREATE TABLE documents (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     media_type TEXT NOT NULL,
     size INTEGER NOT NULL,
     sha256 TEXT NOT NULL,
     session_id TEXT NOT NULL,
     form_type TEXT NOT NULL,
     reference_code TEXT,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX documents_draft ON documents (session_id, form_type);
   CREATE INDEX documents_claim ON documents (reference_code);`,
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

/**
 * The default store: one SQLite file in the data folder, no other service needed. Documents are
 * files in the data folder's documents/ (never a served folder), named by their random ids; a
 * file is written as "<id>.part" and renamed once complete, so a failed upload leaves no document.
 */
export function openSqliteStore(file: string): Store {
  mkdirSync(path.dirname(file), { recursive: true });
  const documentsDir = path.join(path.dirname(file), "documents");
  mkdirSync(documentsDir, { recursive: true });
  const documentFile = (id: string) => path.join(documentsDir, id);
  const removeFiles = (ids: string[]) => Promise.all(ids.map((id) => rm(documentFile(id), { force: true })));
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
      "INSERT INTO claims (reference_code, form_type, draft_id, session_id, models, records, culture, submitted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    getClaim: db.prepare("SELECT reference_code, form_type, draft_id, models, records, culture, submitted_at FROM claims WHERE reference_code = ?"),
    getClaimByDraft: db.prepare("SELECT reference_code, form_type, draft_id, models, records, culture, submitted_at FROM claims WHERE draft_id = ?"),
    claimsPage: db.prepare(
      `SELECT reference_code, form_type, draft_id, models, records, culture, submitted_at FROM claims
       WHERE submitted_at > ? OR (submitted_at = ? AND reference_code > ?) ORDER BY submitted_at, reference_code LIMIT ?`,
    ),
    insertDocument: db.prepare("INSERT INTO documents (id, name, media_type, size, sha256, session_id, form_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
    getDocument: db.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = ?`),
    deleteDocument: db.prepare("DELETE FROM documents WHERE id = ? AND reference_code IS NULL"),
    claimDocument: db.prepare("UPDATE documents SET reference_code = ? WHERE id = ? AND session_id = ? AND form_type = ? AND reference_code IS NULL"),
    unclaimedOfDraft: db.prepare("SELECT id FROM documents WHERE session_id = ? AND form_type = ? AND reference_code IS NULL"),
    unclaimedOfSession: db.prepare("SELECT id FROM documents WHERE session_id = ? AND reference_code IS NULL"),
    claimDocuments: db.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE reference_code = ? ORDER BY created_at, id`),
    expiredSessions: db.prepare("SELECT id FROM sessions WHERE last_seen_at < ?"),
    abandonedDocuments: db.prepare("SELECT id FROM documents WHERE reference_code IS NULL AND session_id NOT IN (SELECT id FROM sessions)"),
    deleteAbandonedDrafts: db.prepare("DELETE FROM drafts WHERE session_id NOT IN (SELECT id FROM sessions)"),
  };
  const deleteDocumentRows = (ids: string[]) => ids.forEach((id) => statements.deleteDocument.run(id));
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
    async renameSession(sessionId, newSessionId) {
      transaction(db, () => {
        for (const sql of ["UPDATE sessions SET id = ? WHERE id = ?", "UPDATE drafts SET session_id = ? WHERE session_id = ?", "UPDATE documents SET session_id = ? WHERE session_id = ?"]) {
          db.prepare(sql).run(newSessionId, sessionId);
        }
      });
    },
    async endSession(sessionId) {
      const removed = transaction(db, () => {
        const ids = (statements.unclaimedOfSession.all(sessionId) as Array<{ id: string }>).map((row) => row.id);
        deleteDocumentRows(ids);
        statements.deleteDrafts.run(sessionId);
        statements.deleteSession.run(sessionId);
        return ids;
      });
      await removeFiles(removed);
    },
    async getDraft(sessionId, formType) {
      const row = statements.getDraft.get(sessionId, formType) as { data: string; updated_at: number } | undefined;
      return row ? { ...(JSON.parse(row.data) as Omit<Draft, "updatedAt">), updatedAt: row.updated_at } : undefined;
    },
    async saveDraft(sessionId, formType, draft, now) {
      const { draftId, models, records, completedSteps, edited, prepopulated } = draft;
      statements.upsertDraft.run(sessionId, formType, JSON.stringify({ draftId, models, records, completedSteps, edited, prepopulated }), now);
    },
    async submitClaim(sessionId, formType, claim, newReferenceCode, now) {
      const { filed, removed } = transaction(db, () => {
        const existing = statements.claimByDraft.get(claim.draftId) as { reference_code: string } | undefined;
        if (existing) return { filed: { referenceCode: existing.reference_code, created: false }, removed: [] };
        const referenceCode = newReferenceCode();
        statements.insertClaim.run(referenceCode, formType, claim.draftId, sessionId, JSON.stringify(claim.models), JSON.stringify(claim.records), claim.culture, now);
        for (const id of claim.documentIds) {
          if (statements.claimDocument.run(referenceCode, id, sessionId, formType).changes !== 1) throw new Error(`Document ${id} is not an unclaimed upload of this draft`);
        }
        // Uploads the claimant replaced or removed are not part of the claim.
        const leftOver = (statements.unclaimedOfDraft.all(sessionId, formType) as Array<{ id: string }>).map((row) => row.id);
        deleteDocumentRows(leftOver);
        return { filed: { referenceCode, created: true }, removed: leftOver };
      });
      await removeFiles(removed);
      return filed;
    },
    async getClaim(referenceCode) {
      return claimOf(statements.getClaim.get(referenceCode) as never);
    },
    async getClaimByDraft(draftId) {
      return claimOf(statements.getClaimByDraft.get(draftId) as never);
    },
    async claimsPage(after, limit) {
      const at = after?.submittedAt ?? -1;
      return (statements.claimsPage.all(at, at, after?.referenceCode ?? "", limit) as never[]).map((row) => claimOf(row)!);
    },
    async putDocument(document, content, now) {
      const id = newDocumentId();
      const partial = `${documentFile(id)}.part`;
      const hash = createHash("sha256");
      let size = 0;
      const handle = await open(partial, "wx");
      try {
        for await (const chunk of content) {
          hash.update(chunk);
          size += chunk.length;
          await handle.write(chunk);
        }
        await handle.sync();
        await handle.close();
        await rename(partial, documentFile(id));
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(partial, { force: true });
        throw error;
      }
      const sha256 = hash.digest("hex");
      statements.insertDocument.run(id, document.name, document.mediaType, size, sha256, document.sessionId, document.formType, now);
      return { id, ...document, size, sha256, referenceCode: null, createdAt: now };
    },
    async getDocument(id) {
      return documentFromRow(statements.getDocument.get(id) as DocumentRow | undefined);
    },
    readDocument(id) {
      if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new Error("Not a document id");
      return createReadStream(documentFile(id));
    },
    async deleteDocument(id) {
      if (statements.deleteDocument.run(id).changes === 1) await removeFiles([id]);
    },
    async claimDocuments(referenceCode) {
      return (statements.claimDocuments.all(referenceCode) as unknown as DocumentRow[]).map((row) => documentFromRow(row)!);
    },
    async purgeExpired(idleSince) {
      const { sessions, removed } = transaction(db, () => {
        const expired = (statements.expiredSessions.all(idleSince) as Array<{ id: string }>).map((row) => row.id);
        expired.forEach((id) => statements.deleteSession.run(id));
        statements.deleteAbandonedDrafts.run();
        const abandoned = (statements.abandonedDocuments.all() as Array<{ id: string }>).map((row) => row.id);
        deleteDocumentRows(abandoned);
        return { sessions: expired.length, removed: abandoned };
      });
      await removeFiles(removed);
      // Uploads cut off by a crash leave a ".part" file and no row: gone once as old as a session.
      for (const name of await readdir(documentsDir)) {
        const file = path.join(documentsDir, name);
        if (name.endsWith(".part") && (await stat(file)).mtimeMs < idleSince) await rm(file, { force: true });
      }
      return { sessions, documents: removed.length };
    },
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async close() {
      db.close();
    },
  } satisfies Store;
}
