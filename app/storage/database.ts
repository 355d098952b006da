import type { StoredMember } from "./store.ts";

/**
 * What the one store (sql-store.server.ts) needs of a database: statements with $1, $2…
 * placeholders, transactions, and the few things each backend writes its own way (its dialect, and
 * where documents' content lives). A backend is one file implementing this (sqlite-store.server.ts,
 * postgres-store.server.ts); everything stored is written once, over it.
 */
export interface Statements {
  /** The rows a statement answers. An array parameter is a list, for Dialect.oneOf. */
  all<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** The first row a statement answers, if any. */
  get<Row>(sql: string, params?: readonly unknown[]): Promise<Row | undefined>;
  /** Runs a statement; how many rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
}

export interface Transaction extends Statements {
  /**
   * Holds a lock on `name` until the transaction ends: work under the same name, on any instance,
   * queues behind it. (SQLite's write lock, taken as the transaction begins, already does.)
   */
  lock(name: string): Promise<void>;
  /** Runs a script of several statements without parameters (a migration). */
  exec(sql: string): Promise<void>;
}

/** The SQL each backend writes its own way, as fragments of the statements written once. */
export interface Dialect {
  name: "sqlite" | "postgresql";
  /** `column` is one of the list given as `param` (an array parameter). */
  oneOf(column: string, param: string): string;
  /** A JSON object column with `key` (a text parameter) set to `value` (a JSON text parameter). */
  withJsonKey(column: string, key: string, value: string): string;
  /** A JSON object of one `key` (a text parameter) and `value` (a JSON text parameter). */
  jsonObject(key: string, value: string): string;
  /** Appended to a SELECT whose rows the transaction is about to rewrite. */
  forUpdate: string;
}

/** Where documents' content lives: files in the data folder (SQLite) or the database (PostgreSQL). */
export interface DocumentContent {
  /** SQL true of a documents row whose content is all written (readable, fileable). */
  complete: string;
  /**
   * Stores the content of document `row.id` and writes its row (with the content's size and
   * SHA-256); neither is left behind if the content fails midway.
   */
  put(
    row: { id: string; name: string; mediaType: string; owner: string; formType: string; createdAt: number },
    content: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ): Promise<{ size: number; sha256: string }>;
  read(id: string): AsyncIterable<Uint8Array>;
  /** The content of documents whose rows were deleted (the transaction has committed). */
  remove(ids: string[]): Promise<void>;
  /** Removes uploads a crash cut off, once older than `before`: how many rows went with them. */
  purgeCutOff(before: number): Promise<number>;
}

export interface Database extends Statements {
  dialect: Dialect;
  documents: DocumentContent;
  /** Adds a batch of class members to list `listId`, the backend's fastest way (an import loads millions). */
  addMembers(listId: number, members: StoredMember[]): Promise<void>;
  /** Its connections now, where it pools them (PostgreSQL): for the metrics. */
  connections?(): StoreConnections;
  /** Runs `work` in one transaction; committed if it returns, rolled back if it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Rows rewritten (re-encrypted) leave their old contents nowhere they can be read from
   * afterwards (SQLite: its write-ahead log is copied into the file and emptied).
   */
  flushRewrites(): Promise<void>;
  close(): Promise<void>;
}

/** A pool's connections: open, idle, requests waiting for one, and how many it may open. */
export interface StoreConnections {
  open: number;
  idle: number;
  waiting: number;
  max: number;
}

/** A JSON column as read: PostgreSQL's JSONB comes parsed, SQLite's text does not. */
export function fromJson<T>(value: T | string): T;
export function fromJson<T>(value: T | string | null): T | null;
export function fromJson<T>(value: T | string | null): T | null {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}
