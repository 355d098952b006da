import pg from "pg";
import { type ClaimRow, claimFromRow, type Draft, type SessionRecord, type Store } from "./store.ts";

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
];

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

const CLAIM_COLUMNS = "reference_code, form_type, draft_id, models, culture, submitted_at";

/**
 * The store for several app servers: PostgreSQL at DATABASE_URL. The schema is migrated on first
 * use; if the database is down then, the next request tries again, so the portal recovers by
 * itself when the database comes back.
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
    async endSession(sessionId) {
      await ready();
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query("DELETE FROM drafts WHERE session_id = $1", [sessionId]);
        await client.query("DELETE FROM sessions WHERE id = $1", [sessionId]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      } finally {
        client.release();
      }
    },
    async getDraft(sessionId, formType) {
      const { rows } = await query<{ data: Omit<Draft, "updatedAt">; updated_at: string }>("SELECT data, updated_at FROM drafts WHERE session_id = $1 AND form_type = $2", [sessionId, formType]);
      return rows[0] ? { ...rows[0].data, updatedAt: Number(rows[0].updated_at) } : undefined;
    },
    async saveDraft(sessionId, formType, draft, now) {
      const { draftId, models, completedSteps, edited, prepopulated } = draft;
      await query(
        `INSERT INTO drafts (session_id, form_type, data, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (session_id, form_type) DO UPDATE SET data = EXCLUDED.data, updated_at = EXCLUDED.updated_at`,
        [sessionId, formType, JSON.stringify({ draftId, models, completedSteps, edited, prepopulated }), now],
      );
    },
    async submitClaim(sessionId, formType, claim, newReferenceCode, now) {
      // One statement: concurrent submissions of one draft race on the UNIQUE draft_id, and the
      // losers find the winner's code.
      const inserted = await query<{ reference_code: string }>(
        `INSERT INTO claims (reference_code, form_type, draft_id, session_id, models, culture, submitted_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (draft_id) DO NOTHING RETURNING reference_code`,
        [newReferenceCode(), formType, claim.draftId, sessionId, JSON.stringify(claim.models), claim.culture, now],
      );
      if (inserted.rows[0]) return { referenceCode: inserted.rows[0].reference_code, created: true };
      const existing = await query<{ reference_code: string }>("SELECT reference_code FROM claims WHERE draft_id = $1", [claim.draftId]);
      return { referenceCode: existing.rows[0]!.reference_code, created: false };
    },
    async getClaim(referenceCode) {
      return claimFromRow((await query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE reference_code = $1`, [referenceCode])).rows[0]);
    },
    async getClaimByDraft(draftId) {
      return claimFromRow((await query<ClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE draft_id = $1`, [draftId])).rows[0]);
    },
    async ping() {
      await query("SELECT 1");
    },
    async close() {
      await pool.end();
    },
  } satisfies Store;
}
