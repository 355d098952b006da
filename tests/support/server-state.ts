import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openPostgresStore } from "#app/storage/postgres-store.server.ts";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import type { Store } from "#app/storage/store.ts";
import type { PortalServer } from "./portal-server.ts";

/** The store a test server keeps its data in, opened from the test (close it when done). */
export function openStoreOf(portal: PortalServer): Store {
  return portal.databaseUrl ? openPostgresStore(portal.databaseUrl) : openSqliteStore(path.join(portal.dataDir, "portal.sqlite"));
}

/** Runs `read` on a test server's store, opened for it and closed after. */
export async function withStore<T>(portal: PortalServer, read: (store: Store) => Promise<T>): Promise<T> {
  const store = openStoreOf(portal);
  try {
    return await read(store);
  } finally {
    await store.close();
  }
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

/** A process's resident memory now and its peak since the last reset, from the kernel (Linux /proc). */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const bytes = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)![1]) * 1024;
  return { rss: bytes("VmRSS"), peak: bytes("VmHWM") };
}

/** Starts a new peak-memory measurement for the process (clear_refs 5 resets VmHWM to VmRSS). */
export function resetPeakMemory(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}
