import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sqliteMemberLists } from "./sqlite-member-lists.server.ts";
import { PRIVATE_FILE, privateFile, privateFolder, tightenIfPresent } from "./data-dir.server.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import type { ModelValues } from "#app/forms/validate-step.ts";
import type { Answers, SensitiveAnswers } from "./sensitive-answers.server.ts";
import {
  CLAIM_COLUMNS,
  type ClaimRow,
  claimFromRow,
  DOCUMENT_COLUMNS,
  type DocumentRow,
  documentFromRow,
  type Draft,
  type DraftRecords,
  filingOutcome,
  recordDocumentIds,
  newDocumentId,
  type SessionRecord,
  SIGN_IN_FAILURES_COLUMNS,
  type SignInFailuresRow,
  signInFailuresFromRow,
  type Store,
} from "./store.ts";

/** How many rows reencryptAnswers reads and rewrites per transaction. */
const REENCRYPT_PAGE = 200;

/** Schema versions, applied in order once each; never edit one that has shipped, add the next. */
export const MIGRATIONS = [
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
  // Issue 10: drafts and uploads belong to their owner (the member who signed in), not to a
  // session; claims record their member and their versions. Drafts of signed-in sessions move to
  // their member; sessions end (claimants sign in again and find their drafts).
  `ALTER TABLE drafts RENAME TO drafts_by_session;
   CREATE TABLE drafts (
     owner TEXT NOT NULL,
     form_type TEXT NOT NULL,
     data TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (owner, form_type)
   );
   INSERT INTO drafts (owner, form_type, data, updated_at)
     SELECT 'member:' || json_extract(s.authorizations, '$.' || d.form_type || '.claimId'), d.form_type, d.data, MAX(d.updated_at)
     FROM drafts_by_session d JOIN sessions s ON s.id = d.session_id
     WHERE json_extract(s.authorizations, '$.' || d.form_type || '.claimId') IS NOT NULL
     GROUP BY 1, 2;
   DROP TABLE drafts_by_session;
   ALTER TABLE documents RENAME COLUMN session_id TO owner;
   UPDATE documents SET owner = COALESCE(
     (SELECT 'member:' || json_extract(s.authorizations, '$.' || documents.form_type || '.claimId') FROM sessions s WHERE s.id = documents.owner),
     'session:' || owner);
   ALTER TABLE claims DROP COLUMN session_id;
   ALTER TABLE claims ADD COLUMN owner TEXT;
   ALTER TABLE claims ADD COLUMN claim_id TEXT;
   ALTER TABLE claims ADD COLUMN vin TEXT;
   ALTER TABLE claims ADD COLUMN verified INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE claims ADD COLUMN sign_in_method TEXT NOT NULL DEFAULT 'unknown';
   ALTER TABLE claims ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE claims ADD COLUMN version_at INTEGER;
   UPDATE claims SET version_at = submitted_at;
   CREATE INDEX claims_owner ON claims (owner, form_type, submitted_at);
   CREATE INDEX claims_member ON claims (claim_id);
   CREATE TABLE claim_versions (
     reference_code TEXT NOT NULL,
     version INTEGER NOT NULL,
     models TEXT NOT NULL,
     records TEXT,
     culture TEXT NOT NULL,
     filed_at INTEGER NOT NULL,
     PRIMARY KEY (reference_code, version)
   );
   INSERT INTO claim_versions (reference_code, version, models, records, culture, filed_at)
     SELECT reference_code, 1, models, records, culture, submitted_at FROM claims;
   DELETE FROM sessions;`,
  // Issue 10, sign-in that cannot be guessed: failed sign-ins per Claim ID (the lockout), and the
  // no-JavaScript challenges already used (each passes once).
  `CREATE TABLE sign_in_failures (
     claim_id TEXT PRIMARY KEY,
     failures INTEGER NOT NULL,
     window_started_at INTEGER NOT NULL,
     lockouts INTEGER NOT NULL,
     locked_until INTEGER,
     forget_at INTEGER NOT NULL
   );
   CREATE INDEX sign_in_failures_forget_at ON sign_in_failures (forget_at);
   CREATE TABLE used_challenges (
     nonce TEXT PRIMARY KEY,
     expires_at INTEGER NOT NULL
   );
   CREATE INDEX used_challenges_expires_at ON used_challenges (expires_at);`,
  // Issue 14: a member's latest claim, read on every step page, comes off this index in its order
  // (submitted_at, then reference_code for claims filed in the same millisecond) without a sort.
  `DROP INDEX claims_owner;
   CREATE INDEX claims_owner ON claims (owner, form_type, submitted_at, reference_code);`,
  // Issue 23: the class-member list lives in the store, every instance reading the current one;
  // an import writes a new list beside it and makes it current in one step. PINs are keyed hashes.
  `CREATE TABLE class_member_lists (
     id INTEGER PRIMARY KEY,
     source TEXT NOT NULL,
     sha256 TEXT NOT NULL,
     from_settlement_folder INTEGER NOT NULL,
     pin_key_id TEXT NOT NULL,
     members INTEGER NOT NULL DEFAULT 0,
     with_vin INTEGER NOT NULL DEFAULT 0,
     started_at INTEGER NOT NULL,
     completed_at INTEGER,
     current INTEGER NOT NULL DEFAULT 0
   );
   CREATE UNIQUE INDEX class_member_lists_current ON class_member_lists (current) WHERE current = 1;
   CREATE TABLE class_members (
     list_id INTEGER NOT NULL,
     claim_id TEXT NOT NULL,
     pin_hash BLOB NOT NULL,
     vin TEXT,
     prepopulated TEXT NOT NULL,
     PRIMARY KEY (list_id, claim_id)
   ) WITHOUT ROWID;
   CREATE INDEX class_members_vin ON class_members (list_id, vin) WHERE vin IS NOT NULL;`,
  // Issue 23: failed attempts per client address, counted by every instance together (decision 021).
  `CREATE TABLE address_failures (
     client TEXT PRIMARY KEY,
     failures INTEGER NOT NULL,
     window_ends_at INTEGER NOT NULL
   );
   CREATE INDEX address_failures_window_ends_at ON address_failures (window_ends_at);`,
  // Issue 23: the field keys stored answers are under (Store.fieldKeyIds), so a server missing one
  // refuses to start instead of failing every bank number it is asked for.
  `CREATE TABLE field_keys_used (
     id TEXT PRIMARY KEY,
     first_used_at INTEGER NOT NULL
   );`,
  // Issue 23: exports page claims by their latest version's time (incremental exports), off this
  // index in its order.
  `CREATE INDEX claims_version_at ON claims (version_at, reference_code);`,
  // Issue 23: the purge (every instance, every 5 minutes) finds the drafts of unverified sign-ins
  // off this index instead of reading every draft: millions of members' drafts, a few VIN-only ones.
  `CREATE INDEX drafts_unverified ON drafts (owner) WHERE owner LIKE 'session:%';`,
];

/** Drafts of unverified sign-ins whose session is gone: off drafts_unverified, not every draft. */
export const ABANDONED_DRAFTS =
  "DELETE FROM drafts WHERE owner LIKE 'session:%' AND substr(owner, 9) NOT IN (SELECT id FROM sessions)";

/** A member's latest claim of a form type, by (owner, form type). */
export const LATEST_CLAIM = `SELECT ${CLAIM_COLUMNS} FROM claims WHERE owner = ? AND form_type = ? ORDER BY submitted_at DESC, reference_code DESC LIMIT 1`;

/** A page of claims by their latest version (Store.claimsByVersionPage): after (version_at, code), before until. */
export const CLAIMS_BY_VERSION = `SELECT ${CLAIM_COLUMNS} FROM claims
  WHERE (version_at, reference_code) > (?, ?) AND version_at < ? ORDER BY version_at, reference_code LIMIT ?`;

function migrate(db: DatabaseSync) {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)");
  const row = db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get() as { version: number | null };
  const current = row.version ?? 0;
  for (const [index, sql] of MIGRATIONS.slice(current).entries()) {
    transaction(db, () => {
      db.exec(sql);
      db.prepare("INSERT INTO schema_migrations (version) VALUES (?)").run(current + index + 1);
    });
  }
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
 * file is written in uploads-in-progress/ and moved into documents/ once complete, so a failed
 * upload leaves no document, and documents/ holds only whole ones (a copy of it never meets a
 * part of one, nor a file gone by the time it is copied: issue 23).
 * The folders and files are the portal's user's alone (0700, 0600); sensitive answers are
 * encrypted by `answers` on their way in.
 */
export function openSqliteStore(file: string, answers: SensitiveAnswers): Store {
  privateFolder(path.dirname(file));
  const documentsDir = privateFolder(path.join(path.dirname(file), "documents"), { portalsOwn: true });
  const documentFile = (id: string) => path.join(documentsDir, id);
  // Beside documents/, on the same file system: moving a finished upload in is one rename.
  const inProgressDir = privateFolder(path.join(path.dirname(file), "uploads-in-progress"), { portalsOwn: true });
  const removeFiles = (ids: string[]) => Promise.all(ids.map((id) => rm(documentFile(id), { force: true })));
  // Made owner-only before SQLite opens it: its -wal and -shm files take the database's mode.
  for (const suffix of ["-wal", "-shm"]) tightenIfPresent(`${file}${suffix}`);
  const db = new DatabaseSync(privateFile(file));
  // WAL lets readers go on while a claim is written; a busy timeout rides out short write locks.
  // secure_delete zeroes what a write replaces or a purge removes, so an answer once changed, a
  // purged draft, or a bank number kept in clear before it was encrypted does not linger in the
  // file's free space (decision 015).
  db.exec(
    "PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON;",
  );
  migrate(db);
  const statements = {
    getSession: db.prepare("SELECT id, created_at, last_seen_at, authorizations FROM sessions WHERE id = ?"),
    touchSession: db.prepare(
      `INSERT INTO sessions (id, created_at, last_seen_at) VALUES (?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
    ),
    setAuthorizations: db.prepare("UPDATE sessions SET authorizations = ? WHERE id = ?"),
    deleteSession: db.prepare("DELETE FROM sessions WHERE id = ?"),
    getDraft: db.prepare("SELECT data, updated_at FROM drafts WHERE owner = ? AND form_type = ?"),
    upsertDraft: db.prepare(
      `INSERT INTO drafts (owner, form_type, data, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (owner, form_type) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
    ),
    deleteOwnedDrafts: db.prepare("DELETE FROM drafts WHERE owner = ?"),
    insertClaim: db.prepare(
      `INSERT INTO claims (reference_code, form_type, draft_id, owner, claim_id, vin, verified, sign_in_method, models, records, culture, submitted_at, version, version_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
    ),
    amendClaim: db.prepare(
      "UPDATE claims SET models = ?, records = ?, culture = ?, version = ?, version_at = ? WHERE reference_code = ?",
    ),
    insertVersion: db.prepare(
      "INSERT INTO claim_versions (reference_code, version, models, records, culture, filed_at) VALUES (?, ?, ?, ?, ?, ?)",
    ),
    claimVersions: db.prepare(
      "SELECT version, models, records, culture, filed_at FROM claim_versions WHERE reference_code = ? ORDER BY version",
    ),
    getClaim: db.prepare(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE reference_code = ?`),
    getClaimByDraft: db.prepare(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE draft_id = ?`),
    latestClaim: db.prepare(LATEST_CLAIM),
    claimsPage: db.prepare(
      `SELECT ${CLAIM_COLUMNS} FROM claims
       WHERE submitted_at > ? OR (submitted_at = ? AND reference_code > ?) ORDER BY submitted_at, reference_code LIMIT ?`,
    ),
    claimsByVersionPage: db.prepare(CLAIMS_BY_VERSION),
    insertDocument: db.prepare(
      "INSERT INTO documents (id, name, media_type, size, sha256, owner, form_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ),
    getDocument: db.prepare(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = ?`),
    deleteDocument: db.prepare("DELETE FROM documents WHERE id = ? AND reference_code IS NULL"),
    claimDocument: db.prepare(
      "UPDATE documents SET reference_code = ? WHERE id = ? AND owner = ? AND form_type = ? AND (reference_code IS NULL OR reference_code = ?)",
    ),
    unclaimedOfOwner: db.prepare("SELECT id FROM documents WHERE owner = ? AND reference_code IS NULL"),
    claimDocuments: db.prepare(
      `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE reference_code IN (SELECT value FROM json_each(?)) ORDER BY reference_code, created_at, id`,
    ),
    expiredSessions: db.prepare("SELECT id FROM sessions WHERE last_seen_at < ?"),
    // Drafts and uploads of unverified sign-ins whose session is gone (ended, expired or renamed away).
    abandonedDocuments: db.prepare(
      "SELECT id FROM documents WHERE reference_code IS NULL AND owner LIKE 'session:%' AND substr(owner, 9) NOT IN (SELECT id FROM sessions)",
    ),
    deleteAbandonedDrafts: db.prepare(ABANDONED_DRAFTS),
    unclaimedOfFormType: db.prepare("SELECT id FROM documents WHERE form_type = ? AND reference_code IS NULL"),
    deleteDraftsOfFormType: db.prepare("DELETE FROM drafts WHERE form_type = ?"),
    getSignInFailures: db.prepare(`SELECT ${SIGN_IN_FAILURES_COLUMNS} FROM sign_in_failures WHERE claim_id = ?`),
    upsertSignInFailures: db.prepare(
      `INSERT INTO sign_in_failures (claim_id, ${SIGN_IN_FAILURES_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (claim_id) DO UPDATE SET failures = excluded.failures, window_started_at = excluded.window_started_at,
         lockouts = excluded.lockouts, locked_until = excluded.locked_until, forget_at = excluded.forget_at`,
    ),
    deleteSignInFailures: db.prepare("DELETE FROM sign_in_failures WHERE claim_id = ?"),
    forgetSignInFailures: db.prepare("DELETE FROM sign_in_failures WHERE forget_at < ?"),
    useChallenge: db.prepare(
      "INSERT INTO used_challenges (nonce, expires_at) VALUES (?, ?) ON CONFLICT (nonce) DO NOTHING",
    ),
    forgetChallenges: db.prepare("DELETE FROM used_challenges WHERE expires_at < ?"),
    // A window that has ended starts again at this failure.
    countAddressFailure: db.prepare(
      `INSERT INTO address_failures (client, failures, window_ends_at) VALUES (?, 1, ?)
       ON CONFLICT (client) DO UPDATE SET
         failures = CASE WHEN address_failures.window_ends_at <= ? THEN 1 ELSE address_failures.failures + 1 END,
         window_ends_at = CASE WHEN address_failures.window_ends_at <= ? THEN excluded.window_ends_at ELSE address_failures.window_ends_at END
       RETURNING failures`,
    ),
    forgetAddressFailures: db.prepare("DELETE FROM address_failures WHERE window_ends_at <= ?"),
  };
  // The field keys stored answers are under (fieldKeyIds): a key is recorded in the transaction
  // that stores an answer under it, unless this process has read it from the table already.
  const recordedKeys = new Set<string>();
  const recordKey = db.prepare(
    "INSERT INTO field_keys_used (id, first_used_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING",
  );
  /** The answers as stored (answers.seal), their key recorded: call inside the transaction that stores them. */
  const sealed = <T extends Answers>(formType: FormType, input: T, now: number): T => {
    const output = answers.seal(formType, input);
    for (const id of answers.keyIds(output)) if (!recordedKeys.has(id)) recordKey.run(id, now);
    return output;
  };
  const readSignInFailures = (claimId: string) =>
    signInFailuresFromRow(statements.getSignInFailures.get(claimId) as SignInFailuresRow | undefined);
  const deleteDocumentRows = (ids: string[]) => {
    for (const id of ids) statements.deleteDocument.run(id);
  };
  const readDraft = (owner: string, formType: string): Draft | undefined => {
    const row = statements.getDraft.get(owner, formType) as { data: string; updated_at: number } | undefined;
    return row
      ? { ...answers.open(JSON.parse(row.data) as Omit<Draft, "updatedAt">), updatedAt: row.updated_at }
      : undefined;
  };
  /** SQLite keeps the models and records as JSON text. */
  const claimOf = (
    row: (Omit<ClaimRow, "models" | "records"> & { models: string; records: string | null }) | undefined,
  ) => {
    const claim = claimFromRow(
      row && { ...row, models: JSON.parse(row.models), records: row.records ? JSON.parse(row.records) : null },
    );
    return claim && answers.open(claim);
  };
  const sessionOf = (
    row: { id: string; created_at: number; last_seen_at: number; authorizations: string } | undefined,
  ): SessionRecord | undefined =>
    row && {
      id: row.id,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      authorizations: JSON.parse(row.authorizations),
    };

  return {
    async getSession(sessionId) {
      return sessionOf(statements.getSession.get(sessionId) as never);
    },
    async touchSession(sessionId, now) {
      statements.touchSession.run(sessionId, now, now);
      return sessionOf(statements.getSession.get(sessionId) as never)!;
    },
    async authorize(sessionId, formType, signIn, now) {
      transaction(db, () => {
        statements.touchSession.run(sessionId, now, now);
        const session = sessionOf(statements.getSession.get(sessionId) as never)!;
        session.authorizations[formType] = signIn;
        statements.setAuthorizations.run(JSON.stringify(session.authorizations), sessionId);
      });
    },
    async renameSession(sessionId, newSessionId) {
      transaction(db, () => {
        db.prepare("UPDATE sessions SET id = ? WHERE id = ?").run(newSessionId, sessionId);
        for (const table of ["drafts", "documents"])
          db.prepare(`UPDATE ${table} SET owner = ? WHERE owner = ?`).run(
            `session:${newSessionId}`,
            `session:${sessionId}`,
          );
      });
    },
    async endSession(sessionId) {
      const owner = `session:${sessionId}`;
      const removed = transaction(db, () => {
        const ids = (statements.unclaimedOfOwner.all(owner) as Array<{ id: string }>).map((row) => row.id);
        deleteDocumentRows(ids);
        statements.deleteOwnedDrafts.run(owner);
        statements.deleteSession.run(sessionId);
        return ids;
      });
      await removeFiles(removed);
    },
    async getDraft(owner, formType) {
      return readDraft(owner, formType);
    },
    async updateDraft(owner, formType, change, now) {
      // BEGIN IMMEDIATE takes the write lock before reading: a concurrent change waits for this one.
      return transaction(db, () => {
        const { draftId, models, records, completedSteps, edited, prepopulated } = change(readDraft(owner, formType));
        statements.upsertDraft.run(
          owner,
          formType,
          JSON.stringify(sealed(formType, { draftId, models, records, completedSteps, edited, prepopulated }, now)),
          now,
        );
        return { draftId, models, records, completedSteps, edited, prepopulated, updatedAt: now };
      });
    },
    async submitClaim(owner, formType, claim, perMember, newReferenceCode, now) {
      const { filed } = transaction(db, () => {
        const existing =
          claimOf(statements.getClaimByDraft.get(claim.draftId) as never) ??
          (perMember === "many" ? undefined : claimOf(statements.latestClaim.get(owner, formType) as never));
        const documentIds = [...claim.documentIds, ...(existing ? recordDocumentIds(existing.records) : [])];
        const fingerprints = new Map(
          documentIds.flatMap((id) => {
            const row = statements.getDocument.get(id) as DocumentRow | undefined;
            return row ? [[id, row.sha256] as const] : [];
          }),
        );
        const outcome = filingOutcome(existing, claim, perMember, fingerprints);
        if (existing && (outcome === "unchanged" || outcome === "refused"))
          return { filed: { referenceCode: existing.referenceCode, outcome, version: existing.version } };
        const stored = sealed(formType, { models: claim.models, records: claim.records }, now);
        const models = JSON.stringify(stored.models);
        const records = JSON.stringify(stored.records);
        const referenceCode = existing?.referenceCode ?? newReferenceCode();
        const version = (existing?.version ?? 0) + 1;
        if (existing) {
          statements.amendClaim.run(models, records, claim.culture, version, now, referenceCode);
        } else {
          const { member } = claim;
          statements.insertClaim.run(
            referenceCode,
            formType,
            claim.draftId,
            owner,
            member.claimId,
            member.vin,
            member.verified ? 1 : 0,
            member.signInMethod,
            models,
            records,
            claim.culture,
            now,
            now,
          );
        }
        statements.insertVersion.run(referenceCode, version, models, records, claim.culture, now);
        for (const id of claim.documentIds) {
          if (statements.claimDocument.run(referenceCode, id, owner, formType, referenceCode).changes !== 1)
            throw new Error(`Document ${id} is not an upload of this draft`);
        }
        // Uploads not part of the claim are not swept here: another session of the owner may be
        // filing with one this moment. Replaced and removed ones were deleted when that happened;
        // the rest go with the draft (purgeDrafts).
        return { filed: { referenceCode, outcome: existing ? ("amended" as const) : ("filed" as const), version } };
      });
      return filed;
    },
    async getClaim(referenceCode) {
      return claimOf(statements.getClaim.get(referenceCode) as never);
    },
    async getClaimByDraft(draftId) {
      return claimOf(statements.getClaimByDraft.get(draftId) as never);
    },
    async latestClaim(owner, formType) {
      return claimOf(statements.latestClaim.get(owner, formType) as never);
    },
    async claimVersions(referenceCode) {
      return (
        statements.claimVersions.all(referenceCode) as Array<{
          version: number;
          models: string;
          records: string | null;
          culture: string;
          filed_at: number;
        }>
      ).map((row) => ({
        version: row.version,
        ...answers.open({
          models: JSON.parse(row.models),
          records: row.records ? (JSON.parse(row.records) as DraftRecords) : {},
        }),
        culture: row.culture,
        filedAt: row.filed_at,
      }));
    },
    async claimsPage(after, limit) {
      const at = after?.submittedAt ?? -1;
      return (statements.claimsPage.all(at, at, after?.referenceCode ?? "", limit) as never[]).map(
        (row) => claimOf(row)!,
      );
    },
    async claimsByVersionPage(after, until, limit) {
      return (statements.claimsByVersionPage.all(after.versionAt, after.referenceCode, until, limit) as never[]).map(
        (row) => claimOf(row)!,
      );
    },
    async putDocument(document, content, now) {
      const id = newDocumentId();
      const partial = path.join(inProgressDir, id);
      const hash = createHash("sha256");
      let size = 0;
      const handle = await open(partial, "wx", PRIVATE_FILE);
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
      statements.insertDocument.run(
        id,
        document.name,
        document.mediaType,
        size,
        sha256,
        document.owner,
        document.formType,
        now,
      );
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
    async claimDocuments(referenceCodes) {
      const codes = typeof referenceCodes === "string" ? [referenceCodes] : referenceCodes;
      return (statements.claimDocuments.all(JSON.stringify(codes)) as unknown as DocumentRow[]).map(
        (row) => documentFromRow(row)!,
      );
    },
    async getSignInFailures(claimId) {
      return readSignInFailures(claimId);
    },
    async updateSignInFailures(claimId, change) {
      // BEGIN IMMEDIATE takes the write lock before reading: a concurrent attempt waits for this one.
      return transaction(db, () => {
        const next = change(readSignInFailures(claimId));
        if (next)
          statements.upsertSignInFailures.run(
            claimId,
            next.failures,
            next.windowStartedAt,
            next.lockouts,
            next.lockedUntil,
            next.forgetAt,
          );
        else statements.deleteSignInFailures.run(claimId);
        return next;
      });
    },
    async clearSignInFailures(claimId) {
      return statements.deleteSignInFailures.run(claimId).changes > 0;
    },
    async useChallenge(nonce, expiresAt) {
      return statements.useChallenge.run(nonce, expiresAt).changes === 1;
    },
    async countAddressFailure(client, now, windowMs) {
      const row = statements.countAddressFailure.get(client, now + windowMs, now, now) as { failures: number };
      return row.failures;
    },
    async purgeExpired(idleSince, now) {
      const { sessions, removed } = transaction(db, () => {
        statements.forgetSignInFailures.run(now);
        statements.forgetChallenges.run(now);
        statements.forgetAddressFailures.run(now);
        const expired = (statements.expiredSessions.all(idleSince) as Array<{ id: string }>).map((row) => row.id);
        for (const id of expired) statements.deleteSession.run(id);
        statements.deleteAbandonedDrafts.run();
        const abandoned = (statements.abandonedDocuments.all() as Array<{ id: string }>).map((row) => row.id);
        deleteDocumentRows(abandoned);
        return { sessions: expired.length, removed: abandoned };
      });
      await removeFiles(removed);
      // Uploads cut off by a crash leave a file in uploads-in-progress/ (before issue 23, a ".part"
      // file in documents/) and no row: gone once as old as a session.
      const leftOver = [
        ...(await readdir(inProgressDir)).map((name) => path.join(inProgressDir, name)),
        ...(await readdir(documentsDir))
          .filter((name) => name.endsWith(".part"))
          .map((name) => path.join(documentsDir, name)),
      ];
      for (const partial of leftOver) {
        // Gone already if it was an upload that finished meanwhile.
        const written = await stat(partial).catch(() => undefined);
        if (written && written.mtimeMs < idleSince) await rm(partial, { force: true });
      }
      return { sessions, documents: removed.length };
    },
    async purgeDrafts(formTypes) {
      const { drafts, removed } = transaction(db, () => {
        const ids = formTypes.flatMap((formType) =>
          (statements.unclaimedOfFormType.all(formType) as Array<{ id: string }>).map((row) => row.id),
        );
        deleteDocumentRows(ids);
        const drafts = formTypes.reduce(
          (count, formType) => count + Number(statements.deleteDraftsOfFormType.run(formType).changes),
          0,
        );
        return { drafts, removed: ids };
      });
      await removeFiles(removed);
      return { drafts, documents: removed.length };
    },
    async reencryptAnswers() {
      type Stored = { models: ModelValues; records?: DraftRecords | null };
      /** The keys the answers are under once rewritten: the others are forgotten at the end. */
      const keysInUse = new Set<string>();
      /**
       * Rewrites the stale rows of a table, a page of rows (by rowid) per transaction so claimants'
       * writes are never held up for long: `read` gives a row's form type and answers, `write` the
       * columns to store for the answers sealed again.
       */
      const rewrite = (
        table: string,
        columns: string,
        read: (row: Record<string, string>) => { formType: FormType; stored: Stored },
        write: (stored: Stored) => Record<string, string | null>,
      ) => {
        let count = 0;
        for (let after = 0, more = true; more; ) {
          more = transaction(db, () => {
            const rows = db
              .prepare(`SELECT rowid, ${columns} FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT ${REENCRYPT_PAGE}`)
              .all(after) as Array<Record<string, string> & { rowid: number }>;
            for (const row of rows) {
              const { formType, stored } = read(row);
              const resealed = answers.reseal(formType, stored);
              for (const id of answers.keyIds(resealed)) keysInUse.add(id);
              if (resealed === stored) continue;
              const next = write(resealed);
              db.prepare(
                `UPDATE ${table} SET ${Object.keys(next)
                  .map((column) => `${column} = ?`)
                  .join(", ")} WHERE rowid = ?`,
              ).run(...Object.values(next), row.rowid);
              count++;
            }
            after = rows.at(-1)?.rowid ?? after;
            return rows.length === REENCRYPT_PAGE;
          });
        }
        return count;
      };
      const claimAnswers = (row: Record<string, string>) => ({
        formType: row.form_type as FormType,
        stored: { models: JSON.parse(row.models!), records: row.records ? JSON.parse(row.records) : null },
      });
      const claimColumns = (stored: Stored) => ({
        models: JSON.stringify(stored.models),
        records: stored.records ? JSON.stringify(stored.records) : null,
      });
      const count = {
        drafts: rewrite(
          "drafts",
          "form_type, data",
          (row) => ({ formType: row.form_type as FormType, stored: JSON.parse(row.data!) }),
          (stored) => ({ data: JSON.stringify(stored) }),
        ),
        claims: rewrite("claims", "form_type, models, records", claimAnswers, claimColumns),
        versions: rewrite(
          "claim_versions",
          "(SELECT form_type FROM claims WHERE claims.reference_code = claim_versions.reference_code) AS form_type, models, records",
          claimAnswers,
          claimColumns,
        ),
      };
      // The answers are all under the keys seen (the current one): the others are forgotten. The
      // current key stays, whatever was seen: answers stored meanwhile may be under it.
      transaction(db, () => {
        for (const id of keysInUse) recordKey.run(id, Date.now());
        db.prepare("DELETE FROM field_keys_used WHERE id NOT IN (SELECT value FROM json_each(?))").run(
          JSON.stringify([...keysInUse, answers.keyId]),
        );
      });
      recordedKeys.clear();
      // The rows as they were stay in the write-ahead log until a checkpoint: copy the log into
      // the database (where secure_delete has zeroed them) and empty it.
      db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      return count;
    },
    ...sqliteMemberLists(db, (work) => transaction(db, work)),
    async fieldKeyIds() {
      const ids = (db.prepare("SELECT id FROM field_keys_used ORDER BY id").all() as Array<{ id: string }>).map(
        (row) => row.id,
      );
      for (const id of ids) recordedKeys.add(id);
      return ids;
    },
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async close() {
      db.close();
    },
  } satisfies Store;
}
