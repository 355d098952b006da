import type { FormType } from "#app/deadlines/deadline-guard.ts";
import type { StepName } from "#app/forms/page-schema.ts";
import type { ModelValues } from "#app/forms/validate-step.ts";

/** A claimant's unfinished claim of one form type: answers so far and the steps completed. */
export interface Draft {
  /** Stable for the life of the draft: submitting it twice finds the same claim. */
  draftId: string;
  models: ModelValues;
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
  culture: string;
  submittedAt: number;
}

/** A claims-table row as either database returns it (models parsed; BIGINTs may come as text). */
export interface ClaimRow {
  reference_code: string;
  form_type: FormType;
  draft_id: string;
  models: ModelValues;
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

/** Everything the portal keeps: one interface, a SQLite and a PostgreSQL implementation. */
export interface Store {
  getSession(sessionId: string): Promise<SessionRecord | undefined>;
  /** Records activity; creates the session record on first use. */
  touchSession(sessionId: string, now: number): Promise<SessionRecord>;
  authorize(sessionId: string, formType: FormType, grant: { claimId?: string; prepopulated?: Record<string, string> }, now: number): Promise<void>;
  /** Ends a session's authorizations and drafts (time-out or log-out); the next request starts afresh. */
  endSession(sessionId: string): Promise<void>;

  getDraft(sessionId: string, formType: FormType): Promise<Draft | undefined>;
  saveDraft(sessionId: string, formType: FormType, draft: Omit<Draft, "updatedAt">, now: number): Promise<void>;

  /**
   * Files the draft as a claim in one transaction, with a new unique reference code; a draft
   * already filed returns its claim's code instead of filing it again.
   */
  submitClaim(sessionId: string, formType: FormType, claim: Omit<Claim, "referenceCode" | "submittedAt" | "formType">, newReferenceCode: () => string, now: number): Promise<SubmittedClaim>;
  getClaim(referenceCode: string): Promise<Claim | undefined>;
  getClaimByDraft(draftId: string): Promise<Claim | undefined>;

  /** Store health for /healthz: throws when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function emptyDraft(draftId: string): Omit<Draft, "updatedAt"> {
  return { draftId, models: {}, completedSteps: [], edited: [] };
}
