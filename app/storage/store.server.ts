import path from "node:path";
import { openSqliteStore } from "./sqlite-store.server.ts";
import type { Store } from "./store.ts";

let store: Store | undefined;

/** The process's store: SQLite in DATA_DIR (default data/). */
export function getStore(): Store {
  store ??= openSqliteStore(path.resolve(process.env.DATA_DIR ?? "data", "portal.sqlite"));
  return store;
}
