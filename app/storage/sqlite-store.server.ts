import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { PRIVATE_FILE, privateFile, privateFolder, tightenIfPresent } from "./data-dir.server.ts";
import type { Database, Dialect, DocumentContent, Statements, Transaction } from "./database.ts";
import { migrationsFor } from "./migrations.ts";
import type { SensitiveAnswers } from "./sensitive-answers.server.ts";
import * as sqlStore from "./sql-store.server.ts";
import type { Store } from "./store.ts";

/** The schema versions as SQLite runs them. */
export const MIGRATIONS = migrationsFor("sqlite");

/** A statement as SQLite takes it: $1, $2… placeholders made its numbered ?1, ?2…. */
const sqliteSql = (statement: string) => statement.replace(/\$(\d+)/g, "?$1");

/** The store's statements whose query plans the tests read, as SQLite takes them. */
export const ABANDONED_DRAFTS = sqliteSql(sqlStore.ABANDONED_DRAFTS);
export const LATEST_CLAIM = sqliteSql(sqlStore.LATEST_CLAIM);
export const CLAIMS_BY_CHANGE = sqliteSql(sqlStore.CLAIMS_BY_CHANGE);

/** SQLite's SQL where it is not PostgreSQL's. Lists are passed as JSON text (sqliteValue). */
const dialect: Dialect = {
  name: "sqlite",
  oneOf: (column, param) => `${column} IN (SELECT value FROM json_each(${param}))`,
  withJsonKey: (column, key, value) => `json_set(${column}, '$."' || ${key} || '"', json(${value}))`,
  jsonObject: (key, value) => `json_object(${key}, json(${value}))`,
  // BEGIN IMMEDIATE has taken the write lock already.
  forUpdate: "",
};

const settled = () => undefined;

/** A parameter as node:sqlite binds it: a list (Dialect.oneOf) as JSON text. */
const sqliteValue = (value: unknown) => (Array.isArray(value) ? JSON.stringify(value) : value) as SQLInputValue;

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
  return sqlStore.openSqlStore(sqliteDatabase(file), answers);
}

function sqliteDatabase(file: string): Database {
  privateFolder(path.dirname(file));
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
  // Each statement is prepared once.
  const prepared = new Map<string, StatementSync>();
  const statement = (text: string) => {
    let found = prepared.get(text);
    if (!found) {
      found = db.prepare(sqliteSql(text));
      prepared.set(text, found);
    }
    return found;
  };
  const values = (params: readonly unknown[] = []) =>
    (params.some(Array.isArray) ? params.map(sqliteValue) : params) as SQLInputValue[];
  const statements: Statements = {
    async all<Row>(sql: string, params?: readonly unknown[]) {
      return statement(sql).all(...values(params)) as Row[];
    },
    async get<Row>(sql: string, params?: readonly unknown[]) {
      return statement(sql).get(...values(params)) as Row | undefined;
    },
    async run(sql, params) {
      return Number(statement(sql).run(...values(params)).changes);
    },
  };
  // One connection serves every request: while a transaction is open, statements from outside it
  // wait for it to end rather than run inside it. (Checked again after each wait, in the same
  // turn as the statement: another transaction may have begun meanwhile.)
  let open: Promise<unknown> | undefined;
  const outside = <T>(then: () => Promise<T>): Promise<T> =>
    open ? open.then(settled, settled).then(() => outside(then)) : then();
  const transaction: Transaction = {
    ...statements,
    // BEGIN IMMEDIATE took the database's write lock: every other writer waits already.
    async lock() {},
    async exec(sql) {
      db.exec(sql);
    },
  };
  const begin = async <T>(work: (tx: Transaction) => Promise<T>) => {
    // BEGIN IMMEDIATE takes the write lock before reading: a concurrent change waits for this one.
    db.exec("BEGIN IMMEDIATE");
    try {
      const result = await work(transaction);
      db.exec("COMMIT");
      return result;
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  };
  // Its row is written as any statement from outside a transaction is.
  const documents = documentFiles(path.dirname(file), (sql, params) => database.run(sql, params));
  const database: Database = {
    dialect,
    documents,
    all: (sql, params) => outside(() => statements.all(sql, params)),
    get: (sql, params) => outside(() => statements.get(sql, params)),
    run: (sql, params) => outside(() => statements.run(sql, params)),
    transaction(work) {
      return outside(() => {
        const running = begin(work);
        open = running;
        // Ended, however it ended (BEGIN itself may fail: the database busy past its timeout).
        const end = () => {
          if (open === running) open = undefined;
        };
        running.then(end, end);
        return running;
      });
    },
    async addMembers(listId, members) {
      await database.transaction(async (tx) => {
        for (const member of members)
          await tx.run(
            "INSERT INTO class_members (list_id, claim_id, pin_hash, vin, prepopulated) VALUES ($1, $2, $3, $4, $5)",
            [listId, member.claimId, member.pinHash, member.vin, JSON.stringify(member.prepopulated)],
          );
      });
    },
    async flushRewrites() {
      // The rows as they were stay in the write-ahead log until a checkpoint: copy the log into
      // the database (where secure_delete has zeroed them) and empty it.
      await outside(async () => db.exec("PRAGMA wal_checkpoint(TRUNCATE)"));
    },
    async close() {
      await outside(async () => db.close());
    },
  };
  return database;
}

/** Documents as files beside the database (see openSqliteStore). */
function documentFiles(folder: string, run: Statements["run"]): DocumentContent {
  const documentsDir = privateFolder(path.join(folder, "documents"), { portalsOwn: true });
  const documentFile = (id: string) => path.join(documentsDir, id);
  // Beside documents/, on the same file system: moving a finished upload in is one rename.
  const inProgressDir = privateFolder(path.join(folder, "uploads-in-progress"), { portalsOwn: true });
  return {
    // A row is written once its file is whole.
    complete: "TRUE",
    async put(row, content) {
      const partial = path.join(inProgressDir, row.id);
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
        await rename(partial, documentFile(row.id));
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(partial, { force: true });
        throw error;
      }
      const sha256 = hash.digest("hex");
      await run(
        "INSERT INTO documents (id, name, media_type, size, sha256, owner, form_type, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        [row.id, row.name, row.mediaType, size, sha256, row.owner, row.formType, row.createdAt],
      );
      return { size, sha256 };
    },
    read(id) {
      if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new Error("Not a document id");
      return createReadStream(documentFile(id));
    },
    async remove(ids) {
      await Promise.all(ids.map((id) => rm(documentFile(id), { force: true })));
    },
    async purgeCutOff(before) {
      // Uploads cut off by a crash leave a file in uploads-in-progress/ (before issue 23, a ".part"
      // file in documents/) and no row.
      const leftOver = [
        ...(await readdir(inProgressDir)).map((name) => path.join(inProgressDir, name)),
        ...(await readdir(documentsDir))
          .filter((name) => name.endsWith(".part"))
          .map((name) => path.join(documentsDir, name)),
      ];
      for (const partial of leftOver) {
        // Gone already if it was an upload that finished meanwhile.
        const written = await stat(partial).catch(() => undefined);
        if (written && written.mtimeMs < before) await rm(partial, { force: true });
      }
      return 0;
    },
  };
}
