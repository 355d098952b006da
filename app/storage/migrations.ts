import type { Database, Dialect } from "./database.ts";

/**
 * One schema version: one SQL text both backends run, or a text for each where their SQL must
 * differ (types: SQLite's INTEGER and JSON text against PostgreSQL's BIGINT, BOOLEAN and JSONB;
 * documents' content, which PostgreSQL keeps in the database).
 */
export type Migration = string | Record<Dialect["name"], string>;

/**
 * The schema versions, applied in order once each and recorded in schema_migrations by their
 * number (their place here, from 1). Never edit or reorder one that has shipped: add the next.
 * Versions 1–11 are the two lists each backend had before they became this one, entry for entry
 * (each had eleven, the same changes in the same order), so a database of either at version 11
 * is at version 11 of this list.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    sqlite: `CREATE TABLE drafts (
     session_id TEXT NOT NULL,
     form_type TEXT NOT NULL,
     data TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (session_id, form_type)
   )`,
    postgresql: `CREATE TABLE drafts (
     session_id TEXT NOT NULL,
     form_type TEXT NOT NULL,
     data JSONB NOT NULL,
     updated_at BIGINT NOT NULL,
     PRIMARY KEY (session_id, form_type)
   )`,
  },
  {
    sqlite: `CREATE TABLE sessions (
     id TEXT PRIMARY KEY,
     created_at INTEGER NOT NULL,
     last_seen_at INTEGER NOT NULL,
     authorizations TEXT NOT NULL DEFAULT '{}'
   );
   CREATE TABLE claims (
     reference_code TEXT PRIMARY KEY,
     form_type TEXT NOT NULL,
     draft_id TEXT NOT NULL UNIQUE,
     session_id TEXT NOT NULL,
     models TEXT NOT NULL,
     culture TEXT NOT NULL,
     submitted_at INTEGER NOT NULL
   );
   CREATE INDEX claims_submitted_at ON claims (submitted_at);`,
    postgresql: `CREATE TABLE sessions (
     id TEXT PRIMARY KEY,
     created_at BIGINT NOT NULL,
     last_seen_at BIGINT NOT NULL,
     authorizations JSONB NOT NULL DEFAULT '{}'
   );
   CREATE TABLE claims (
     reference_code TEXT PRIMARY KEY,
     form_type TEXT NOT NULL,
     draft_id TEXT NOT NULL UNIQUE,
     session_id TEXT NOT NULL,
     models JSONB NOT NULL,
     culture TEXT NOT NULL,
     submitted_at BIGINT NOT NULL
   );
   CREATE INDEX claims_submitted_at ON claims (submitted_at);`,
  },
  {
    sqlite: `ALTER TABLE claims ADD COLUMN records TEXT;
   CREATE TABLE documents (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     media_type TEXT NOT NULL,
     size INTEGER NOT NULL,
     sha256 TEXT NOT NULL,
     session_id TEXT NOT NULL,
     form_type TEXT NOT NULL,
     reference_code TEXT,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX documents_draft ON documents (session_id, form_type);
   CREATE INDEX documents_claim ON documents (reference_code);`,
    postgresql: `ALTER TABLE claims ADD COLUMN records JSONB;
   CREATE TABLE documents (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     media_type TEXT NOT NULL,
     size BIGINT NOT NULL DEFAULT 0,
     sha256 TEXT NOT NULL DEFAULT '',
     session_id TEXT NOT NULL,
     form_type TEXT NOT NULL,
     reference_code TEXT,
     created_at BIGINT NOT NULL,
     complete BOOLEAN NOT NULL DEFAULT FALSE
   );
   CREATE INDEX documents_draft ON documents (session_id, form_type);
   CREATE INDEX documents_claim ON documents (reference_code);
   CREATE TABLE document_chunks (
     document_id TEXT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
     seq INTEGER NOT NULL,
     data BYTEA NOT NULL,
     PRIMARY KEY (document_id, seq)
   );`,
  },
  // Issue 10: drafts and uploads belong to their owner (the member who signed in), not to a
  // session; claims record their member and their versions. Drafts of signed-in sessions move to
  // their member; sessions end (claimants sign in again and find their drafts).
  {
    sqlite: `ALTER TABLE drafts RENAME TO drafts_by_session;
   CREATE TABLE drafts (
     owner TEXT NOT NULL,
     form_type TEXT NOT NULL,
     data TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (owner, form_type)
   );
   INSERT INTO drafts (owner, form_type, data, updated_at)
     SELECT 'member:' || json_extract(s.authorizations, '$.' || d.form_type || '.claimId'), d.form_type, d.data, MAX(d.updated_at)
     FROM drafts_by_session d JOIN sessions s ON s.id = d.session_id
     WHERE json_extract(s.authorizations, '$.' || d.form_type || '.claimId') IS NOT NULL
     GROUP BY 1, 2;
   DROP TABLE drafts_by_session;
   ALTER TABLE documents RENAME COLUMN session_id TO owner;
   UPDATE documents SET owner = COALESCE(
     (SELECT 'member:' || json_extract(s.authorizations, '$.' || documents.form_type || '.claimId') FROM sessions s WHERE s.id = documents.owner),
     'session:' || owner);
   ALTER TABLE claims DROP COLUMN session_id;
   ALTER TABLE claims ADD COLUMN owner TEXT;
   ALTER TABLE claims ADD COLUMN claim_id TEXT;
   ALTER TABLE claims ADD COLUMN vin TEXT;
   ALTER TABLE claims ADD COLUMN verified INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE claims ADD COLUMN sign_in_method TEXT NOT NULL DEFAULT 'unknown';
   ALTER TABLE claims ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE claims ADD COLUMN version_at INTEGER;
   UPDATE claims SET version_at = submitted_at;
   CREATE INDEX claims_owner ON claims (owner, form_type, submitted_at);
   CREATE INDEX claims_member ON claims (claim_id);
   CREATE TABLE claim_versions (
     reference_code TEXT NOT NULL,
     version INTEGER NOT NULL,
     models TEXT NOT NULL,
     records TEXT,
     culture TEXT NOT NULL,
     filed_at INTEGER NOT NULL,
     PRIMARY KEY (reference_code, version)
   );
   INSERT INTO claim_versions (reference_code, version, models, records, culture, filed_at)
     SELECT reference_code, 1, models, records, culture, submitted_at FROM claims;
   DELETE FROM sessions;`,
    postgresql: `ALTER TABLE drafts RENAME TO drafts_by_session;
   ALTER INDEX drafts_pkey RENAME TO drafts_by_session_pkey;
   CREATE TABLE drafts (
     owner TEXT NOT NULL,
     form_type TEXT NOT NULL,
     data JSONB NOT NULL,
     updated_at BIGINT NOT NULL,
     PRIMARY KEY (owner, form_type)
   );
   INSERT INTO drafts (owner, form_type, data, updated_at)
     SELECT DISTINCT ON (owner, d.form_type) 'member:' || (s.authorizations -> d.form_type ->> 'claimId') AS owner, d.form_type, d.data, d.updated_at
     FROM drafts_by_session d JOIN sessions s ON s.id = d.session_id
     WHERE s.authorizations -> d.form_type ->> 'claimId' IS NOT NULL
     ORDER BY owner, d.form_type, d.updated_at DESC;
   DROP TABLE drafts_by_session;
   ALTER TABLE documents RENAME COLUMN session_id TO owner;
   UPDATE documents SET owner = COALESCE(
     (SELECT 'member:' || (s.authorizations -> documents.form_type ->> 'claimId') FROM sessions s WHERE s.id = documents.owner),
     'session:' || owner);
   ALTER TABLE claims DROP COLUMN session_id;
   ALTER TABLE claims ADD COLUMN owner TEXT;
   ALTER TABLE claims ADD COLUMN claim_id TEXT;
   ALTER TABLE claims ADD COLUMN vin TEXT;
   ALTER TABLE claims ADD COLUMN verified BOOLEAN NOT NULL DEFAULT FALSE;
   ALTER TABLE claims ADD COLUMN sign_in_method TEXT NOT NULL DEFAULT 'unknown';
   ALTER TABLE claims ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
   ALTER TABLE claims ADD COLUMN version_at BIGINT;
   UPDATE claims SET version_at = submitted_at;
   CREATE INDEX claims_owner ON claims (owner, form_type, submitted_at);
   CREATE INDEX claims_member ON claims (claim_id);
   CREATE TABLE claim_versions (
     reference_code TEXT NOT NULL,
     version INTEGER NOT NULL,
     models JSONB NOT NULL,
     records JSONB,
     culture TEXT NOT NULL,
     filed_at BIGINT NOT NULL,
     PRIMARY KEY (reference_code, version)
   );
   INSERT INTO claim_versions (reference_code, version, models, records, culture, filed_at)
     SELECT reference_code, 1, models, records, culture, submitted_at FROM claims;
   DELETE FROM sessions;`,
  },
  // Issue 10, sign-in that cannot be guessed: failed sign-ins per Claim ID (the lockout), and the
  // no-JavaScript challenges already used (each passes once).
  {
    sqlite: `CREATE TABLE sign_in_failures (
     claim_id TEXT PRIMARY KEY,
     failures INTEGER NOT NULL,
     window_started_at INTEGER NOT NULL,
     lockouts INTEGER NOT NULL,
     locked_until INTEGER,
     forget_at INTEGER NOT NULL
   );
   CREATE INDEX sign_in_failures_forget_at ON sign_in_failures (forget_at);
   CREATE TABLE used_challenges (
     nonce TEXT PRIMARY KEY,
     expires_at INTEGER NOT NULL
   );
   CREATE INDEX used_challenges_expires_at ON used_challenges (expires_at);`,
    postgresql: `CREATE TABLE sign_in_failures (
     claim_id TEXT PRIMARY KEY,
     failures INTEGER NOT NULL,
     window_started_at BIGINT NOT NULL,
     lockouts INTEGER NOT NULL,
     locked_until BIGINT,
     forget_at BIGINT NOT NULL
   );
   CREATE INDEX sign_in_failures_forget_at ON sign_in_failures (forget_at);
   CREATE TABLE used_challenges (
     nonce TEXT PRIMARY KEY,
     expires_at BIGINT NOT NULL
   );
   CREATE INDEX used_challenges_expires_at ON used_challenges (expires_at);`,
  },
  // Issue 14: a member's latest claim, read on every step page, comes off this index in its order
  // (submitted_at, then reference_code for claims filed in the same millisecond) without a sort.
  `DROP INDEX claims_owner;
   CREATE INDEX claims_owner ON claims (owner, form_type, submitted_at, reference_code);`,
  // Issue 23: the class-member list lives in the store, every instance reading the current one;
  // an import writes a new list beside it and makes it current in one step. PINs are keyed hashes.
  {
    sqlite: `CREATE TABLE class_member_lists (
     id INTEGER PRIMARY KEY,
     source TEXT NOT NULL,
     sha256 TEXT NOT NULL,
     from_settlement_folder INTEGER NOT NULL,
     pin_key_id TEXT NOT NULL,
     members INTEGER NOT NULL DEFAULT 0,
     with_vin INTEGER NOT NULL DEFAULT 0,
     started_at INTEGER NOT NULL,
     completed_at INTEGER,
     current INTEGER NOT NULL DEFAULT 0
   );
   CREATE UNIQUE INDEX class_member_lists_current ON class_member_lists (current) WHERE current = 1;
   CREATE TABLE class_members (
     list_id INTEGER NOT NULL,
     claim_id TEXT NOT NULL,
     pin_hash BLOB NOT NULL,
     vin TEXT,
     prepopulated TEXT NOT NULL,
     PRIMARY KEY (list_id, claim_id)
   ) WITHOUT ROWID;
   CREATE INDEX class_members_vin ON class_members (list_id, vin) WHERE vin IS NOT NULL;`,
    postgresql: `CREATE TABLE class_member_lists (
     id BIGSERIAL PRIMARY KEY,
     source TEXT NOT NULL,
     sha256 TEXT NOT NULL,
     from_settlement_folder BOOLEAN NOT NULL,
     pin_key_id TEXT NOT NULL,
     members BIGINT NOT NULL DEFAULT 0,
     with_vin BIGINT NOT NULL DEFAULT 0,
     started_at BIGINT NOT NULL,
     completed_at BIGINT,
     current BOOLEAN NOT NULL DEFAULT FALSE
   );
   CREATE UNIQUE INDEX class_member_lists_current ON class_member_lists (current) WHERE current;
   CREATE TABLE class_members (
     list_id BIGINT NOT NULL,
     claim_id TEXT NOT NULL,
     pin_hash BYTEA NOT NULL,
     vin TEXT,
     prepopulated JSONB NOT NULL,
     PRIMARY KEY (list_id, claim_id)
   );
   CREATE INDEX class_members_vin ON class_members (list_id, vin) WHERE vin IS NOT NULL;`,
  },
  // Issue 23: failed attempts per client address, counted by every instance together (decision 021).
  {
    sqlite: `CREATE TABLE address_failures (
     client TEXT PRIMARY KEY,
     failures INTEGER NOT NULL,
     window_ends_at INTEGER NOT NULL
   );
   CREATE INDEX address_failures_window_ends_at ON address_failures (window_ends_at);`,
    postgresql: `CREATE TABLE address_failures (
     client TEXT PRIMARY KEY,
     failures INTEGER NOT NULL,
     window_ends_at BIGINT NOT NULL
   );
   CREATE INDEX address_failures_window_ends_at ON address_failures (window_ends_at);`,
  },
  // Issue 23: the field keys stored answers are under (Store.fieldKeyIds), so a server missing one
  // refuses to start instead of failing every bank number it is asked for.
  {
    sqlite: `CREATE TABLE field_keys_used (
     id TEXT PRIMARY KEY,
     first_used_at INTEGER NOT NULL
   );`,
    postgresql: `CREATE TABLE field_keys_used (
     id TEXT PRIMARY KEY,
     first_used_at BIGINT NOT NULL
   );`,
  },
  // Issue 23: exports page claims by their latest version's time (incremental exports), off this
  // index in its order.
  `CREATE INDEX claims_version_at ON claims (version_at, reference_code);`,
  // Issue 23: the purge (every instance, every 5 minutes) finds the drafts of unverified sign-ins
  // off this index instead of reading every draft: millions of members' drafts, a few VIN-only ones.
  `CREATE INDEX drafts_unverified ON drafts (owner) WHERE owner LIKE 'session:%';`,
  // Issue 24: an open claim's e-mail address, as a keyed hash (NewClaim.contactKey): one claim per
  // address per flow is looked up off this index, in the filing transaction.
  `ALTER TABLE claims ADD COLUMN contact_key TEXT;
   CREATE INDEX claims_contact ON claims (form_type, contact_key) WHERE contact_key IS NOT NULL;`,
  // Issue 25: the e-mail outbox (decision 031). A message is queued in the transaction of the event
  // it tells of, one per key; instances take due ones off email_outbox_due, a lease each
  // (next_attempt_at is also when a lease runs out), and purge done ones off email_outbox_done.
  {
    sqlite: `CREATE TABLE email_outbox (
     key TEXT PRIMARY KEY,
     recipient TEXT NOT NULL,
     subject TEXT NOT NULL,
     body TEXT NOT NULL,
     queued_at INTEGER NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     lease TEXT,
     last_error TEXT,
     outcome TEXT,
     done_at INTEGER
   );
   CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at) WHERE done_at IS NULL;
   CREATE INDEX email_outbox_done ON email_outbox (done_at) WHERE done_at IS NOT NULL;`,
    postgresql: `CREATE TABLE email_outbox (
     key TEXT PRIMARY KEY,
     recipient TEXT NOT NULL,
     subject TEXT NOT NULL,
     body TEXT NOT NULL,
     queued_at BIGINT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at BIGINT NOT NULL,
     lease TEXT,
     last_error TEXT,
     outcome TEXT,
     done_at BIGINT
   );
   CREATE INDEX email_outbox_due ON email_outbox (next_attempt_at) WHERE done_at IS NULL;
   CREATE INDEX email_outbox_done ON email_outbox (done_at) WHERE done_at IS NOT NULL;`,
  },
  // Issue 25, claim access: the filed claims a session found (Store.grantClaimAccess), kept on the
  // session's row so they end with it, as its sign-ins do.
  {
    sqlite: `ALTER TABLE sessions ADD COLUMN claim_access TEXT NOT NULL DEFAULT '{}';`,
    postgresql: `ALTER TABLE sessions ADD COLUMN claim_access JSONB NOT NULL DEFAULT '{}';`,
  },
  // Issue 25, documents for a filed claim: a document added to a claim after filing (to cure a
  // deficiency) is the claim's like a filed one, marked with when it was added (NULL: filed with
  // the claim). Read off documents_claim: a claim has a handful of documents.
  {
    sqlite: "ALTER TABLE documents ADD COLUMN added_at INTEGER;",
    postgresql: "ALTER TABLE documents ADD COLUMN added_at BIGINT;",
  },
  // The open flow's return links (decision 032): a token's hash (never the token), the draft it
  // resumes (its owner "link:<id>" and form type) and the key of the address it was sent to; found
  // by the hash, and by the owner when a new address replaces the link.
  {
    sqlite: `CREATE TABLE return_links (
     token_hash TEXT PRIMARY KEY,
     owner TEXT NOT NULL,
     form_type TEXT NOT NULL,
     address_key TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX return_links_owner ON return_links (owner);`,
    postgresql: `CREATE TABLE return_links (
     token_hash TEXT PRIMARY KEY,
     owner TEXT NOT NULL,
     form_type TEXT NOT NULL,
     address_key TEXT NOT NULL,
     created_at BIGINT NOT NULL
   );
   CREATE INDEX return_links_owner ON return_links (owner);`,
  },
  // Issue 25, claim status: the statuses the administrator imports (import-statuses), a row per
  // change, never overwritten; a row's fingerprint makes importing the same row again add nothing.
  {
    sqlite: `CREATE TABLE claim_statuses (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     reference_code TEXT NOT NULL,
     status TEXT NOT NULL,
     status_date TEXT NOT NULL,
     reason_code TEXT,
     reason_text TEXT,
     due_date TEXT,
     payment_method TEXT,
     fingerprint TEXT NOT NULL,
     imported_at INTEGER NOT NULL
   );
   CREATE UNIQUE INDEX claim_statuses_row ON claim_statuses (reference_code, fingerprint);`,
    postgresql: `CREATE TABLE claim_statuses (
     id BIGSERIAL PRIMARY KEY,
     reference_code TEXT NOT NULL,
     status TEXT NOT NULL,
     status_date TEXT NOT NULL,
     reason_code TEXT,
     reason_text TEXT,
     due_date TEXT,
     payment_method TEXT,
     fingerprint TEXT NOT NULL,
     imported_at BIGINT NOT NULL
   );
   CREATE UNIQUE INDEX claim_statuses_row ON claim_statuses (reference_code, fingerprint);`,
  },
  // Issue 25, change of address: a filed claim's contact details as changed after filing, a
  // version per change (Store.addContactChange); the claim's filed answers never change.
  {
    sqlite: `CREATE TABLE claim_contacts (
     reference_code TEXT NOT NULL,
     version INTEGER NOT NULL,
     models TEXT NOT NULL,
     culture TEXT NOT NULL,
     changed_at INTEGER NOT NULL,
     PRIMARY KEY (reference_code, version)
   );`,
    postgresql: `CREATE TABLE claim_contacts (
     reference_code TEXT NOT NULL,
     version INTEGER NOT NULL,
     models JSONB NOT NULL,
     culture TEXT NOT NULL,
     changed_at BIGINT NOT NULL,
     PRIMARY KEY (reference_code, version)
   );`,
  },
  // Issue 25: a claim changes after filing without a new version (a document added, a status
  // imported, a new address): incremental exports page claims by their last change, so the next
  // one carries it. NULL for a claim unchanged since its latest version (every claim before this):
  // the index is on COALESCE(changed_at, version_at), so no claim row is rewritten here, and
  // replaces the version index, which nothing reads any more. The claims changed by this issue's
  // tables before this version (none outside a test of them) get their time.
  `ALTER TABLE claims ADD COLUMN changed_at BIGINT;
   UPDATE claims SET changed_at = (SELECT MAX(at) FROM (
       SELECT added_at AS at FROM documents WHERE documents.reference_code = claims.reference_code
       UNION ALL SELECT imported_at FROM claim_statuses WHERE claim_statuses.reference_code = claims.reference_code
       UNION ALL SELECT changed_at FROM claim_contacts WHERE claim_contacts.reference_code = claims.reference_code
     ) AS changes)
     WHERE reference_code IN (SELECT reference_code FROM documents WHERE added_at IS NOT NULL
       UNION SELECT reference_code FROM claim_statuses UNION SELECT reference_code FROM claim_contacts);
   CREATE INDEX claims_changed_at ON claims ((COALESCE(changed_at, version_at)), reference_code);
   DROP INDEX claims_version_at;`,
  // Issue 27: the audit trail (claim_events, app/storage/claim-events.ts), append-only: the
  // database refuses to change or remove an event. A claim filed before it gets the events its
  // versions, contact changes, added documents and statuses tell of, marked recordedLater, in the
  // order they happened.
  {
    sqlite: `CREATE TABLE claim_events (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     reference_code TEXT NOT NULL,
     kind TEXT NOT NULL,
     actor TEXT NOT NULL,
     at INTEGER NOT NULL,
     detail TEXT NOT NULL
   );
   CREATE INDEX claim_events_claim ON claim_events (reference_code, id);
   CREATE TRIGGER claim_events_not_updated BEFORE UPDATE ON claim_events
     BEGIN SELECT RAISE(ABORT, 'claim_events is append-only'); END;
   CREATE TRIGGER claim_events_not_deleted BEFORE DELETE ON claim_events
     BEGIN SELECT RAISE(ABORT, 'claim_events is append-only'); END;
   INSERT INTO claim_events (reference_code, kind, actor, at, detail)
     SELECT reference_code, kind, actor, at, detail FROM (
       SELECT reference_code, CASE WHEN version = 1 THEN 'filed' ELSE 'amended' END AS kind, 'claimant' AS actor,
         filed_at AS at, json_object('version', version, 'recordedLater', json('true')) AS detail, 1 AS sort
         FROM claim_versions
       UNION ALL SELECT reference_code, 'addressChanged', 'claimant', changed_at,
         json_object('version', version, 'recordedLater', json('true')), 2 FROM claim_contacts
       UNION ALL SELECT reference_code, 'documentsAdded', 'claimant', added_at,
         json_object('documents', json_array(json_object('name', name, 'size', size, 'sha256', sha256)), 'recordedLater', json('true')), 3
         FROM documents WHERE reference_code IS NOT NULL AND added_at IS NOT NULL
       UNION ALL SELECT reference_code, 'statusImported', 'operator', imported_at,
         json_object('status', status, 'date', status_date, 'reasonCode', reason_code, 'reasonText', reason_text, 'dueDate', due_date,
           'paymentMethod', payment_method, 'recordedLater', json('true')), 4 FROM claim_statuses
     ) ORDER BY at, sort, reference_code;`,
    postgresql: `CREATE TABLE claim_events (
     id BIGSERIAL PRIMARY KEY,
     reference_code TEXT NOT NULL,
     kind TEXT NOT NULL,
     actor TEXT NOT NULL,
     at BIGINT NOT NULL,
     detail JSONB NOT NULL
   );
   CREATE INDEX claim_events_claim ON claim_events (reference_code, id);
   CREATE FUNCTION claim_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION 'claim_events is append-only'; END $$;
   CREATE TRIGGER claim_events_not_changed BEFORE UPDATE OR DELETE OR TRUNCATE ON claim_events
     FOR EACH STATEMENT EXECUTE FUNCTION claim_events_append_only();
   INSERT INTO claim_events (reference_code, kind, actor, at, detail)
     SELECT reference_code, kind, actor, at, detail FROM (
       SELECT reference_code, CASE WHEN version = 1 THEN 'filed' ELSE 'amended' END AS kind, 'claimant' AS actor,
         filed_at AS at, jsonb_build_object('version', version, 'recordedLater', true) AS detail, 1 AS sort
         FROM claim_versions
       UNION ALL SELECT reference_code, 'addressChanged', 'claimant', changed_at,
         jsonb_build_object('version', version, 'recordedLater', true), 2 FROM claim_contacts
       UNION ALL SELECT reference_code, 'documentsAdded', 'claimant', added_at,
         jsonb_build_object('documents', jsonb_build_array(jsonb_build_object('name', name, 'size', size, 'sha256', sha256)), 'recordedLater', true), 3
         FROM documents WHERE reference_code IS NOT NULL AND added_at IS NOT NULL
       UNION ALL SELECT reference_code, 'statusImported', 'operator', imported_at,
         jsonb_build_object('status', status, 'date', status_date, 'reasonCode', reason_code, 'reasonText', reason_text, 'dueDate', due_date,
           'paymentMethod', payment_method, 'recordedLater', true), 4 FROM claim_statuses
     ) AS earlier ORDER BY at, sort, reference_code;`,
  },
  // Issue 27: the values claims share (claim_signals: keyed hashes, a network's prefix), looked up
  // by value to find the claims that share one.
  `CREATE TABLE claim_signals (
     reference_code TEXT NOT NULL,
     kind TEXT NOT NULL,
     value TEXT NOT NULL,
     PRIMARY KEY (reference_code, kind, value)
   );
   CREATE INDEX claim_signals_value ON claim_signals (kind, value);`,
  // Issue 27: sign-ins per hour, by outcome, for the administrator's report: counts only, nothing
  // of who signed in.
  `CREATE TABLE sign_in_hours (
     hour BIGINT NOT NULL,
     outcome TEXT NOT NULL,
     attempts BIGINT NOT NULL,
     PRIMARY KEY (hour, outcome)
   );`,
];

/** The schema versions as `dialect` runs them. */
export function migrationsFor(dialect: Dialect["name"]): string[] {
  return MIGRATIONS.map((migration) => (typeof migration === "string" ? migration : migration[dialect]));
}

/**
 * Brings the database to the latest schema version, one version per transaction. Instances
 * starting together take turns on a lock, each reading the version anew under it: one migrates,
 * the others find it done.
 */
export async function migrate(db: Database): Promise<void> {
  const migrations = migrationsFor(db.dialect.name);
  for (let done = false; !done; ) {
    done = await db.transaction(async (tx) => {
      await tx.lock("schema_migrations");
      await tx.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)");
      const row = await tx.get<{ version: number | null }>("SELECT MAX(version) AS version FROM schema_migrations");
      const current = Number(row?.version ?? 0);
      if (current >= migrations.length) return true;
      await tx.exec(migrations[current]!);
      await tx.run("INSERT INTO schema_migrations (version) VALUES ($1)", [current + 1]);
      return false;
    });
  }
}
