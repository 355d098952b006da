import { answerSteps } from "#app/forms/steps.ts";
import type { StepName } from "#app/forms/page-schema.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import { type StepResult, validateStep } from "#app/forms/validate-step.ts";
import { checksOf, type Flow } from "./claim-flow.ts";

export type ClaimAnswersOutcome =
  | { ok: true; answers: ModelValues }
  /** Each field's failures by "model.field"; `step`, the first step with one. */
  | { ok: false; reason: "invalid"; step: StepName; errors: StepResult["errors"] };

/**
 * The one check of a claim's answers before it is filed, whichever door it comes by: every answer
 * step's rules and the summary's, in order, each seeing the answers of the steps before it (as a
 * claimant going through the pages would). `notSent`: models of optional parts a client did not
 * send (decision 020), neither checked nor filed.
 */
export function checkClaimAnswers(
  flow: Flow,
  submitted: Record<string, Record<string, unknown> | undefined>,
  notSent: ReadonlySet<string> = new Set(),
): ClaimAnswersOutcome {
  let answers: ModelValues = {};
  const errors: StepResult["errors"] = {};
  let firstInvalid: StepName | undefined;
  for (const step of [...answerSteps(flow.definition), "claim-summary" as const]) {
    const result = validateStep(flow.definition, step, submitted, checksOf(flow, answers));
    for (const [path, failures] of Object.entries(result.errors)) {
      if (notSent.has(path.split(".")[0]!)) continue;
      errors[path] = failures;
      firstInvalid ??= step;
    }
    for (const [model, values] of Object.entries(result.values))
      if (!notSent.has(model)) answers = { ...answers, [model]: { ...answers[model], ...values } };
  }
  return firstInvalid ? { ok: false, reason: "invalid", step: firstInvalid, errors } : { ok: true, answers };
}
