import path from "node:path";
import type { FormType } from "#app/flow-registry/form-type.ts";
import type { FormDefinition } from "#app/forms/form-definition.ts";
import { sensitivePaths } from "#app/forms/sensitive-fields.ts";
import { type FieldKeys, fieldKeys } from "#app/security/field-keys.server.ts";
import { getPortal } from "#app/settlement/portal.server.ts";
import { dataDir } from "./data-dir.server.ts";
import { openPostgresStore } from "./postgres-store.server.ts";
import { type SensitiveAnswers, sensitiveAnswers } from "./sensitive-answers.server.ts";
import { openSqliteStore } from "./sqlite-store.server.ts";
import type { Store } from "./store.ts";

let store: Store | undefined;

/** The encryption of a settlement's sensitive answers (its forms' `sensitive` fields) with `keys`. */
export function answersOf(forms: Record<FormType, Pick<FormDefinition, "models">>, keys: FieldKeys): SensitiveAnswers {
  return sensitiveAnswers(
    keys,
    Object.fromEntries(Object.entries(forms).map(([formType, definition]) => [formType, sensitivePaths(definition)])),
  );
}

/**
 * The process's store: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR (default
 * data/); the settlement's sensitive answers encrypted with the field keys (FIELD_ENCRYPTION_KEYS,
 * or DATA_DIR/field-keys, made on first use).
 */
export function getStore(): Store {
  if (store) return store;
  const answers = answersOf(getPortal().forms, fieldKeys());
  store = process.env.DATABASE_URL
    ? openPostgresStore(process.env.DATABASE_URL, answers)
    : openSqliteStore(path.join(dataDir(), "portal.sqlite"), answers);
  return store;
}

/**
 * Which store the process's is, for an operator's message and for an export resumed to check it
 * reads on from the store it started on: PostgreSQL's server and database (never the password),
 * or the SQLite file.
 */
export function storeName(): string {
  if (!process.env.DATABASE_URL) return `sqlite:${path.join(dataDir(), "portal.sqlite")}`;
  const url = new URL(process.env.DATABASE_URL);
  return `postgresql://${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/** Closes the process's store if it was opened (command-line tools, on their way out). */
export async function closeStore(): Promise<void> {
  await store?.close();
  store = undefined;
}
