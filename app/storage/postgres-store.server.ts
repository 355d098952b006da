import { createHash } from "node:crypto";
import pg from "pg";
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

/** Schema versions, applied in order once each; never edit one that has shipped, add the next. */
const MIGRATIONS = [
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
];

/** Documents are stored in the database in pieces of this size: memory stays flat, rows stay small. */
const CHUNK_BYTES = 256 * 1024;

/** Any number identifying this application's migration lock among the database's advisory locks. */
const MIGRATION_LOCK = 4_821_000_001;

async function migrate(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    // Several instances may start at once: one migrates, the others wait for it.
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)");
    const { rows } = await client.query<{ version: number | null }>("SELECT MAX(version) AS version FROM schema_migrations");
    const current = rows[0]?.version ?? 0;
    for (const [index, sql] of MIGRATIONS.slice(current).entries()) {
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query("INSERT INTO schema_migrations (version) VALUES ($1)", [current + index + 1]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

interface SessionRow {
  id: string;
  created_at: string;
  last_seen_at: string;
  authorizations: SessionRecord["authorizations"];
}

const sessionOf = (row: SessionRow | undefined): SessionRecord | undefined =>
  row && { id: row.id, createdAt: Number(row.created_at), lastSeenAt: Number(row.last_seen_at), authorizations: row.authorizations };

const CLAIM_COLUMNS = "reference_code, form_type, draft_id, models, records, culture, submitted_at";

/**
 * The store for several app servers: PostgreSQL at DATABASE_URL. The schema is migrated on first
 * use; if the database is down then, the next request tries again, so the portal recovers by
 * itself when the database comes back. Documents live in the database too (in 256 KiB chunks), so
 * any app server can serve any claimant; a document is readable only once all of it is written.
 */
export function openPostgresStore(connectionString: string): Store {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10), connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not take the process down; the next query reconnects.
  pool.on("error", (error) => console.error(JSON.stringify({ level: "error", message: "database connection lost", error: String(error) })));
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
  /** Runs `work` in one transaction on one connection. */
  const transaction = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    await ready();
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };

  return {
    async getSession(sessionId) {
      return sessionOf((await query<SessionRow>("SELECT id, created_at, last_seen_at, authorizations FROM sessions WHERE id = $1", [sessionId])).rows[0]);
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
    async authorize(sessionId, formType, grant, now) {
      await query(
        `INSERT INTO sessions (id, created_at, last_seen_at, authorizations) VALUES ($1, $2, $2, jsonb_build_object($3::text, $4::jsonb))
         ON CONFLICT (id) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at,
           authorizations = sessions.authorizations || jsonb_build_object($3::text, $4::jsonb)`,
        [sessionId, now, formType, JSON.stringify({ at: now, claimId: grant.claimId })],
      );
    },
    async renameSession(sessionId, newSessionId) {
      await transaction(async (client) => {
        for (const sql of ["UPDATE sessions SET id = $1 WHERE id = $2", "UPDATE drafts SET session_id = $1 WHERE session_id = $2", "UPDATE documents SET session_id = $1 WHERE session_id = $2"]) {
          await client.query(sql, [newSessionId, sessionId]);
        }
      });
    },
    async endSession(sessionId) {
      await transaction(async (client) => {
        await client.query("DELETE FROM documents WHERE session_id = $1 AND reference_code IS NULL", [sessionId]);
        await client.query("DELETE FROM drafts WHERE session_id = $1", [sessionId]);
        await client.query("DELETE FROM sessions WHERE id = $1", [sessionId]);
      });
    },
    async getDraft(sessionId, formType) {
      const { rows } = await query<{ data: Omit<Draft, "updatedAt">; updated_at: string }>("SELECT data, updated_at FROM drafts WHERE session_id = $1 AND form_type = $2", [sessionId, formType]);
      return rows[0] ? { ...rows[0].data, updatedAt: Number(rows[0].updated_at) } : undefined;
    },
    async saveDraft(sessionId, formType, draft, now) {
      const { draftId, models, records, completedSteps, edited, prepopulated } = draft;
      await query(
        `INSERT INTO drafts (session_id, form_type, data, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (session_id, form_type) DO UPDATE SET data = EXCLUDED.data, updated_at = EXCLUDED.updated_at`,
        [sessionId, formType, JSON.stringify({ draftId, models, records, completedSteps, edited, prepopulated }), now],
      );
    },
    async submitClaim(sessionId, formType, claim, newReferenceCode, now) {
      return transaction(async (client) => {
        // Concurrent submissions of one draft race on the UNIQUE draft_id: the losers wait for the
        // winner's transaction, insert nothing, and find the winner's code.
        const inserted = await client.query<{ reference_code: string }>(
          `INSERT INTO claims (reference_code, form_type, draft_id, session_id, models, records, culture, submitted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (draft_id) DO NOTHING RETURNING reference_code`,
          [newReferenceCode(), formType, claim.draftId, sessionId, JSON.stringify(claim.models), JSON.stringify(claim.records), claim.culture, now],
        );
        const referenceCode = inserted.rows[0]?.reference_code;
        if (!referenceCode) {
          const existing = await client.query<{ reference_code: string }>("SELECT reference_code FROM claims WHERE draft_id = $1", [claim.draftId]);
          return { referenceCode: existing.rows[0]!.reference_code, created: false };
        }
        const moved = await client.query(
          "UPDATE documents SET reference_code = $1 WHERE id = ANY($2) AND session_id = $3 AND form_type = $4 AND reference_code IS NULL AND complete",
          [referenceCode, claim.documentIds, sessionId, formType],
        );
        if (moved.rowCount !== claim.documentIds.length) throw new Error("A document of the claim is not an unclaimed upload of this draft");
        // Uploads the claimant replaced or removed are not part of the claim.
        await client.query("DELETE FROM documents WHERE session_id = $1 AND form_type = $2 AND reference_code IS NULL", [sessionId, formType]);
        return { referenceCode, created: true };
      });
    },
    async getClaim(referenceCode) {
      return claimFromRow((await query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE reference_code = $1`, [referenceCode])).rows[0]);
    },
    async claimsPage(after, limit) {
      const { rows } = await query<ClaimRow>(
        `SELECT ${CLAIM_COLUMNS} FROM claims WHERE (submitted_at, reference_code) > ($1, $2) ORDER BY submitted_at, reference_code LIMIT $3`,
        [after?.submittedAt ?? -1, after?.referenceCode ?? "", limit],
      );
      return rows.map((row) => claimFromRow(row)!);
    },
    async getClaimByDraft(draftId) {
      return claimFromRow((await query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE draft_id = $1`, [draftId])).rows[0]);
    },
    async putDocument(document, content, now) {
      const id = newDocumentId();
      await query("INSERT INTO documents (id, name, media_type, session_id, form_type, created_at) VALUES ($1, $2, $3, $4, $5, $6)", [
        id,
        document.name,
        document.mediaType,
        document.sessionId,
        document.formType,
        now,
      ]);
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
      return documentFromRow((await query<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = $1 AND complete`, [id])).rows[0]);
    },
    async *readDocument(id) {
      for (let seq = 0; ; seq++) {
        const { rows } = await query<{ data: Buffer }>("SELECT data FROM document_chunks WHERE document_id = $1 AND seq = $2", [id, seq]);
        if (!rows[0]) return;
        yield rows[0].data;
      }
    },
    async deleteDocument(id) {
      await query("DELETE FROM documents WHERE id = $1 AND reference_code IS NULL", [id]);
    },
    async claimDocuments(referenceCode) {
      const { rows } = await query<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE reference_code = $1 ORDER BY created_at, id`, [referenceCode]);
      return rows.map((row) => documentFromRow(row)!);
    },
    async purgeExpired(idleSince) {
      return transaction(async (client) => {
        const sessions = await client.query("DELETE FROM sessions WHERE last_seen_at < $1", [idleSince]);
        await client.query("DELETE FROM drafts WHERE session_id NOT IN (SELECT id FROM sessions)");
        // Also uploads cut off by a crash (never complete), once as old as an idle session.
        const documents = await client.query(
          "DELETE FROM documents WHERE reference_code IS NULL AND (session_id NOT IN (SELECT id FROM sessions) OR (NOT complete AND created_at < $1))",
          [idleSince],
        );
        return { sessions: sessions.rowCount ?? 0, documents: documents.rowCount ?? 0 };
      });
    },
    async ping() {
      await query("SELECT 1");
    },
    async close() {
      await pool.end();
    },
  } satisfies Store;
}
