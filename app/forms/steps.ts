import type { FormDefinition } from "./form-definition.ts";
import { STEP_NAMES, type StepName } from "./page-schema.ts";

/**
 * SPEC §4 page order: index, claimant-info, claim-details, payment-election, supporting-documents,
 * claim-summary, confirmation; pages flagged skipped are bypassed. Lookup has its index only.
 */
export function flowSteps(definition: Pick<FormDefinition, "pages">): StepName[] {
  return STEP_NAMES.filter((step) => definition.pages[step] && !definition.pages[step].skipped);
}

/** The next page in SPEC order that is not skipped (also from a skipped page); none after the last. */
export function nextStep(definition: Pick<FormDefinition, "pages">, step: StepName): StepName | undefined {
  const steps = flowSteps(definition);
  return steps.find((candidate) => STEP_NAMES.indexOf(candidate) > STEP_NAMES.indexOf(step));
}

/** The previous page that is not skipped; none before the first. */
export function backStep(definition: Pick<FormDefinition, "pages">, step: StepName): StepName | undefined {
  const steps = flowSteps(definition);
  return steps.findLast((candidate) => STEP_NAMES.indexOf(candidate) < STEP_NAMES.indexOf(step));
}

/** The steps whose answers a claimant fills in (not the index, summary or confirmation). */
export function answerSteps(definition: Pick<FormDefinition, "pages">): StepName[] {
  return flowSteps(definition).filter(
    (step) => step !== "index" && step !== "claim-summary" && step !== "confirmation",
  );
}

/** The first answer step before `step` that is not completed, where a claimant who skipped ahead belongs. */
export function firstIncompleteBefore(
  definition: Pick<FormDefinition, "pages">,
  step: StepName,
  completed: StepName[],
): StepName | undefined {
  const steps = answerSteps(definition);
  const at = flowSteps(definition).indexOf(step);
  return steps.find((candidate) => flowSteps(definition).indexOf(candidate) < at && !completed.includes(candidate));
}

export function stepPath(formType: string, step: StepName): string {
  return step === "index" ? `/${formType}` : `/${formType}/${step}`;
}
