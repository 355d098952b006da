import path from "node:path";
import { openPostgresStore } from "./postgres-store.server.ts";
import { openSqliteStore } from "./sqlite-store.server.ts";
import type { Store } from "./store.ts";

let store: Store | undefined;

/** The process's store: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR (default data/). */
export function getStore(): Store {
  store ??= process.env.DATABASE_URL ? openPostgresStore(process.env.DATABASE_URL) : openSqliteStore(path.resolve(process.env.DATA_DIR ?? "data", "portal.sqlite"));
  return store;
}

/** Closes the process's store if it was opened (command-line tools, on their way out). */
export async function closeStore(): Promise<void> {
  await store?.close();
  store = undefined;
}
