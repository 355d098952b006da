import type { ReceivedFile } from "#app/documents/upload.server.ts";
import { fieldsOfBlocks } from "#app/forms/form-definition.ts";
import type { PageDefinition, StepName } from "#app/forms/page-schema.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import { discardUploads, recordsProblems } from "#app/records/record-actions.server.ts";
import { getStore } from "#app/storage/store.server.ts";
import type { Draft } from "#app/storage/store.ts";
import type { Flow } from "./claim-flow.ts";
import { type ClaimantSession, isReadOnly } from "./claimant-session.server.ts";
import { emailFiledBySomeoneElse } from "./open-claims.server.ts";
import { giveReturnLink } from "./return-link.server.ts";

/**
 * Whether the claimant's answers may still change: not once their claim is filed, unless the
 * settlement lets members amend. Where not, nothing the request brought is kept (its documents go).
 */
export async function mayChangeAnswers(
  { filed }: Pick<ClaimantSession, "filed">,
  uploads: ReceivedFile[],
): Promise<boolean> {
  if (!isReadOnly(filed)) return true;
  await discardUploads(getStore(), uploads);
  return false;
}

export type SaveStepOutcome =
  | { ok: true; draft: Draft }
  /** The step's answers broke its rules (`answers` undefined), or its records' rules do not hold. */
  | { ok: false; reason: "invalid"; recordProblems: Record<string, string> }
  /** A flow without notices: someone else filed a claim with the e-mail address given in `field` (open-claims.server.ts). */
  | { ok: false; reason: "emailTaken"; field: string };

/**
 * Saving a step's answers (SPEC §4; its records and documents are saved as they are posted:
 * app/records): `answers`, checked by the step's rules as the browser checked them, or undefined
 * where they failed; the records the page asks for must be there too. Applied to the draft as
 * stored now (another session of the member may have saved meanwhile): the step is completed and
 * its fields are marked as the claimant's.
 */
export async function saveStep({
  flow,
  step,
  page,
  claimant,
  answers,
}: {
  flow: Flow;
  step: StepName;
  page: PageDefinition;
  claimant: Pick<ClaimantSession, "owner" | "draft" | "sessionId" | "signIn">;
  answers: ModelValues | undefined;
}): Promise<SaveStepOutcome> {
  const { owner, draft } = claimant;
  const recordProblems = recordsProblems(page, draft, flow.text, { onPage: true });
  if (!answers || Object.keys(recordProblems).length > 0) return { ok: false, reason: "invalid", recordProblems };
  const taken = await emailFiledBySomeoneElse(flow.formType, answers, owner);
  if (taken) return { ok: false, reason: "emailTaken", field: taken.field };
  const asked = fieldsOfBlocks(page.blocks);
  const saved = await getStore().updateDraft(
    owner,
    flow.formType,
    (current) => withStepAnswers(current ?? draft, step, answers, asked),
    flow.now,
  );
  // An open claimant who gave their e-mail address is sent a link back to this draft (decision 032).
  await giveReturnLink(flow, claimant, saved, asked);
  return { ok: true, draft: saved };
}

/** A draft with a step's answers in it, the step completed and its fields marked as the claimant's. */
function withStepAnswers(
  draft: Omit<Draft, "updatedAt">,
  step: StepName,
  answers: ModelValues,
  paths: string[],
): Omit<Draft, "updatedAt"> {
  const models = structuredClone(draft.models);
  for (const [model, fields] of Object.entries(answers)) models[model] = { ...models[model], ...fields };
  return {
    ...draft,
    models,
    completedSteps: [...new Set([...draft.completedSteps, step])],
    edited: [...new Set([...draft.edited, ...paths])],
  };
}
