import type { FormType } from "#app/flow-registry/form-type.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import { randomBytes } from "node:crypto";
import { type Database, type Dialect, fromJson, type Statements, type Transaction } from "./database.ts";
import { changedAnswers } from "./claim-events.ts";
import { appendEvents, claimTrail, keepSignals } from "./claim-trail.server.ts";
import { memberLists } from "./member-lists.server.ts";
import { migrate } from "./migrations.ts";
import type { Answers, SensitiveAnswers } from "./sensitive-answers.server.ts";
import {
  CLAIM_COLUMNS,
  type Claim,
  type ClaimAccessGrant,
  type ClaimRow,
  claimAccessKey,
  claimFromRow,
  type ClaimStatus,
  type ContactChange,
  claimStatusFingerprint,
  DOCUMENT_COLUMNS,
  type DocumentRow,
  documentFromRow,
  type Draft,
  type DraftRecords,
  EMAIL_COLUMNS,
  type EmailRow,
  emailFromRow,
  type NewClaimStatus,
  type NewEmail,
  filingOutcome,
  newDocumentId,
  recordDocumentIds,
  type ReturnLinkOwner,
  type SessionRecord,
  SIGN_IN_FAILURES_COLUMNS,
  type SignInFailuresRow,
  signInFailuresFromRow,
  type Store,
} from "./store.ts";

/**
 * How many statuses one INSERT adds (9 parameters each). A row a statement was a round trip each
 * on PostgreSQL (2,300 rows a second); 500 a statement made SQLite's binding slow (4,500 a second);
 * at 100 both go at 6,000 to 11,000 a second (tests/bench/import-statuses.ts).
 */
const STATUSES_PER_STATEMENT = 100;

/** How many rows reencryptAnswers reads and rewrites per transaction. */
const REENCRYPT_PAGE = 200;

/** Owned by an unverified sign-in's session that is gone (ended, expired or renamed away): off drafts_unverified. */
const SESSION_GONE = "owner LIKE 'session:%' AND substr(owner, 9) NOT IN (SELECT id FROM sessions)";

/** Drafts of unverified sign-ins whose session is gone: off drafts_unverified, not every draft. */
export const ABANDONED_DRAFTS = `DELETE FROM drafts WHERE ${SESSION_GONE}`;

/** A member's latest claim of a form type, by (owner, form type). */
export const LATEST_CLAIM = `SELECT ${CLAIM_COLUMNS} FROM claims WHERE owner = $1 AND form_type = $2 ORDER BY submitted_at DESC, reference_code DESC LIMIT 1`;

/** A claim of the form type with this e-mail address's key, of someone other than the owner (Store.emailTaken). */
const EMAIL_TAKEN = "SELECT 1 AS taken FROM claims WHERE form_type = $1 AND contact_key = $2 AND owner <> $3 LIMIT 1";

/**
 * A page of claims by their last change (Store.claimsByChangePage): after (changed, code), before
 * until, off the claims_changed_at index. A claim not changed since its latest version has no
 * changed_at (claims filed before it was recorded): its version_at is its last change.
 */
export const CLAIMS_BY_CHANGE = `SELECT ${CLAIM_COLUMNS} FROM claims
  WHERE (COALESCE(changed_at, version_at), reference_code) > ($1, $2) AND COALESCE(changed_at, version_at) < $3
  ORDER BY COALESCE(changed_at, version_at), reference_code LIMIT $4`;

/** A claim changed after filing (a document added, a status, an address): its next incremental export carries it. */
const CLAIM_CHANGED = `UPDATE claims SET changed_at = $2 WHERE reference_code = $1`;

const GET_DRAFT = "SELECT data, updated_at FROM drafts WHERE owner = $1 AND form_type = $2";
const GET_SESSION = "SELECT id, created_at, last_seen_at, authorizations FROM sessions WHERE id = $1";
const RECORD_KEY = "INSERT INTO field_keys_used (id, first_used_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING";

/**
 * Queues an e-mail in the outbox (Store.queueEmail), in the transaction of the event it tells of
 * when given one: what an event's use case calls to queue its message with what it stores. The
 * outbox goes by the real clock (its sender's), not a request's test clock.
 */
export async function queueEmailIn(statements: Statements, email: NewEmail): Promise<boolean> {
  const now = Date.now();
  return (
    (await statements.run(
      `INSERT INTO email_outbox (key, recipient, subject, body, queued_at, next_attempt_at) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (key) DO NOTHING`,
      [email.key, email.to, email.subject, email.text, now],
    )) === 1
  );
}

/**
 * The message due longest, taken under a lease in one statement. PostgreSQL: the instances that
 * look at once skip the row another is taking (SKIP LOCKED), and the outer conditions, checked
 * again on the row as it is once its lock is free, refuse one taken meanwhile; SQLite's one writer
 * does the same.
 */
const takeDueEmail = (dialect: Dialect) =>
  `UPDATE email_outbox SET lease = $1, next_attempt_at = $2, attempts = attempts + 1
  WHERE key = (SELECT key FROM email_outbox WHERE done_at IS NULL AND next_attempt_at <= $3
               ORDER BY next_attempt_at LIMIT 1${dialect.name === "postgresql" ? " FOR UPDATE SKIP LOCKED" : ""})
    AND done_at IS NULL AND next_attempt_at <= $3
  RETURNING ${EMAIL_COLUMNS}`;

interface SessionRow {
  id: string;
  created_at: number | string;
  last_seen_at: number | string;
  authorizations: SessionRecord["authorizations"] | string;
}

interface DraftRow {
  data: Omit<Draft, "updatedAt"> | string;
  updated_at: number | string;
}

/** A claims row as a backend gives it: models and records as JSON text (SQLite) or parsed (PostgreSQL). */
type StoredClaimRow = Omit<ClaimRow, "models" | "records"> & {
  models: ModelValues | string;
  records: DraftRecords | string | null;
};

/** A claim_statuses row as either database returns it. */
interface ClaimStatusRow {
  reference_code: string;
  status: ClaimStatus["status"];
  status_date: string;
  reason_code: string | null;
  reason_text: string | null;
  due_date: string | null;
  payment_method: ClaimStatus["paymentMethod"];
  imported_at: number | string;
}

const sessionOf = (row: SessionRow | undefined): SessionRecord | undefined =>
  row && {
    id: row.id,
    createdAt: Number(row.created_at),
    lastSeenAt: Number(row.last_seen_at),
    authorizations: fromJson(row.authorizations),
  };

/**
 * The store, written once over a Database (database.ts): SQLite's or PostgreSQL's. The schema is
 * migrated as it opens; if that fails (the database is away), the next use tries again, so the
 * portal recovers by itself when the database comes back. Sensitive answers are encrypted by
 * `answers` on their way in.
 */
export function openSqlStore(db: Database, answers: SensitiveAnswers): Store {
  const { dialect, documents } = db;
  let migrated: Promise<void> | undefined;
  let ready = false;
  // Statements wait for the migrations; once they are done, they go straight to the database.
  const q: Statements = {
    async all(sql, params) {
      await migrating();
      return db.all(sql, params);
    },
    async get(sql, params) {
      await migrating();
      return db.get(sql, params);
    },
    async run(sql, params) {
      await migrating();
      return db.run(sql, params);
    },
  };
  const migrating = () => {
    migrated ??= migrate(db).then(
      () => {
        ready = true;
        Object.assign(q, { all: db.all, get: db.get, run: db.run });
      },
      (error: unknown) => {
        migrated = undefined;
        throw error;
      },
    );
    return migrated;
  };
  // Begun at once, so a store opened and closed (a command, a test) leaves its database migrated;
  // a failure here is met again by the first use.
  migrating().catch(() => undefined);

  // The field keys stored answers are under (fieldKeyIds): a key is recorded in the transaction
  // that stores an answer under it, until this process knows it committed (read from the table,
  // or recorded by a transaction of its own that committed): then a save costs no extra statement.
  const recordedKeys = new Set<string>();
  /** Work in one transaction, given `sealed`: the answers as stored, their key recorded in the same transaction. */
  const transaction = async <T>(
    work: (
      tx: Transaction,
      sealed: <A extends Answers>(formType: FormType, input: A, now: number) => Promise<A>,
    ) => Promise<T>,
  ): Promise<T> => {
    if (!ready) await migrating();
    const recording: string[] = [];
    const result = await db.transaction((tx) =>
      work(tx, async (formType, input, now) => {
        const output = answers.seal(formType, input);
        for (const id of answers.keyIds(output)) {
          if (recordedKeys.has(id) || recording.includes(id)) continue;
          await tx.run(RECORD_KEY, [id, now]);
          recording.push(id);
        }
        return output;
      }),
    );
    for (const id of recording) recordedKeys.add(id);
    return result;
  };

  const draftOf = (row: DraftRow | undefined): Draft | undefined =>
    row && { ...answers.open(fromJson(row.data)), updatedAt: Number(row.updated_at) };
  const claimOf = (row: StoredClaimRow | undefined) => {
    const claim = claimFromRow(row && { ...row, models: fromJson(row.models), records: fromJson(row.records) });
    return claim && answers.open(claim);
  };
  /** The contact versions of these claims (change of address), by claim, oldest first. */
  const readContactChanges = async (statements: Statements, codes: readonly string[]): Promise<ContactChange[]> => {
    const rows = await statements.all<{
      reference_code: string;
      version: number | string;
      models: ModelValues | string;
      culture: string;
      changed_at: number | string;
    }>(
      `SELECT reference_code, version, models, culture, changed_at FROM claim_contacts
       WHERE ${dialect.oneOf("reference_code", "$1")} ORDER BY reference_code, version`,
      [codes],
    );
    return rows.map((row) => ({
      referenceCode: row.reference_code,
      version: Number(row.version),
      models: answers.open({ models: fromJson(row.models) }).models,
      culture: row.culture,
      changedAt: Number(row.changed_at),
    }));
  };
  /** Queues the messages `email` makes for the statuses of `rows` just added (`inserted`): how many. */
  const queueStatusEmails = async (
    tx: Statements,
    rows: NewClaimStatus[],
    inserted: { reference_code: string; fingerprint: string }[],
    email: (status: NewClaimStatus, claim: Claim, latestContact: ContactChange | undefined) => NewEmail | undefined,
  ): Promise<number> => {
    const added = new Set(inserted.map((row) => `${row.reference_code} ${row.fingerprint}`));
    const statuses = rows.filter((status) => added.has(`${status.referenceCode} ${claimStatusFingerprint(status)}`));
    if (statuses.length === 0) return 0;
    const claims = new Map(
      (
        await tx.all<StoredClaimRow>(
          `SELECT ${CLAIM_COLUMNS} FROM claims WHERE ${dialect.oneOf("reference_code", "$1")}`,
          [[...new Set(statuses.map((status) => status.referenceCode))]],
        )
      ).map((row) => [row.reference_code, claimOf(row)!]),
    );
    const latestContacts = new Map(
      (await readContactChanges(tx, [...claims.keys()])).map((change) => [change.referenceCode, change]),
    );
    let queued = 0;
    for (const status of statuses) {
      const claim = claims.get(status.referenceCode);
      const message = claim && email(status, claim, latestContacts.get(status.referenceCode));
      if (message && (await queueEmailIn(tx, message))) queued++;
    }
    return queued;
  };
  const readSignInFailures = async (statements: Statements, claimId: string) =>
    signInFailuresFromRow(
      await statements.get<SignInFailuresRow>(
        `SELECT ${SIGN_IN_FAILURES_COLUMNS} FROM sign_in_failures WHERE claim_id = $1`,
        [claimId],
      ),
    );
  /** Deletes documents rows (not yet part of a claim) matching `where`: the ids deleted, whose content goes once committed. */
  const deleteUnclaimedDocuments = async (tx: Transaction, where: string, params: unknown[]) =>
    (
      await tx.all<{ id: string }>(
        `DELETE FROM documents WHERE reference_code IS NULL AND (${where}) RETURNING id`,
        params,
      )
    ).map((row) => row.id);

  return {
    async getSession(sessionId) {
      return sessionOf(await q.get<SessionRow>(GET_SESSION, [sessionId]));
    },
    async touchSession(sessionId, now) {
      return sessionOf(
        await q.get<SessionRow>(
          `INSERT INTO sessions (id, created_at, last_seen_at) VALUES ($1, $2, $2)
           ON CONFLICT (id) DO UPDATE SET last_seen_at = excluded.last_seen_at
           RETURNING id, created_at, last_seen_at, authorizations`,
          [sessionId, now],
        ),
      )!;
    },
    async authorize(sessionId, formType, signIn, now) {
      // One statement: sign-ins to other form types at the same moment each keep theirs.
      await q.run(
        `INSERT INTO sessions (id, created_at, last_seen_at, authorizations) VALUES ($1, $2, $2, ${dialect.jsonObject("$3", "$4")})
         ON CONFLICT (id) DO UPDATE SET last_seen_at = excluded.last_seen_at,
           authorizations = ${dialect.withJsonKey("sessions.authorizations", "$3", "$4")}`,
        [sessionId, now, formType, JSON.stringify(signIn)],
      );
    },
    async renameSession(sessionId, newSessionId) {
      await transaction(async (tx) => {
        await tx.run("UPDATE sessions SET id = $1 WHERE id = $2", [newSessionId, sessionId]);
        for (const table of ["drafts", "documents"])
          await tx.run(`UPDATE ${table} SET owner = $1 WHERE owner = $2`, [
            `session:${newSessionId}`,
            `session:${sessionId}`,
          ]);
      });
    },
    async endSession(sessionId) {
      const owner = `session:${sessionId}`;
      const removed = await transaction(async (tx) => {
        const ids = await deleteUnclaimedDocuments(tx, "owner = $1", [owner]);
        await tx.run("DELETE FROM drafts WHERE owner = $1", [owner]);
        await tx.run("DELETE FROM sessions WHERE id = $1", [sessionId]);
        return ids;
      });
      await documents.remove(removed);
    },
    async getDraft(owner, formType) {
      return draftOf(await q.get<DraftRow>(GET_DRAFT, [owner, formType]));
    },
    async updateDraft(owner, formType, change, now) {
      return transaction(async (tx, sealed) => {
        // A concurrent change of the same draft, on any instance, waits for this one and sees it.
        await tx.lock(`${owner} ${formType}`);
        const { draftId, models, records, completedSteps, edited, prepopulated } = change(
          draftOf(await tx.get<DraftRow>(GET_DRAFT, [owner, formType])),
        );
        const data = await sealed(formType, { draftId, models, records, completedSteps, edited, prepopulated }, now);
        await tx.run(
          `INSERT INTO drafts (owner, form_type, data, updated_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (owner, form_type) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
          [owner, formType, JSON.stringify(data), now],
        );
        return { draftId, models, records, completedSteps, edited, prepopulated, updatedAt: now };
      });
    },
    async submitClaim(owner, formType, claim, perMember, newReferenceCode, now) {
      return transaction(async (tx, sealed) => {
        // Concurrent submissions of one owner queue on this lock: the later ones find the first's claim.
        await tx.lock(`${owner} ${formType}`);
        // One claim per e-mail address in a flow without notices: filings with one address queue
        // here too, so two sessions filing it at once make one claim.
        if (claim.contactKey && perMember !== "many") {
          await tx.lock(`contact ${formType} ${claim.contactKey}`);
          if (await tx.get(EMAIL_TAKEN, [formType, claim.contactKey, owner]))
            return { referenceCode: "", outcome: "emailTaken" as const, version: 0 };
        }
        const existing =
          claimOf(
            await tx.get<StoredClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE draft_id = $1`, [claim.draftId]),
          ) ??
          (perMember === "many" ? undefined : claimOf(await tx.get<StoredClaimRow>(LATEST_CLAIM, [owner, formType])));
        const documentIds = [...claim.documentIds, ...(existing ? recordDocumentIds(existing.records) : [])];
        const hashes = await tx.all<{ id: string; sha256: string }>(
          `SELECT id, sha256 FROM documents WHERE ${dialect.oneOf("id", "$1")}`,
          [documentIds],
        );
        const outcome = filingOutcome(existing, claim, perMember, new Map(hashes.map((row) => [row.id, row.sha256])));
        if (existing && (outcome === "unchanged" || outcome === "refused"))
          return { referenceCode: existing.referenceCode, outcome, version: existing.version };
        const stored = await sealed(formType, { models: claim.models, records: claim.records }, now);
        const models = JSON.stringify(stored.models);
        const records = JSON.stringify(stored.records);
        const referenceCode = existing?.referenceCode ?? newReferenceCode();
        const version = (existing?.version ?? 0) + 1;
        if (existing) {
          await tx.run(
            "UPDATE claims SET models = $1, records = $2, culture = $3, version = $4, version_at = $5, changed_at = $5 WHERE reference_code = $6",
            [models, records, claim.culture, version, now, referenceCode],
          );
        } else {
          const { member } = claim;
          await tx.run(
            `INSERT INTO claims (reference_code, form_type, draft_id, owner, claim_id, vin, verified, sign_in_method, models, records, culture, submitted_at, version, version_at, changed_at, contact_key)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, $12, $12, $13)`,
            [
              referenceCode,
              formType,
              claim.draftId,
              owner,
              member.claimId,
              member.vin,
              member.verified,
              member.signInMethod,
              models,
              records,
              claim.culture,
              now,
              claim.contactKey ?? null,
            ],
          );
        }
        await tx.run(
          "INSERT INTO claim_versions (reference_code, version, models, records, culture, filed_at) VALUES ($1, $2, $3, $4, $5, $6)",
          [referenceCode, version, models, records, claim.culture, now],
        );
        const moved = await tx.run(
          `UPDATE documents SET reference_code = $1
           WHERE ${dialect.oneOf("id", "$2")} AND owner = $3 AND form_type = $4 AND (reference_code IS NULL OR reference_code = $1) AND ${documents.complete}`,
          [referenceCode, claim.documentIds, owner, formType],
        );
        if (moved !== new Set(claim.documentIds).size)
          throw new Error("A document of the claim is not an upload of this draft");
        const filed = { referenceCode, outcome: existing ? ("amended" as const) : ("filed" as const), version };
        await appendEvents(tx, [
          {
            referenceCode,
            kind: filed.outcome,
            actor: "claimant",
            at: now,
            detail: {
              version,
              documents: recordDocumentIds(claim.records).length,
              ...(existing ? { changed: changedAnswers(existing, claim) } : {}),
              ...(claim.filing ? { filing: claim.filing } : {}),
            },
          },
        ]);
        await keepSignals(tx, referenceCode, claim.signals ?? []);
        const email = claim.email?.(filed);
        if (email) await queueEmailIn(tx, email);
        // Uploads not part of the claim are not swept here: another session of the owner may be
        // filing with one this moment. Replaced and removed ones were deleted when that happened;
        // the rest go with the draft (purgeDrafts).
        return filed;
      });
    },
    async getClaim(referenceCode) {
      return claimOf(
        await q.get<StoredClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE reference_code = $1`, [referenceCode]),
      );
    },
    async getClaimByDraft(draftId) {
      return claimOf(await q.get<StoredClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE draft_id = $1`, [draftId]));
    },
    async latestClaim(owner, formType) {
      return claimOf(await q.get<StoredClaimRow>(LATEST_CLAIM, [owner, formType]));
    },
    async emailTaken(formType, contactKey, owner) {
      return !!(await q.get(EMAIL_TAKEN, [formType, contactKey, owner]));
    },
    async claimVersions(referenceCode) {
      const rows = await q.all<{
        version: number;
        models: ModelValues | string;
        records: DraftRecords | string | null;
        culture: string;
        filed_at: number | string;
      }>(
        "SELECT version, models, records, culture, filed_at FROM claim_versions WHERE reference_code = $1 ORDER BY version",
        [referenceCode],
      );
      return rows.map((row) => ({
        version: Number(row.version),
        ...answers.open({ models: fromJson(row.models), records: fromJson(row.records) ?? {} }),
        culture: row.culture,
        filedAt: Number(row.filed_at),
      }));
    },
    async claimsPage(after, limit) {
      const rows = await q.all<StoredClaimRow>(
        `SELECT ${CLAIM_COLUMNS} FROM claims WHERE (submitted_at, reference_code) > ($1, $2) ORDER BY submitted_at, reference_code LIMIT $3`,
        [after?.submittedAt ?? -1, after?.referenceCode ?? "", limit],
      );
      return rows.map((row) => claimOf(row)!);
    },
    async claimsByChangePage(after, until, limit) {
      const rows = await q.all<StoredClaimRow>(CLAIMS_BY_CHANGE, [after.changedAt, after.referenceCode, until, limit]);
      return rows.map((row) => claimOf(row)!);
    },
    // Change of address (issue 25): contact versions of a filed claim.
    async addContactChange(referenceCode, formType, change, now) {
      return transaction(async (tx, sealed) => {
        // Two changes of one claim at once, on any instance, queue here: each gets a version of its own.
        await tx.lock(`contact change ${referenceCode}`);
        const latest = await tx.get<{ version: number | string | null }>(
          "SELECT MAX(version) AS version FROM claim_contacts WHERE reference_code = $1",
          [referenceCode],
        );
        const version = Number(latest?.version ?? 0) + 1;
        // What the contact details were: the latest change, else the claim's answers.
        const before =
          version > 1
            ? (await readContactChanges(tx, [referenceCode])).at(-1)?.models
            : claimOf(
                await tx.get<StoredClaimRow>(`SELECT ${CLAIM_COLUMNS} FROM claims WHERE reference_code = $1`, [
                  referenceCode,
                ]),
              )?.models;
        const contactOnly = (models: ModelValues) =>
          Object.fromEntries(
            Object.entries(change.models).map(([model, fields]) => [
              model,
              Object.fromEntries(Object.keys(fields).map((key) => [key, models[model]?.[key] ?? null])),
            ]),
          );
        // Sealed as a claim's answers are: a contact field a settlement marks sensitive is encrypted too.
        const stored = await sealed(formType, { models: change.models }, now);
        await tx.run(
          "INSERT INTO claim_contacts (reference_code, version, models, culture, changed_at) VALUES ($1, $2, $3, $4, $5)",
          [referenceCode, version, JSON.stringify(stored.models), change.culture, now],
        );
        await tx.run(CLAIM_CHANGED, [referenceCode, now]);
        await appendEvents(tx, [
          {
            referenceCode,
            kind: "addressChanged",
            actor: "claimant",
            at: now,
            detail: {
              version,
              changed: changedAnswers(
                { models: contactOnly(before ?? {}), records: {} },
                { models: change.models, records: {} },
              ),
            },
          },
        ]);
        await keepSignals(tx, referenceCode, change.signals ?? []);
        return { referenceCode, version, models: change.models, culture: change.culture, changedAt: now };
      });
    },
    async contactChanges(referenceCodes) {
      return readContactChanges(q, typeof referenceCodes === "string" ? [referenceCodes] : referenceCodes);
    },
    async putDocument(document, content, now) {
      if (!ready) await migrating();
      const id = newDocumentId();
      const { size, sha256 } = await documents.put({ id, ...document, createdAt: now }, content);
      return { id, ...document, size, sha256, referenceCode: null, createdAt: now, addedAt: null };
    },
    async getDocument(id) {
      return documentFromRow(
        await q.get<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE id = $1 AND ${documents.complete}`, [
          id,
        ]),
      );
    },
    readDocument(id) {
      return documents.read(id);
    },
    async deleteDocument(id) {
      if ((await q.run("DELETE FROM documents WHERE id = $1 AND reference_code IS NULL", [id])) === 1)
        await documents.remove([id]);
    },
    async claimDocuments(referenceCodes) {
      const codes = typeof referenceCodes === "string" ? [referenceCodes] : referenceCodes;
      const rows = await q.all<DocumentRow>(
        `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE ${dialect.oneOf("reference_code", "$1")}
         ORDER BY reference_code, COALESCE(added_at, 0), created_at, id`,
        [codes],
      );
      return rows.map((row) => documentFromRow(row)!);
    },
    async addClaimDocuments(referenceCode, documentIds, owner, within, now, email) {
      return transaction(async (tx) => {
        // Two requests adding to one claim at once (two tabs) queue here: each counts the other's.
        await tx.lock(`additions ${referenceCode}`);
        const held = await tx.get<{ files: number | string; bytes: number | string | null }>(
          `SELECT COUNT(*) AS files, SUM(size) AS bytes FROM documents
           WHERE (reference_code = $1 AND added_at IS NOT NULL) OR ${dialect.oneOf("id", "$2")}`,
          [referenceCode, documentIds],
        );
        if (Number(held?.files ?? 0) > within.maxFiles) return "tooManyFiles" as const;
        if (Number(held?.bytes ?? 0) > within.maxClaimBytes) return "claimTooLarge" as const;
        const added = await tx.run(
          `UPDATE documents SET reference_code = $1, added_at = $2
           WHERE ${dialect.oneOf("id", "$3")} AND owner = $4 AND reference_code IS NULL AND ${documents.complete}
             AND form_type = (SELECT form_type FROM claims WHERE reference_code = $1)`,
          [referenceCode, now, documentIds, owner],
        );
        if (added !== new Set(documentIds).size)
          throw new Error(`A document added to claim ${referenceCode} is not an upload of ${owner} for it`);
        await tx.run(CLAIM_CHANGED, [referenceCode, now]);
        const addedDocuments = await tx.all<{ name: string; size: number | string; sha256: string }>(
          `SELECT name, size, sha256 FROM documents WHERE ${dialect.oneOf("id", "$1")} ORDER BY created_at, id`,
          [documentIds],
        );
        await appendEvents(tx, [
          {
            referenceCode,
            kind: "documentsAdded",
            actor: "claimant",
            at: now,
            detail: {
              documents: addedDocuments.map((document) => ({ ...document, size: Number(document.size) })),
            },
          },
        ]);
        if (email) await queueEmailIn(tx, email);
        return "added" as const;
      });
    },
    async claimAdditions(referenceCode, since = 0) {
      const rows = await q.all<DocumentRow>(
        `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE reference_code = $1 AND added_at >= $2 ORDER BY added_at, created_at, id`,
        [referenceCode, since],
      );
      return rows.map((row) => documentFromRow(row)!);
    },
    async getSignInFailures(claimId) {
      return readSignInFailures(q, claimId);
    },
    async updateSignInFailures(claimId, change) {
      return transaction(async (tx) => {
        // Attempts on one Claim ID, from any instance, queue on this lock: each sees the one before.
        await tx.lock(`sign-in ${claimId}`);
        const next = change(await readSignInFailures(tx, claimId));
        if (next)
          await tx.run(
            `INSERT INTO sign_in_failures (claim_id, ${SIGN_IN_FAILURES_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (claim_id) DO UPDATE SET failures = excluded.failures, window_started_at = excluded.window_started_at,
               lockouts = excluded.lockouts, locked_until = excluded.locked_until, forget_at = excluded.forget_at`,
            [claimId, next.failures, next.windowStartedAt, next.lockouts, next.lockedUntil, next.forgetAt],
          );
        else await tx.run("DELETE FROM sign_in_failures WHERE claim_id = $1", [claimId]);
        return next;
      });
    },
    async clearSignInFailures(claimId) {
      return (await q.run("DELETE FROM sign_in_failures WHERE claim_id = $1", [claimId])) > 0;
    },
    async useChallenge(nonce, expiresAt) {
      return (
        (await q.run("INSERT INTO used_challenges (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING", [
          nonce,
          expiresAt,
        ])) === 1
      );
    },
    async countAddressFailure(client, now, windowMs) {
      // One statement: failures at once, on any instance, each add one (a window that has ended starts again).
      const row = await q.get<{ failures: number | string }>(
        `INSERT INTO address_failures (client, failures, window_ends_at) VALUES ($1, 1, $2)
         ON CONFLICT (client) DO UPDATE SET
           failures = CASE WHEN address_failures.window_ends_at <= $3 THEN 1 ELSE address_failures.failures + 1 END,
           window_ends_at = CASE WHEN address_failures.window_ends_at <= $3 THEN excluded.window_ends_at ELSE address_failures.window_ends_at END
         RETURNING failures`,
        [client, now + windowMs, now],
      );
      return Number(row!.failures);
    },
    async purgeExpired(idleSince, now) {
      const { sessions, removed } = await transaction(async (tx) => {
        await tx.run("DELETE FROM sign_in_failures WHERE forget_at < $1", [now]);
        await tx.run("DELETE FROM used_challenges WHERE expires_at < $1", [now]);
        await tx.run("DELETE FROM address_failures WHERE window_ends_at <= $1", [now]);
        const sessions = await tx.run("DELETE FROM sessions WHERE last_seen_at < $1", [idleSince]);
        // Drafts and uploads of unverified sign-ins whose session is gone (ended, expired or renamed away).
        await tx.run(ABANDONED_DRAFTS);
        return { sessions, removed: await deleteUnclaimedDocuments(tx, SESSION_GONE, []) };
      });
      await documents.remove(removed);
      // Uploads a crash cut off, once as old as an idle session.
      return { sessions, documents: removed.length + (await documents.purgeCutOff(idleSince)) };
    },
    async purgeDrafts(formTypes) {
      const { drafts, removed } = await transaction(async (tx) => {
        // A return link resumes a draft: it goes with the drafts (decision 032).
        await tx.run(`DELETE FROM return_links WHERE ${dialect.oneOf("form_type", "$1")}`, [formTypes]);
        return {
          removed: await deleteUnclaimedDocuments(tx, dialect.oneOf("form_type", "$1"), [formTypes]),
          drafts: await tx.run(`DELETE FROM drafts WHERE ${dialect.oneOf("form_type", "$1")}`, [formTypes]),
        };
      });
      await documents.remove(removed);
      return { drafts, documents: removed.length };
    },
    async reencryptAnswers() {
      type Stored = { models: ModelValues; records?: DraftRecords | null };
      /** The keys the answers are under once rewritten: the others are forgotten at the end. */
      const keysInUse = new Set<string>();
      /**
       * Rewrites the stale rows of a table, a page of rows (by `key`, its primary key) per
       * transaction, each page locked while it is rewritten (a claimant's save of the same draft
       * waits, then writes its own answers, encrypted with the current key as well).
       */
      const rewrite = async (
        table: string,
        key: string[],
        columns: string,
        read: (row: Record<string, unknown>) => { formType: FormType; stored: Stored },
        write: (stored: Stored) => Record<string, string | null>,
      ) => {
        let count = 0;
        let after: unknown[] | undefined;
        const keyList = key.join(", ");
        for (let more = true; more; ) {
          more = await transaction(async (tx) => {
            const rows = await tx.all<Record<string, unknown>>(
              `SELECT ${keyList}, ${columns} FROM ${table} ${after ? `WHERE (${keyList}) > (${key.map((_, index) => `$${index + 1}`).join(", ")})` : ""}
               ORDER BY ${keyList} LIMIT ${REENCRYPT_PAGE}${dialect.forUpdate}`,
              after ?? [],
            );
            for (const row of rows) {
              const { formType, stored } = read(row);
              const resealed = answers.reseal(formType, stored);
              for (const id of answers.keyIds(resealed)) keysInUse.add(id);
              if (resealed === stored) continue;
              const next = write(resealed);
              const sets = Object.keys(next).map((column, index) => `${column} = $${index + 1}`);
              const where = key.map((column, index) => `${column} = $${sets.length + index + 1}`);
              await tx.run(`UPDATE ${table} SET ${sets.join(", ")} WHERE ${where.join(" AND ")}`, [
                ...Object.values(next),
                ...key.map((column) => row[column]),
              ]);
              count++;
            }
            if (rows.length > 0) after = key.map((column) => rows.at(-1)![column]);
            return rows.length === REENCRYPT_PAGE;
          });
        }
        return count;
      };
      const claimAnswers = (row: Record<string, unknown>) => ({
        formType: row.form_type as FormType,
        stored: {
          models: fromJson(row.models as ModelValues | string),
          records: fromJson(row.records as DraftRecords | string | null),
        },
      });
      const claimColumns = (stored: Stored) => ({
        models: JSON.stringify(stored.models),
        records: stored.records ? JSON.stringify(stored.records) : null,
      });
      const count = {
        drafts: await rewrite(
          "drafts",
          ["owner", "form_type"],
          "data",
          (row) => ({ formType: row.form_type as FormType, stored: fromJson(row.data as Stored | string) }),
          (stored) => ({ data: JSON.stringify(stored) }),
        ),
        claims: await rewrite("claims", ["reference_code"], "form_type, models, records", claimAnswers, claimColumns),
        versions: await rewrite(
          "claim_versions",
          ["reference_code", "version"],
          "(SELECT form_type FROM claims WHERE claims.reference_code = claim_versions.reference_code) AS form_type, models, records",
          claimAnswers,
          claimColumns,
        ),
        contacts: await rewrite(
          "claim_contacts",
          ["reference_code", "version"],
          "(SELECT form_type FROM claims WHERE claims.reference_code = claim_contacts.reference_code) AS form_type, models",
          (row) => ({
            formType: row.form_type as FormType,
            stored: { models: fromJson(row.models as ModelValues | string) },
          }),
          (stored) => ({ models: JSON.stringify(stored.models) }),
        ),
      };
      // The answers are all under the keys seen (the current one): the others are forgotten. The
      // current key stays, whatever was seen: answers stored meanwhile may be under it.
      await transaction(async (tx) => {
        for (const id of keysInUse) await tx.run(RECORD_KEY, [id, Date.now()]);
        await tx.run(`DELETE FROM field_keys_used WHERE NOT (${dialect.oneOf("id", "$1")})`, [
          [...keysInUse, answers.keyId],
        ]);
      });
      recordedKeys.clear();
      await db.flushRewrites();
      return count;
    },
    async fieldKeyIds() {
      const ids = (await q.all<{ id: string }>("SELECT id FROM field_keys_used ORDER BY id")).map((row) => row.id);
      for (const id of ids) recordedKeys.add(id);
      return ids;
    },
    async grantClaimAccess(sessionId, grant, now) {
      // One statement, as authorize: grants at the same moment each keep theirs.
      await q.run(
        `INSERT INTO sessions (id, created_at, last_seen_at, claim_access) VALUES ($1, $2, $2, ${dialect.jsonObject("$3", "$4")})
         ON CONFLICT (id) DO UPDATE SET last_seen_at = excluded.last_seen_at,
           claim_access = ${dialect.withJsonKey("sessions.claim_access", "$3", "$4")}`,
        [sessionId, now, claimAccessKey(grant), JSON.stringify(grant)],
      );
    },
    async claimAccessGrants(sessionId) {
      const row = await q.get<{ claim_access: Record<string, ClaimAccessGrant> | string }>(
        "SELECT claim_access FROM sessions WHERE id = $1",
        [sessionId],
      );
      return row ? Object.values(fromJson(row.claim_access)) : [];
    },
    async ownerClaims(owner) {
      const rows = await q.all<StoredClaimRow>(
        `SELECT ${CLAIM_COLUMNS} FROM claims WHERE owner = $1 ORDER BY submitted_at, reference_code`,
        [owner],
      );
      return rows.map((row) => claimOf(row)!);
    },
    async claimsFiledAt(referenceCodes) {
      const rows = await q.all<{ reference_code: string; submitted_at: number | string }>(
        `SELECT reference_code, submitted_at FROM claims WHERE ${dialect.oneOf("reference_code", "$1")}`,
        [referenceCodes],
      );
      return new Map(rows.map((row) => [row.reference_code, Number(row.submitted_at)]));
    },
    async importClaimStatuses(batches, now, email) {
      return transaction(async (tx) => {
        let added = 0;
        let alreadyImported = 0;
        let emailed = 0;
        for await (const batch of batches)
          for (let start = 0; start < batch.length; start += STATUSES_PER_STATEMENT) {
            const rows = batch.slice(start, start + STATUSES_PER_STATEMENT);
            const values = rows.map(
              (_, row) => `(${Array.from({ length: 9 }, (_, column) => `$${row * 9 + column + 1}`).join(", ")})`,
            );
            // A status imported before (this file again, or a row twice) conflicts on its fingerprint, and is left.
            const inserted = await tx.all<{ reference_code: string; fingerprint: string }>(
              `INSERT INTO claim_statuses (reference_code, status, status_date, reason_code, reason_text, due_date, payment_method, fingerprint, imported_at)
               VALUES ${values.join(", ")} ON CONFLICT (reference_code, fingerprint) DO NOTHING
               RETURNING reference_code, fingerprint`,
              rows.flatMap((status) => [
                status.referenceCode,
                status.status,
                status.date,
                status.reasonCode,
                status.reasonText,
                status.dueDate,
                status.paymentMethod,
                claimStatusFingerprint(status),
                now,
              ]),
            );
            added += inserted.length;
            for (const code of new Set(inserted.map((row) => row.reference_code)))
              await tx.run(CLAIM_CHANGED, [code, now]);
            // An event per status added: a row twice in the file was added once, and is one event.
            const fresh = new Set(inserted.map((row) => `${row.reference_code} ${row.fingerprint}`));
            await appendEvents(
              tx,
              rows
                .filter((status) => fresh.delete(`${status.referenceCode} ${claimStatusFingerprint(status)}`))
                .map(({ referenceCode, ...status }) => ({
                  referenceCode,
                  kind: "statusImported" as const,
                  actor: "operator" as const,
                  at: now,
                  detail: status,
                })),
            );
            alreadyImported += rows.length - inserted.length;
            // The claimants of statuses added now (never of one imported again) are told, in this
            // transaction: their messages are queued once the statuses are in, and only then.
            if (email) emailed += await queueStatusEmails(tx, rows, inserted, email);
          }
        return { added, alreadyImported, emailed };
      });
    },
    async claimStatuses(referenceCodes) {
      const codes = typeof referenceCodes === "string" ? [referenceCodes] : referenceCodes;
      const rows = await q.all<ClaimStatusRow>(
        `SELECT reference_code, status, status_date, reason_code, reason_text, due_date, payment_method, imported_at
         FROM claim_statuses WHERE ${dialect.oneOf("reference_code", "$1")} ORDER BY reference_code, status_date, id`,
        [codes],
      );
      return rows.map((row) => ({
        referenceCode: row.reference_code,
        status: row.status,
        date: row.status_date,
        reasonCode: row.reason_code,
        reasonText: row.reason_text,
        dueDate: row.due_date,
        paymentMethod: row.payment_method,
        importedAt: Number(row.imported_at),
      }));
    },
    ...memberLists(q, transaction),
    ...claimTrail(q, dialect),
    async addMembers(listId, members) {
      if (!ready) await migrating();
      await db.addMembers(listId, members);
    },
    // The e-mail outbox (decision 031).
    async queueEmail(email) {
      return queueEmailIn(q, email);
    },
    async takeDueEmail(now, leaseUntil) {
      const lease = randomBytes(12).toString("base64url");
      return emailFromRow(await q.get<EmailRow>(takeDueEmail(dialect), [lease, leaseUntil, now]));
    },
    async markEmailSent({ key, lease }, now) {
      return (
        (await q.run(
          "UPDATE email_outbox SET outcome = 'sent', done_at = $1, lease = NULL, last_error = NULL WHERE key = $2 AND lease = $3",
          [now, key, lease],
        )) === 1
      );
    },
    async retryEmail({ key, lease }, dueAt, error) {
      await q.run(
        "UPDATE email_outbox SET next_attempt_at = $1, lease = NULL, last_error = $2 WHERE key = $3 AND lease = $4",
        [dueAt, error, key, lease],
      );
    },
    async giveUpEmail({ key, lease }, now, error) {
      await q.run(
        "UPDATE email_outbox SET outcome = 'failed', done_at = $1, lease = NULL, last_error = $2 WHERE key = $3 AND lease = $4",
        [now, error, key, lease],
      );
    },
    async purgeSentEmails(doneBefore) {
      return q.run("DELETE FROM email_outbox WHERE done_at IS NOT NULL AND done_at < $1", [doneBefore]);
    },
    async emailBacklog() {
      const row = await q.get<{ waiting: number | string; oldest: number | string | null }>(
        "SELECT count(*) AS waiting, min(queued_at) AS oldest FROM email_outbox WHERE done_at IS NULL",
      );
      return { waiting: Number(row?.waiting ?? 0), oldestQueuedAt: row?.oldest == null ? null : Number(row.oldest) };
    },
    async giveReturnLink(sessionId, formType, link, now) {
      return transaction(async (tx) => {
        const sessionOwner = `session:${sessionId}`;
        // The lock of the session's draft (updateDraft's): a save of it waits, then finds it moved.
        await tx.lock(`${sessionOwner} ${formType}`);
        const session = sessionOf(await tx.get<SessionRow>(`${GET_SESSION}${dialect.forUpdate}`, [sessionId]));
        const signIn = session?.authorizations[formType];
        if (!signIn) throw new Error(`giveReturnLink: session not signed in to ${formType}`);
        const owner: ReturnLinkOwner = `link:${signIn.returnLink ?? randomBytes(16).toString("base64url")}`;
        await tx.lock(`${owner} ${formType}`);
        if (!signIn.returnLink) {
          await tx.run(
            `UPDATE sessions SET authorizations = ${dialect.withJsonKey("sessions.authorizations", "$2", "$3")} WHERE id = $1`,
            [sessionId, formType, JSON.stringify({ ...signIn, returnLink: owner.slice("link:".length) })],
          );
        }
        // The session's draft is the newest (a save that raced the move writes one again): it is the link's.
        if (await tx.get(GET_DRAFT, [sessionOwner, formType])) {
          await tx.run("DELETE FROM drafts WHERE owner = $1 AND form_type = $2", [owner, formType]);
          await tx.run("UPDATE drafts SET owner = $1 WHERE owner = $2 AND form_type = $3", [
            owner,
            sessionOwner,
            formType,
          ]);
        }
        await tx.run("UPDATE documents SET owner = $1 WHERE owner = $2 AND form_type = $3 AND reference_code IS NULL", [
          owner,
          sessionOwner,
          formType,
        ]);
        const current = await tx.get<{ address_key: string }>(
          "SELECT address_key FROM return_links WHERE owner = $1 AND form_type = $2",
          [owner, formType],
        );
        if (current?.address_key === link.addressKey) return { owner, issued: false };
        // A new address: the link sent to the old one stops working.
        await tx.run("DELETE FROM return_links WHERE owner = $1 AND form_type = $2", [owner, formType]);
        await tx.run(
          "INSERT INTO return_links (token_hash, owner, form_type, address_key, created_at) VALUES ($1, $2, $3, $4, $5)",
          [link.tokenHash, owner, formType, link.addressKey, now],
        );
        await queueEmailIn(tx, link.email);
        return { owner, issued: true };
      });
    },
    async findReturnLink(tokenHash) {
      const row = await q.get<{ owner: ReturnLinkOwner; form_type: FormType; created_at: number | string }>(
        "SELECT owner, form_type, created_at FROM return_links WHERE token_hash = $1",
        [tokenHash],
      );
      return row && { owner: row.owner, formType: row.form_type, createdAt: Number(row.created_at) };
    },
    ...(db.connections ? { connections: () => db.connections!() } : {}),
    async ping() {
      await q.get("SELECT 1");
    },
    async close() {
      await migrated?.catch(() => undefined);
      await db.close();
    },
  } satisfies Store;
}
