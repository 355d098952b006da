import path from "node:path";
import { openPostgresStore } from "#app/storage/postgres-store.server.ts";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import type { Store } from "#app/storage/store.ts";
import type { PortalServer } from "./portal-server.ts";

/** The store a test server keeps its data in, opened from the test (close it when done). */
export function openStoreOf(portal: PortalServer): Store {
  return portal.databaseUrl ? openPostgresStore(portal.databaseUrl) : openSqliteStore(path.join(portal.dataDir, "portal.sqlite"));
}

/** Statuses of every request the server logged (one JSON line each). */
export function loggedStatuses(portal: PortalServer): number[] {
  return portal
    .output()
    .split("\n")
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { status?: number };
        return typeof entry.status === "number" ? [entry.status] : [];
      } catch {
        return [];
      }
    });
}
