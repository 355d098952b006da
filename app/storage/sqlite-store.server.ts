import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { FormType } from "#app/deadlines/deadline-guard.ts";
import type { Draft, Store } from "./store.ts";

/** Schema versions, applied in order once each; never edit one that has shipped, add the next. */
const MIGRATIONS = [
  `CREATE TABLE drafts (
     session_id TEXT NOT NULL,
     form_type TEXT NOT NULL,
     data TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (session_id, form_type)
   )`,
];

function migrate(db: DatabaseSync) {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)");
  const row = db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get() as { version: number | null };
  const current = row.version ?? 0;
  MIGRATIONS.slice(current).forEach((sql, index) => {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(sql);
      db.prepare("INSERT INTO schema_migrations (version) VALUES (?)").run(current + index + 1);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  });
}

/** The default store: one SQLite file in the data folder, no other service needed. */
export function openSqliteStore(file: string): Store {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  // WAL lets readers go on while a claim is written; a busy timeout rides out short write locks.
  db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;");
  migrate(db);
  const getDraft = db.prepare("SELECT data, updated_at FROM drafts WHERE session_id = ? AND form_type = ?");
  const upsertDraft = db.prepare(
    `INSERT INTO drafts (session_id, form_type, data, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (session_id, form_type) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
  );
  return {
    async getDraft(sessionId: string, formType: FormType) {
      const row = getDraft.get(sessionId, formType) as { data: string; updated_at: number } | undefined;
      return row ? { ...(JSON.parse(row.data) as Omit<Draft, "updatedAt">), updatedAt: row.updated_at } : undefined;
    },
    async saveDraft(sessionId, formType, draft, now) {
      upsertDraft.run(sessionId, formType, JSON.stringify({ models: draft.models, completedSteps: draft.completedSteps, edited: draft.edited, prepopulated: draft.prepopulated }), now);
    },
    async close() {
      db.close();
    },
  };
}
