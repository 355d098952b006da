import { createHash } from "node:crypto";
import pg from "pg";
import type { FormType } from "#app/flow-registry/form-type.ts";
import type { ModelValues } from "#app/forms/validate-step.ts";
import { postgresMemberLists } from "./postgres-member-lists.server.ts";
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
import { log } from "#app/log.server.ts";
import { isDatabaseAway } from "./database-away.server.ts";

/** Schema versions, applied in order once each; never edit one that has shipped, add the next. */
export const MIGRATIONS = [
  `CREATE TABLE drafts (
     session_id TEXT NOT NULL,
     form_type TEXT NOT NULL,
     data JSONB NOT NULL,
     updated_at BIGINT NOT NULL,
     PRIMARY KEY (session_id, form_type)
   )`,
  `CREATE TABLE sessions (
     id TEXT PRIMARY KEY,
     created_at BIGINT NOT NULL,
     last_seen_at BIGINT NOT NULL,
     authorizations JSONB NOT NULL DEFAULT '{}'
   );
   CREATE TABLE claims (
     reference_code TEXT PRIMARY KEY,
     form_type TEXT NOT NULL,
     draft_id TEXT NOT NULL UNIQUE,
     session_id TEXT NOT NULL,
     models JSONB NOT NULL,
     culture TEXT NOT NULL,
     submitted_at BIGINT NOT NULL
   );
   CREATE INDEX claims_submitted_at ON claims (submitted_at);`,
  `ALTER TABLE claims ADD COLUMN records JSONB;
   CREATE TABLE documents (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     media_type TEXT NOT NULL,
     size BIGINT NOT NULL DEFAULT 0,
     sha256 TEXT NOT NULL DEFAULT '',
     session_id TEXT NOT NULL,
     form_type TEXT NOT NULL,
     reference_code TEXT,
     created_at BIGINT NOT NULL,
     complete BOOLEAN NOT NULL DEFAULT FALSE
   );
   CREATE INDEX documents_draft ON documents (session_id, form_type);
   CREATE INDEX documents_claim ON documents (reference_code);
   CREATE TABLE document_chunks (
     document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     data BYTEA NOT NULL,
     PRIMARY KEY (document_id, seq)
   );`,
  // Issue 10: drafts and uploads belong to their owner (the member who signed in), not to a
  // session; claims record their member and their versions. Drafts of signed-in sessions move to
  // their member; sessions end (claimants sign in again and find their drafts).
  `ALTER TABLE drafts RENAME TO drafts_by_session;
   ALTER INDEX drafts_pkey RENAME TO drafts_by_session_pkey;
   CREATE TABLE drafts (
     owner TEXT NOT NULL,
     form_type TEXT NOT NULL,
     data JSONB NOT NULL,
     updated_at BIGINT NOT NULL,
     PRIMARY KEY (owner, form_type)
   );
   INSERT INTO drafts (owner, form_type, data, updated_at)
     SELECT DISTINCT ON (owner, d.form_type) 'member:' || (s.authorizations -> d.form_type ->> 'claimId') AS owner, d.form_type, d.data, d.updated_at
     FROM drafts_by_session d JOIN sessions s ON s.id = d.session_id
     WHERE s.authorizations -> d.form_type ->> 'claimId' IS NOT NULL
     ORDER BY owner, d.form_type, d.updated_at DESC;
   DROP TABLE drafts_by_session;
   ALTER TABLE documents RENAME COLUMN session_id TO owner;
   UPDATE documents SET owner = COALESCE(
     (SELECT 'member:' || (s.authorizations -> documents.form_type ->> 'claimId') FROM sessions s WHERE s.id = documents.owner),
     'session:' || owner);
   ALTER TABLE claims DROP COLUMN session_id;
   ALTER TABLE claims ADD COLUMN owner TEXT;
   ALTER TABLE claims ADD COLUMN claim_id TEXT;
   ALTER TABLE claims ADD COLUMN vin TEXT;
   ALTER TABLE claims ADD COLUMN verified BOOLEAN NOT NULL DEFAULT FALSE;
   ALTER TABLE claims ADD COLUMN sign_in_method TEXT NOT NULL DEFAULT 'unknown';
   ALTER TABLE claims ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE claims ADD COLUMN version_at BIGINT;
   UPDATE claims SET version_at = submitted_at;
   CREATE INDEX claims_owner ON claims (owner, form_type, submitted_at);
   CREATE INDEX claims_member ON claims (claim_id);
   CREATE TABLE claim_versions (
     reference_code TEXT NOT NULL,
     version INTEGER NOT NULL,
     models JSONB NOT NULL,
     records JSONB,
     culture TEXT NOT NULL,
     filed_at BIGINT NOT NULL,
     PRIMARY KEY (reference_code, version)
   );
   INSERT INTO claim_versions (reference_code, version, models, records, culture, filed_at)
     SELECT reference_code, 1, models, records, culture, submitted_at FROM claims;
   DELETE FROM sessions;`,
  // Issue 10, sign-in that cannot be guessed: failed sign-ins per Claim ID (the lockout, seen by
  // every instance), and the no-JavaScript challenges already used (each passes once).
  `CREATE TABLE sign_in_failures (
     claim_id TEXT PRIMARY KEY,
     failures INTEGER NOT NULL,
     window_started_at BIGINT NOT NULL,
     lockouts INTEGER NOT NULL,
     locked_until BIGINT,
     forget_at BIGINT NOT NULL
   );
   CREATE INDEX sign_in_failures_forget_at ON sign_in_failures (forget_at);
   CREATE TABLE used_challenges (
     nonce TEXT PRIMARY KEY,
     expires_at BIGINT NOT NULL
   );
   CREATE INDEX used_challenges_expires_at ON used_challenges (expires_at);`,
  // Issue 14: a member's latest claim, read on every step page, comes off this index in its order
  // (submitted_at, then reference_code for claims filed in the same millisecond) without a sort.
  `DROP INDEX claims_owner;
   CREATE INDEX claims_owner ON claims (owner, form_type, submitted_at, reference_code);`,
  // Issue 23: the class-member list lives in the store, every instance reading the current one;
  // an import writes a new list beside it and makes it current in one step. PINs are keyed hashes.
  `CREATE TABLE class_member_lists (
     id BIGSERIAL PRIMARY KEY,
     source TEXT NOT NULL,
     sha256 TEXT NOT NULL,
     from_settlement_folder BOOLEAN NOT NULL,
     pin_key_id TEXT NOT NULL,
     members BIGINT NOT NULL DEFAULT 0,
     with_vin BIGINT NOT NULL DEFAULT 0,
     started_at BIGINT NOT NULL,
     completed_at BIGINT,
     current BOOLEAN NOT NULL DEFAULT FALSE
   );
   CREATE UNIQUE INDEX class_member_lists_current ON class_member_lists (current) WHERE current;
   CREATE TABLE class_members (
     list_id BIGINT NOT NULL,
     claim_id TEXT NOT NULL,
     pin_hash BYTEA NOT NULL,
     vin TEXT,
     prepopulated JSONB NOT NULL,
     PRIMARY KEY (list_id, claim_id)
   );
   CREATE INDEX class_members_vin ON class_members (list_id, vin) WHERE vin IS NOT NULL;`,
  // Issue 23: failed attempts per client address, counted by every instance together (decision 021).
  `CREATE TABLE address_failures (
     client TEXT PRIMARY KEY,
     failures INTEGER NOT NULL,
     window_ends_at BIGINT NOT NULL
   );
   CREATE INDEX address_failures_window_ends_at ON address_failures (window_ends_at);`,
  // Issue 23: the field keys stored answers are under (Store.fieldKeyIds), so a server missing one
  // refuses to start instead of failing every bank number it is asked for.
  `CREATE TABLE field_keys_used (
     id TEXT PRIMARY KEY,
     first_used_at BIGINT NOT NULL
   );`,
  // Issue 23: exports page claims by their latest version's time (incremental exports), off this
  // index in its order.
  `CREATE INDEX claims_version_at ON claims (version_at, reference_code);`,
  // Issue 23: the purge (every instance, every 5 minutes) finds the drafts of unverified sign-ins
  // off this index instead of reading every draft: millions of members' drafts, a few VIN-only ones.
  `CREATE INDEX drafts_unverified ON drafts (owner) WHERE owner LIKE 'session:%';`,
];

/** Owned by an unverified sign-in's session that is gone (ended, expired or renamed away): off drafts_unverified. */
const SESSION_GONE = "owner LIKE 'session:%' AND substr(owner, 9) NOT IN (SELECT id FROM sessions)";
export const ABANDONED_DRAFTS = `DELETE FROM drafts WHERE ${SESSION_GONE}`;

/** A member's latest claim of a form type, by (owner, form type). */
export const LATEST_CLAIM = `SELECT ${CLAIM_COLUMNS} FROM claims WHERE owner = $1 AND form_type = $2 ORDER BY submitted_at DESC, reference_code DESC LIMIT 1`;

/** A page of claims by their latest version (Store.claimsByVersionPage): after (version_at, code), before until. */
export const CLAIMS_BY_VERSION = `SELECT ${CLAIM_COLUMNS} FROM claims
  WHERE (version_at, reference_code) > ($1, $2) AND version_at < $3 ORDER BY version_at, reference_code LIMIT $4`;

/** Documents are stored in the database in pieces of this size: memory stays flat, rows stay small. */
const CHUNK_BYTES = 256 * 1024;

/** How many rows reencryptAnswers reads and rewrites per transaction. */
const REENCRYPT_PAGE = 200;

/** Any number identifying this application's migration lock among the database's advisory locks. */
const MIGRATION_LOCK = 4_821_000_001;

async function migrate(pool: pg.Pool) {
  await withClient(pool, async (client) => {
    try {
      // Several instances may start at once: one migrates, the others wait for it.
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)");
      const { rows } = await client.query<{ version: number | null }>(
        "SELECT MAX(version) AS version FROM schema_migrations",
      );
      const current = rows[0]?.version ?? 0;
      for (const [index, sql] of MIGRATIONS.slice(current).entries()) {
        await client.query("BEGIN");
        try {
          await client.query(sql);
          await client.query("INSERT INTO schema_migrations (version) VALUES ($1)", [current + index + 1]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK").catch(() => undefined);
          throw error;
        }
      }
    } finally {
      // A lost connection has lost its lock with it.
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    }
  });
}

/** The error each pooled client's connection broke with, if it broke (hearConnectionErrors). */
const connectionErrors = new WeakMap<pg.ClientBase, Error>();

/**
 * Every client of the pool hears its connection's errors, from the moment it connects until it is
 * closed, wherever it is then: idle in the pool, or checked out between two queries (the pool
 * listens only to its idle ones). Unheard, an 'error' event stops the process: a server restarting
 * or an operator's pg_terminate_backend took instances down (issue 23). Heard synchronously with
 * the connection's own messages: the error may come in the same packet as the connection's
 * readiness, before the code that asked for a client gets it.
 */
function hearConnectionErrors(pool: pg.Pool) {
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      if (!connectionErrors.has(client)) connectionErrors.set(client, error);
    });
  });
}

/**
 * Runs `work` on a client of the pool's, checked out for several queries (a transaction, the
 * migrations), and gives it back: with the error if its connection broke, or its work met the
 * database away (client.release(error)), so the pool closes it and connects afresh for the next
 * request rather than handing a dead connection on.
 */
async function withClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failure: unknown;
  try {
    return await work(client);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    client.release(connectionErrors.get(client) ?? (isDatabaseAway(failure) ? (failure as Error) : undefined));
  }
}

interface SessionRow {
  id: string;
  created_at: string;
  last_seen_at: string;
  authorizations: SessionRecord["authorizations"];
}

const sessionOf = (row: SessionRow | undefined): SessionRecord | undefined =>
  row && {
    id: row.id,
    createdAt: Number(row.created_at),
    lastSeenAt: Number(row.last_seen_at),
    authorizations: row.authorizations,
  };

interface DraftRow {
  data: Omit<Draft, "updatedAt">;
  updated_at: string;
}

/** A transaction-scoped advisory lock on a name: work under the same name, on any instance, queues. */
const lockUntilCommit = (client: pg.PoolClient, name: string) =>
  client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [name]);

/** A transaction-scoped lock on one owner's draft of a form type: its changes and filings queue. */
const lockDraft = (client: pg.PoolClient, owner: string, formType: string) =>
  lockUntilCommit(client, `${owner} ${formType}`);

/**
 * The store for several app servers: PostgreSQL at DATABASE_URL. The schema is migrated on first
 * use; if the database is down then, the next request tries again, so the portal recovers by
 * itself when the database comes back. Documents live in the database too (in 256 KiB chunks), so
 * any app server can serve any claimant; a document is readable only once all of it is written.
 * Sensitive answers are encrypted by `answers` on their way in.
 */
export function openPostgresStore(connectionString: string, answers: SensitiveAnswers): Store {
  const pool = new pg.Pool({
    connectionString,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    connectionTimeoutMillis: 5_000,
  });
  hearConnectionErrors(pool);
  // An idle client losing its connection must not take the process down; the next query reconnects.
  pool.on("error", (error) => log.error("database connection lost", { error }));
  let migrated: Promise<void> | undefined;
  const ready = () => {
    migrated ??= migrate(pool).catch((error: unknown) => {
      migrated = undefined;
      throw error;
    });
    return migrated;
  };
  const query = async <Row extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => {
    await ready();
    return pool.query<Row>(sql, values);
  };
  const draftOf = (row: DraftRow | undefined): Draft | undefined =>
    row && { ...answers.open(row.data), updatedAt: Number(row.updated_at) };
  const claimOf = (row: ClaimRow | undefined) => {
    const claim = claimFromRow(row);
    return claim && answers.open(claim);
  };
  // The field keys stored answers are under (fieldKeyIds): a key is recorded in the transaction
  // that stores an answer under it, until this process knows it committed (read from the table,
  // or recorded by a transaction of its own that committed): then a save costs no extra statement.
  const recordedKeys = new Set<string>();
  const RECORD_KEY = "INSERT INTO field_keys_used (id, first_used_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING";
  /** Keys recorded by the transaction open on a connection: known once it commits. */
  const recording = new WeakMap<pg.PoolClient, string[]>();
  /** The answers as stored (answers.seal), their key recorded in the transaction of `client` that stores them. */
  const sealed = async <T extends Answers>(client: pg.PoolClient, formType: FormType, input: T, now: number) => {
    const output = answers.seal(formType, input);
    for (const id of answers.keyIds(output)) {
      if (recordedKeys.has(id)) continue;
      await client.query(RECORD_KEY, [id, now]);
      recording.set(client, [...(recording.get(client) ?? []), id]);
    }
    return output;
  };
  /** Runs `work` in one transaction on one connection. */
  const transaction = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    await ready();
    return withClient(pool, async (client) => {
      await client.query("BEGIN");
      try {
        const result = await work(client);
        await client.query("COMMIT");
        for (const id of recording.get(client) ?? []) recordedKeys.add(id);
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        recording.delete(client);
      }
    });
  };

  return {
    async getSession(sessionId) {
      return sessionOf(
        (
          await query<SessionRow>("SELECT id, created_at, last_seen_at, authorizations FROM sessions WHERE id = $1", [
            sessionId,
          ])
        ).rows[0],
      );
    },
    async touchSession(sessionId, now) {
      const { rows } = await query<SessionRow>(
        `INSERT INTO sessions (id, created_at, last_seen_at) VALUES ($1, $2, $2)
         ON CONFLICT (id) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
         RETURNING id, created_at, last_seen_at, authorizations`,
        [sessionId, now],
      );
      return sessionOf(rows[0])!;
    },
    async authorize(sessionId, formType, signIn, now) {
      await query(
        `INSERT INTO sessions (id, created_at, last_seen_at, authorizations) VALUES ($1, $2, $2, jsonb_build_object($3::text, $4::jsonb))
         ON CONFLICT (id) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at,
           authorizations = sessions.authorizations || jsonb_build_object($3::text, $4::jsonb)`,
        [sessionId, now, formType, JSON.stringify(signIn)],
      );
    },
    async renameSession(sessionId, newSessionId) {
      await transaction(async (client) => {
        await client.query("UPDATE sessions SET id = $1 WHERE id = $2", [newSessionId, sessionId]);
        for (const table of ["drafts", "documents"])
          await client.query(`UPDATE ${table} SET owner = $1 WHERE owner = $2`, [
            `session:${newSessionId}`,
            `session:${sessionId}`,
          ]);
      });
    },
    async endSession(sessionId) {
      await transaction(async (client) => {
        await client.query("DELETE FROM documents WHERE owner = $1 AND reference_code IS NULL", [
          `session:${sessionId}`,
        ]);
        await client.query("DELETE FROM drafts WHERE owner = $1", [`session:${sessionId}`]);
        await client.query("DELETE FROM sessions WHERE id = $1", [sessionId]);
      });
    },
    async getDraft(owner, formType) {
      return draftOf(
        (
          await query<DraftRow>("SELECT data, updated_at FROM drafts WHERE owner = $1 AND form_type = $2", [
            owner,
            formType,
          ])
        ).rows[0],
      );
    },
    async updateDraft(owner, formType, change, now) {
      return transaction(async (client) => {
        await lockDraft(client, owner, formType);
        const current = draftOf(
          (
            await client.query<DraftRow>("SELECT data, updated_at FROM drafts WHERE owner = $1 AND form_type = $2", [
              owner,
              formType,
            ])
          ).rows[0],
        );
        const { draftId, models, records, completedSteps, edited, prepopulated } = change(current);
        await client.query(
          `INSERT INTO drafts (owner, form_type, data, updated_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (owner, form_type) DO UPDATE SET data = EXCLUDED.data, updated_at = EXCLUDED.updated_at`,
          [
            owner,
            formType,
            JSON.stringify(
              await sealed(client, formType, { draftId, models, records, completedSteps, edited, prepopulated }, now),
            ),
            now,
          ],
        );
        return { draftId, models, records, completedSteps, edited, prepopulated, updatedAt: now };
      });
    },
    async submitClaim(owner, formType, claim, perMember, newReferenceCode, now) {
      return transaction(async (client) => {
        // Concurrent submissions of one owner queue on this lock: the later ones find the first's claim.
        await lockDraft(client, owner, formType);
        const byDraft = claimOf(
          (await client.query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE draft_id = $1`, [claim.draftId]))
            .rows[0],
        );
        const existing =
          byDraft ??
          (perMember === "many"
            ? undefined
            : claimOf(
                (
                  await client.query<ClaimRow>(
                    `SELECT ${CLAIM_COLUMNS} FROM claims WHERE owner = $1 AND form_type = $2 ORDER BY submitted_at DESC, reference_code DESC LIMIT 1`,
                    [owner, formType],
                  )
                ).rows[0],
              ));
        const documentIds = [...claim.documentIds, ...(existing ? recordDocumentIds(existing.records) : [])];
        const hashes = await client.query<{ id: string; sha256: string }>(
          "SELECT id, sha256 FROM documents WHERE id = ANY($1)",
          [documentIds],
        );
        const outcome = filingOutcome(
          existing,
          claim,
          perMember,
          new Map(hashes.rows.map((row) => [row.id, row.sha256])),
        );
        if (existing && (outcome === "unchanged" || outcome === "refused"))
          return { referenceCode: existing.referenceCode, outcome, version: existing.version };
        const stored = await sealed(client, formType, { models: claim.models, records: claim.records }, now);
        const models = JSON.stringify(stored.models);
        const records = JSON.stringify(stored.records);
        const referenceCode = existing?.referenceCode ?? newReferenceCode();
        const version = (existing?.version ?? 0) + 1;
        if (existing) {
          await client.query(
            "UPDATE claims SET models = $1, records = $2, culture = $3, version = $4, version_at = $5 WHERE reference_code = $6",
            [models, records, claim.culture, version, now, referenceCode],
          );
        } else {
          const { member } = claim;
          await client.query(
            `INSERT INTO claims (reference_code, form_type, draft_id, owner, claim_id, vin, verified, sign_in_method, models, records, culture, submitted_at, version, version_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, $12)`,
            [
              referenceCode,
              formType,
              claim.draftId,
              owner,
              member.claimId,
              member.vin,
              member.verified,
              member.signInMethod,
              models,
              records,
              claim.culture,
              now,
            ],
          );
        }
        await client.query(
          "INSERT INTO claim_versions (reference_code, version, models, records, culture, filed_at) VALUES ($1, $2, $3, $4, $5, $6)",
          [referenceCode, version, models, records, claim.culture, now],
        );
        const moved = await client.query(
          "UPDATE documents SET reference_code = $1 WHERE id = ANY($2) AND owner = $3 AND form_type = $4 AND (reference_code IS NULL OR reference_code = $1) AND complete",
          [referenceCode, claim.documentIds, owner, formType],
        );
        if (moved.rowCount !== claim.documentIds.length)
          throw new Error("A document of the claim is not an upload of this draft");
        // Uploads not part of the claim are not swept here: another session of the owner may be
        // filing with one this moment. Replaced and removed ones were deleted when that happened;
        // the rest go with the draft (purgeDrafts).
        return { referenceCode, outcome: existing ? ("amended" as const) : ("filed" as const), version };
      });
    },
    async getClaim(referenceCode) {
      return claimOf(
        (await query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE reference_code = $1`, [referenceCode]))
          .rows[0],
      );
    },
    async claimsPage(after, limit) {
      const { rows } = await query<ClaimRow>(
        `SELECT ${CLAIM_COLUMNS} FROM claims WHERE (submitted_at, reference_code) > ($1, $2) ORDER BY submitted_at, reference_code LIMIT $3`,
        [after?.submittedAt ?? -1, after?.referenceCode ?? "", limit],
      );
      return rows.map((row) => claimOf(row)!);
    },
    async claimsByVersionPage(after, until, limit) {
      const { rows } = await query<ClaimRow>(CLAIMS_BY_VERSION, [after.versionAt, after.referenceCode, until, limit]);
      return rows.map((row) => claimOf(row)!);
    },
    async getClaimByDraft(draftId) {
      return claimOf(
        (await query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE draft_id = $1`, [draftId])).rows[0],
      );
    },
    async latestClaim(owner, formType) {
      const { rows } = await query<ClaimRow>(LATEST_CLAIM, [owner, formType]);
      return claimOf(rows[0]);
    },
    async claimVersions(referenceCode) {
      const { rows } = await query<{
        version: number;
        models: Draft["models"];
        records: Draft["records"] | null;
        culture: string;
        filed_at: string;
      }>(
        "SELECT version, models, records, culture, filed_at FROM claim_versions WHERE reference_code = $1 ORDER BY version",
        [referenceCode],
      );
      return rows.map((row) => ({
        version: row.version,
        ...answers.open({ models: row.models, records: row.records ?? {} }),
        culture: row.culture,
        filedAt: Number(row.filed_at),
      }));
    },
    async putDocument(document, content, now) {
      const id = newDocumentId();
      await query(
        "INSERT INTO documents (id, name, media_type, owner, form_type, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        [id, document.name, document.mediaType, document.owner, document.formType, now],
      );
      // Chunks are written one at a time outside a transaction, so a slow upload holds no
      // connection; the row is marked complete last, and removed (chunks and all) on failure.
      const hash = createHash("sha256");
      let size = 0;
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (pendingBytes === 0) return;
        const data = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await query("INSERT INTO document_chunks (document_id, seq, data) VALUES ($1, $2, $3)", [id, seq++, data]);
      };
      try {
        for await (const chunk of content) {
          hash.update(chunk);
          size += chunk.length;
          pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          pendingBytes += chunk.length;
          if (pendingBytes >= CHUNK_BYTES) await flush();
        }
        await flush();
      } catch (error) {
        await query("DELETE FROM documents WHERE id = $1", [id]).catch(() => undefined);
        throw error;
      }
      const sha256 = hash.digest("hex");
      await query("UPDATE documents SET size = $2, sha256 = $3, complete = TRUE WHERE id = $1", [id, size, sha256]);
      return { id, ...document, size, sha256, referenceCode: null, createdAt: now };
    },
    async getDocument(id) {
      return documentFromRow(
        (await query<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = $1 AND complete`, [id]))
          .rows[0],
      );
    },
    async *readDocument(id) {
      for (let seq = 0; ; seq++) {
        const { rows } = await query<{ data: Buffer }>(
          "SELECT data FROM document_chunks WHERE document_id = $1 AND seq = $2",
          [id, seq],
        );
        if (!rows[0]) return;
        yield rows[0].data;
      }
    },
    async deleteDocument(id) {
      await query("DELETE FROM documents WHERE id = $1 AND reference_code IS NULL", [id]);
    },
    async claimDocuments(referenceCodes) {
      const { rows } = await query<DocumentRow>(
        `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE reference_code = ANY($1) ORDER BY reference_code, created_at, id`,
        [typeof referenceCodes === "string" ? [referenceCodes] : referenceCodes],
      );
      return rows.map((row) => documentFromRow(row)!);
    },
    async getSignInFailures(claimId) {
      return signInFailuresFromRow(
        (
          await query<SignInFailuresRow>(
            `SELECT ${SIGN_IN_FAILURES_COLUMNS} FROM sign_in_failures WHERE claim_id = $1`,
            [claimId],
          )
        ).rows[0],
      );
    },
    async updateSignInFailures(claimId, change) {
      return transaction(async (client) => {
        // Attempts on one Claim ID, from any instance, queue on this lock: each sees the one before.
        await lockUntilCommit(client, `sign-in ${claimId}`);
        const current = signInFailuresFromRow(
          (
            await client.query<SignInFailuresRow>(
              `SELECT ${SIGN_IN_FAILURES_COLUMNS} FROM sign_in_failures WHERE claim_id = $1`,
              [claimId],
            )
          ).rows[0],
        );
        const next = change(current);
        if (next) {
          await client.query(
            `INSERT INTO sign_in_failures (claim_id, ${SIGN_IN_FAILURES_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (claim_id) DO UPDATE SET failures = EXCLUDED.failures, window_started_at = EXCLUDED.window_started_at,
               lockouts = EXCLUDED.lockouts, locked_until = EXCLUDED.locked_until, forget_at = EXCLUDED.forget_at`,
            [claimId, next.failures, next.windowStartedAt, next.lockouts, next.lockedUntil, next.forgetAt],
          );
        } else {
          await client.query("DELETE FROM sign_in_failures WHERE claim_id = $1", [claimId]);
        }
        return next;
      });
    },
    async clearSignInFailures(claimId) {
      return ((await query("DELETE FROM sign_in_failures WHERE claim_id = $1", [claimId])).rowCount ?? 0) > 0;
    },
    async useChallenge(nonce, expiresAt) {
      return (
        (
          await query(
            "INSERT INTO used_challenges (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING",
            [nonce, expiresAt],
          )
        ).rowCount === 1
      );
    },
    async countAddressFailure(client, now, windowMs) {
      // One statement: failures at once, on any instance, each add one (a window that has ended starts again).
      const { rows } = await query<{ failures: number }>(
        `INSERT INTO address_failures (client, failures, window_ends_at) VALUES ($1, 1, $2)
         ON CONFLICT (client) DO UPDATE SET
           failures = CASE WHEN address_failures.window_ends_at <= $3 THEN 1 ELSE address_failures.failures + 1 END,
           window_ends_at = CASE WHEN address_failures.window_ends_at <= $3 THEN EXCLUDED.window_ends_at ELSE address_failures.window_ends_at END
         RETURNING failures`,
        [client, now + windowMs, now],
      );
      return rows[0]!.failures;
    },
    async purgeExpired(idleSince, now) {
      return transaction(async (client) => {
        await client.query("DELETE FROM sign_in_failures WHERE forget_at < $1", [now]);
        await client.query("DELETE FROM used_challenges WHERE expires_at < $1", [now]);
        await client.query("DELETE FROM address_failures WHERE window_ends_at <= $1", [now]);
        const sessions = await client.query("DELETE FROM sessions WHERE last_seen_at < $1", [idleSince]);
        // Drafts and uploads of unverified sign-ins whose session is gone (ended, expired or renamed away).
        const gone = SESSION_GONE;
        await client.query(ABANDONED_DRAFTS);
        // Also uploads cut off by a crash (never complete), once as old as an idle session.
        const documents = await client.query(
          `DELETE FROM documents WHERE reference_code IS NULL AND ((${gone}) OR (NOT complete AND created_at < $1))`,
          [idleSince],
        );
        return { sessions: sessions.rowCount ?? 0, documents: documents.rowCount ?? 0 };
      });
    },
    async purgeDrafts(formTypes) {
      return transaction(async (client) => {
        const documents = await client.query(
          "DELETE FROM documents WHERE form_type = ANY($1) AND reference_code IS NULL",
          [formTypes],
        );
        const drafts = await client.query("DELETE FROM drafts WHERE form_type = ANY($1)", [formTypes]);
        return { drafts: drafts.rowCount ?? 0, documents: documents.rowCount ?? 0 };
      });
    },
    async reencryptAnswers() {
      type Stored = { models: ModelValues; records?: DraftRecords | null };
      /** The keys the answers are under once rewritten: the others are forgotten at the end. */
      const keysInUse = new Set<string>();
      /**
       * Rewrites the stale rows of a table, a page of rows (by `key`, its primary key) per
       * transaction, each page locked while it is rewritten (a claimant's save of the same draft
       * waits, then writes its own answers, encrypted with the current key as well).
       */
      const rewrite = async (
        table: string,
        key: string[],
        columns: string,
        read: (row: Record<string, unknown>) => { formType: FormType; stored: Stored },
        write: (stored: Stored) => Record<string, string | null>,
      ) => {
        let count = 0;
        let after: unknown[] | undefined;
        const keyList = key.join(", ");
        for (let more = true; more; ) {
          more = await transaction(async (client) => {
            const { rows } = await client.query<Record<string, unknown>>(
              `SELECT ${keyList}, ${columns} FROM ${table} ${after ? `WHERE (${keyList}) > (${key.map((_, index) => `$${index + 1}`).join(", ")})` : ""}
               ORDER BY ${keyList} LIMIT ${REENCRYPT_PAGE} FOR UPDATE`,
              after ?? [],
            );
            for (const row of rows) {
              const { formType, stored } = read(row);
              const resealed = answers.reseal(formType, stored);
              for (const id of answers.keyIds(resealed)) keysInUse.add(id);
              if (resealed === stored) continue;
              const next = write(resealed);
              const sets = Object.keys(next).map((column, index) => `${column} = $${index + 1}`);
              const where = key.map((column, index) => `${column} = $${sets.length + index + 1}`);
              await client.query(`UPDATE ${table} SET ${sets.join(", ")} WHERE ${where.join(" AND ")}`, [
                ...Object.values(next),
                ...key.map((column) => row[column]),
              ]);
              count++;
            }
            if (rows.length > 0) after = key.map((column) => rows.at(-1)![column]);
            return rows.length === REENCRYPT_PAGE;
          });
        }
        return count;
      };
      const claimAnswers = (row: Record<string, unknown>) => ({
        formType: row.form_type as FormType,
        stored: { models: row.models as ModelValues, records: row.records as DraftRecords | null },
      });
      const claimColumns = (stored: Stored) => ({
        models: JSON.stringify(stored.models),
        records: stored.records ? JSON.stringify(stored.records) : null,
      });
      const count = {
        drafts: await rewrite(
          "drafts",
          ["owner", "form_type"],
          "data",
          (row) => ({ formType: row.form_type as FormType, stored: row.data as Stored }),
          (stored) => ({ data: JSON.stringify(stored) }),
        ),
        claims: await rewrite("claims", ["reference_code"], "form_type, models, records", claimAnswers, claimColumns),
        versions: await rewrite(
          "claim_versions",
          ["reference_code", "version"],
          "(SELECT form_type FROM claims WHERE claims.reference_code = claim_versions.reference_code) AS form_type, models, records",
          claimAnswers,
          claimColumns,
        ),
      };
      // The answers are all under the keys seen (the current one): the others are forgotten. The
      // current key stays, whatever was seen: answers stored meanwhile may be under it.
      await transaction(async (client) => {
        for (const id of keysInUse) await client.query(RECORD_KEY, [id, Date.now()]);
        await client.query("DELETE FROM field_keys_used WHERE NOT (id = ANY($1))", [[...keysInUse, answers.keyId]]);
      });
      recordedKeys.clear();
      return count;
    },
    async fieldKeyIds() {
      const { rows } = await query<{ id: string }>("SELECT id FROM field_keys_used ORDER BY id");
      for (const { id } of rows) recordedKeys.add(id);
      return rows.map((row) => row.id);
    },
    ...postgresMemberLists(query, transaction),
    async ping() {
      await query("SELECT 1");
    },
    async close() {
      await pool.end();
    },
  } satisfies Store;
}
