import { randomBytes } from "node:crypto";
import type { FormType } from "#app/deadlines/deadline-guard.ts";
import type { StepName } from "#app/forms/page-schema.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import type { ModelValues } from "#app/forms/validate-step.ts";

/**
 * One record of a multi-record model (SPEC §4 "Records"): a claim transaction, or a document
 * context. A draft record is being filled in; a saved one is part of the claim.
 */
export interface RecordEntry {
  /** SPEC §3: a prefix plus 8 random characters, unique within the draft. */
  clientId: string;
  status: "draft" | "saved";
  fields: Record<string, FieldValue>;
  /** A saved record being edited keeps its saved values here, restored if the edit is cancelled. */
  savedFields?: Record<string, FieldValue>;
  /** A document context's uploaded file. */
  documentId?: string;
}

/** Records by model key: { claimTransactions: [...], documentContexts: [...] }. */
export type DraftRecords = Record<string, RecordEntry[]>;

/** An uploaded file as stored: its content lives in the document store under `id`. */
export interface StoredDocument {
  id: string;
  /** The sanitised name the claimant's file had (display only: never a path). */
  name: string;
  mediaType: string;
  size: number;
  /** SHA-256 of the content, hex. */
  sha256: string;
  sessionId: string;
  formType: FormType;
  /** Set once the document belongs to a filed claim. */
  referenceCode: string | null;
  createdAt: number;
}

export interface NewDocument {
  name: string;
  mediaType: string;
  sessionId: string;
  formType: FormType;
}

/** A claimant's unfinished claim of one form type: answers so far and the steps completed. */
export interface Draft {
  /** Stable for the life of the draft: submitting it twice finds the same claim. */
  draftId: string;
  models: ModelValues;
  /** Multi-record models (claim transactions, document contexts); absent in drafts older than records. */
  records?: DraftRecords;
  completedSteps: StepName[];
  /** "model.field" paths the claimant has answered, so prepopulated data never overwrites them. */
  edited: string[];
  /** What the class-member list holds for this claimant, once authorized. */
  prepopulated?: Record<string, string>;
  updatedAt: number;
}

/** The server side of a session: when it was last used, and the form types it is authorized for. */
export interface SessionRecord {
  id: string;
  createdAt: number;
  lastSeenAt: number;
  authorizations: Partial<Record<FormType, { at: number; claimId?: string }>>;
}

export interface Claim {
  referenceCode: string;
  formType: FormType;
  draftId: string;
  models: ModelValues;
  /** The saved records only. */
  records: DraftRecords;
  culture: string;
  submittedAt: number;
}

/** A claims-table row as either database returns it (models parsed; BIGINTs may come as text). */
export interface ClaimRow {
  reference_code: string;
  form_type: FormType;
  draft_id: string;
  models: ModelValues;
  records: DraftRecords | null;
  culture: string;
  submitted_at: number | string;
}

export function claimFromRow(row: ClaimRow | undefined): Claim | undefined {
  return (
    row && {
      referenceCode: row.reference_code,
      formType: row.form_type,
      draftId: row.draft_id,
      models: row.models,
      records: row.records ?? {},
      culture: row.culture,
      submittedAt: Number(row.submitted_at),
    }
  );
}

export interface SubmittedClaim {
  referenceCode: string;
  /** False when the draft had already been submitted: the earlier claim's code is returned. */
  created: boolean;
}

/** Where a page of claims ends: the last claim's filing time and code. */
export interface ClaimCursor {
  submittedAt: number;
  referenceCode: string;
}

/** Every claim, in filing order, read a page at a time so memory stays flat however many there are. */
export async function* allClaims(store: Pick<Store, "claimsPage">, pageSize = 500): AsyncGenerator<Claim> {
  let after: ClaimCursor | undefined;
  for (;;) {
    const page = await store.claimsPage(after, pageSize);
    yield* page;
    if (page.length < pageSize) return;
    const last = page.at(-1)!;
    after = { submittedAt: last.submittedAt, referenceCode: last.referenceCode };
  }
}

/** A draft becoming a claim: its answers, saved records and the documents they name. */
export interface NewClaim {
  draftId: string;
  models: ModelValues;
  records: DraftRecords;
  culture: string;
  /** Moved from the draft to the claim in the same transaction; the draft's other uploads are removed. */
  documentIds: string[];
}

/** Everything the portal keeps: one interface, a SQLite and a PostgreSQL implementation. */
export interface Store {
  getSession(sessionId: string): Promise<SessionRecord | undefined>;
  /** Records activity; creates the session record on first use. */
  touchSession(sessionId: string, now: number): Promise<SessionRecord>;
  authorize(sessionId: string, formType: FormType, grant: { claimId?: string; prepopulated?: Record<string, string> }, now: number): Promise<void>;
  /**
   * Gives a session a new id, with its authorizations, drafts and uploads (on signing in, so an id
   * known before can no longer be used: session fixation).
   */
  renameSession(sessionId: string, newSessionId: string): Promise<void>;
  /** Ends a session's authorizations and drafts (time-out or log-out); the next request starts afresh. */
  endSession(sessionId: string): Promise<void>;

  getDraft(sessionId: string, formType: FormType): Promise<Draft | undefined>;
  saveDraft(sessionId: string, formType: FormType, draft: Omit<Draft, "updatedAt">, now: number): Promise<void>;

  /**
   * Files the draft as a claim in one transaction, with a new unique reference code; a draft
   * already filed returns its claim's code instead of filing it again.
   */
  submitClaim(sessionId: string, formType: FormType, claim: NewClaim, newReferenceCode: () => string, now: number): Promise<SubmittedClaim>;
  getClaim(referenceCode: string): Promise<Claim | undefined>;
  getClaimByDraft(draftId: string): Promise<Claim | undefined>;
  /** Claims in filing order, a page at a time: those after `after` (for exports and reports). */
  claimsPage(after: ClaimCursor | undefined, limit: number): Promise<Claim[]>;

  /**
   * Streams a document's content into storage under a new random id and records it, unclaimed,
   * for the session's draft. If the content fails part-way (a limit, a dropped connection)
   * nothing of it remains.
   */
  putDocument(document: NewDocument, content: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, now: number): Promise<StoredDocument>;
  getDocument(id: string): Promise<StoredDocument | undefined>;
  /** The content, in chunks, so a large document is never whole in memory. */
  readDocument(id: string): AsyncIterable<Uint8Array>;
  /** Removes a document not yet part of a claim (a claimant deleting an upload). */
  deleteDocument(id: string): Promise<void>;
  claimDocuments(referenceCode: string): Promise<StoredDocument[]>;
  /**
   * Ends sessions idle since before `idleSince`, with their drafts and the documents uploaded to
   * them that never became part of a claim (SPEC: an abandoned draft's documents go with it).
   */
  purgeExpired(idleSince: number): Promise<{ sessions: number; documents: number }>;

  /** Store health for /healthz: throws when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function emptyDraft(draftId: string): Omit<Draft, "updatedAt"> {
  return { draftId, models: {}, records: {}, completedSteps: [], edited: [] };
}

/** Document ids are random and url-safe: also safe as file names, which claimants' names never are. */
export function newDocumentId(): string {
  return randomBytes(18).toString("base64url");
}

/** One row of the documents table, as either database returns it. */
export interface DocumentRow {
  id: string;
  name: string;
  media_type: string;
  size: number | string;
  sha256: string;
  session_id: string;
  form_type: FormType;
  reference_code: string | null;
  created_at: number | string;
}

export const DOCUMENT_COLUMNS = "id, name, media_type, size, sha256, session_id, form_type, reference_code, created_at";

export function documentFromRow(row: DocumentRow | undefined): StoredDocument | undefined {
  return (
    row && {
      id: row.id,
      name: row.name,
      mediaType: row.media_type,
      size: Number(row.size),
      sha256: row.sha256,
      sessionId: row.session_id,
      formType: row.form_type,
      referenceCode: row.reference_code,
      createdAt: Number(row.created_at),
    }
  );
}
