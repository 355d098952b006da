import type { FormType } from "#app/deadlines/deadline-guard.ts";
import type { StepName } from "#app/forms/page-schema.ts";
import type { ModelValues } from "#app/forms/validate-step.ts";

/** A claimant's unfinished claim of one form type: answers so far and the steps completed. */
export interface Draft {
  models: ModelValues;
  completedSteps: StepName[];
  /** "model.field" paths the claimant has answered, so prepopulated data never overwrites them. */
  edited: string[];
  /** What the class-member list holds for this claimant, once authorized (issue 4). */
  prepopulated?: Record<string, string>;
  updatedAt: number;
}

/** Everything the portal keeps: one interface, a SQLite and (issue 4) a PostgreSQL implementation. */
export interface Store {
  getDraft(sessionId: string, formType: FormType): Promise<Draft | undefined>;
  saveDraft(sessionId: string, formType: FormType, draft: Omit<Draft, "updatedAt">, now: number): Promise<void>;
  close(): Promise<void>;
}

export function emptyDraft(): Omit<Draft, "updatedAt"> {
  return { models: {}, completedSteps: [], edited: [] };
}
