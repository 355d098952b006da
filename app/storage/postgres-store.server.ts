import { createHash } from "node:crypto";
import pg from "pg";
import { log } from "#app/log.server.ts";
import { isDatabaseAway } from "./database-away.server.ts";
import type { Database, Dialect, DocumentContent, Statements, Transaction } from "./database.ts";
import { migrationsFor } from "./migrations.ts";
import type { SensitiveAnswers } from "./sensitive-answers.server.ts";
import { openSqlStore } from "./sql-store.server.ts";
import type { Store } from "./store.ts";

export { ABANDONED_DRAFTS, CLAIMS_BY_CHANGE, LATEST_CLAIM } from "./sql-store.server.ts";

/** The schema versions as PostgreSQL runs them. */
export const MIGRATIONS = migrationsFor("postgresql");

/** PostgreSQL's SQL where it is not SQLite's. */
const dialect: Dialect = {
  name: "postgresql",
  oneOf: (column, param) => `${column} = ANY(${param})`,
  withJsonKey: (column, key, value) => `${column} || jsonb_build_object(${key}::text, ${value}::jsonb)`,
  jsonObject: (key, value) => `jsonb_build_object(${key}::text, ${value}::jsonb)`,
  forUpdate: " FOR UPDATE",
};

/** Documents are stored in the database in pieces of this size: memory stays flat, rows stay small. */
const CHUNK_BYTES = 256 * 1024;

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

/** Statements on a pool (each on any free connection) or on one checked-out client. */
function statementsOn(on: pg.Pool | pg.PoolClient): Statements {
  return {
    async all<Row>(sql: string, params: readonly unknown[] = []) {
      return (await on.query(sql, params as unknown[])).rows as Row[];
    },
    async get<Row>(sql: string, params: readonly unknown[] = []) {
      return (await on.query(sql, params as unknown[])).rows[0] as Row | undefined;
    },
    async run(sql, params = []) {
      return (await on.query(sql, params as unknown[])).rowCount ?? 0;
    },
  };
}

/**
 * The store for several app servers: PostgreSQL at DATABASE_URL. Documents live in the database
 * too (in 256 KiB chunks), so any app server can serve any claimant; a document is readable only
 * once all of it is written. Sensitive answers are encrypted by `answers` on their way in.
 */
export function openPostgresStore(connectionString: string, answers: SensitiveAnswers): Store {
  return openSqlStore(postgresDatabase(connectionString), answers);
}

function postgresDatabase(connectionString: string): Database {
  const pool = new pg.Pool({
    connectionString,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    connectionTimeoutMillis: 5_000,
  });
  hearConnectionErrors(pool);
  // An idle client losing its connection must not take the process down; the next query reconnects.
  pool.on("error", (error) => log.error("database connection lost", { error }));
  const statements = statementsOn(pool);
  return {
    dialect,
    documents: documentChunks(statements),
    ...statements,
    async transaction(work) {
      return withClient(pool, async (client) => {
        const tx: Transaction = {
          ...statementsOn(client),
          async lock(name) {
            // A transaction-scoped advisory lock: work under the same name, on any instance, queues.
            await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [name]);
          },
          async exec(sql) {
            await client.query(sql);
          },
        };
        await client.query("BEGIN");
        try {
          const result = await work(tx);
          await client.query("COMMIT");
          return result;
        } catch (error) {
          await client.query("ROLLBACK").catch(() => undefined);
          throw error;
        }
      });
    },
    async addMembers(listId, members) {
      // One statement a batch: the rows go as arrays, unnested by the server.
      await statements.run(
        `INSERT INTO class_members (list_id, claim_id, pin_hash, vin, prepopulated)
         SELECT $1::bigint, claim_id, pin_hash, vin, prepopulated::jsonb
         FROM unnest($2::text[], $3::bytea[], $4::text[], $5::text[]) AS batch (claim_id, pin_hash, vin, prepopulated)`,
        [
          listId,
          members.map((member) => member.claimId),
          members.map((member) => member.pinHash),
          members.map((member) => member.vin),
          members.map((member) => JSON.stringify(member.prepopulated)),
        ],
      );
    },
    connections: () => ({
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
    // What a rewrite replaced is the database's to reclaim (VACUUM), as any update's.
    async flushRewrites() {},
    async close() {
      await pool.end();
    },
  };
}

/** Documents in the database, in chunks (see openPostgresStore). */
function documentChunks(statements: Statements): DocumentContent {
  return {
    complete: "complete",
    async put(row, content) {
      await statements.run(
        "INSERT INTO documents (id, name, media_type, owner, form_type, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        [row.id, row.name, row.mediaType, row.owner, row.formType, row.createdAt],
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
        await statements.run("INSERT INTO document_chunks (document_id, seq, data) VALUES ($1, $2, $3)", [
          row.id,
          seq++,
          data,
        ]);
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
        await statements.run("DELETE FROM documents WHERE id = $1", [row.id]).catch(() => undefined);
        throw error;
      }
      const sha256 = hash.digest("hex");
      await statements.run("UPDATE documents SET size = $2, sha256 = $3, complete = TRUE WHERE id = $1", [
        row.id,
        size,
        sha256,
      ]);
      return { size, sha256 };
    },
    async *read(id) {
      for (let seq = 0; ; seq++) {
        const row = await statements.get<{ data: Buffer }>(
          "SELECT data FROM document_chunks WHERE document_id = $1 AND seq = $2",
          [id, seq],
        );
        if (!row) return;
        yield row.data;
      }
    },
    // The chunks went with their rows (ON DELETE CASCADE).
    async remove() {},
    async purgeCutOff(before) {
      return statements.run("DELETE FROM documents WHERE reference_code IS NULL AND NOT complete AND created_at < $1", [
        before,
      ]);
    },
  };
}
