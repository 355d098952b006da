import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadFormDefinitions } from "#app/forms/form-definitions.server.ts";
import { type FieldKeys, loadFieldKeys, parseFieldKeys } from "#app/security/field-keys.server.ts";
import { openPostgresStore } from "#app/storage/postgres-store.server.ts";
import type { SensitiveAnswers } from "#app/storage/sensitive-answers.server.ts";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import { answersOf } from "#app/storage/store.server.ts";
import type { Store } from "#app/storage/store.ts";
import { type Backend, freshDatabaseUrl } from "./backends.ts";
import { type PortalServer, TEST_FIELD_KEY } from "./portal-server.ts";
import { DEMO_SETTLEMENT } from "./settlement.ts";

/** A fixed field key for stores a test opens by itself (no server). */
export const TEST_FIELD_KEYS: FieldKeys = parseFieldKeys(TEST_FIELD_KEY, "the tests' field key");

/** The encryption of the demo settlement's sensitive answers, with the tests' key unless told otherwise. */
export function demoAnswers(keys: FieldKeys = TEST_FIELD_KEYS): SensitiveAnswers {
  return answersOf(loadFormDefinitions(DEMO_SETTLEMENT), keys);
}

/**
 * The field keys a test server encrypts with: those it was given, or its data folder's key file
 * (made here if the server has not needed it yet: it then reads this one).
 */
export function fieldKeysOf(portal: PortalServer): FieldKeys {
  return loadFieldKeys({ env: portal.env, dataFolder: portal.dataDir });
}

/** The store a test server keeps its data in, opened from the test with the server's keys (close it when done). */
export function openStoreOf(portal: PortalServer): Store {
  const answers = answersOf(loadFormDefinitions(portal.settlementDir), fieldKeysOf(portal));
  return portal.databaseUrl
    ? openPostgresStore(portal.databaseUrl, answers)
    : openSqliteStore(path.join(portal.dataDir, "portal.sqlite"), answers);
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

/** Statuses of every request the server logged (one JSON line each, its message "request"). */
export function loggedStatuses(portal: PortalServer): number[] {
  return portal
    .output()
    .split("\n")
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { message?: string; status?: number };
        return entry.message === "request" && typeof entry.status === "number" ? [entry.status] : [];
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

/** A store of its own on a fresh database of `backend` (a new PostgreSQL database, or a new SQLite file), for the store's contract tests. */
export async function openFreshStore(backend: Backend): Promise<Store> {
  return backend === "postgresql"
    ? openPostgresStore(await freshDatabaseUrl(), demoAnswers())
    : openSqliteStore(path.join(mkdtempSync(path.join(tmpdir(), "store-")), "portal.sqlite"), demoAnswers());
}
