import type { Translate } from "#app/i18n/i18n.ts";
import type { FormDefinition } from "./form-definition.ts";
import type { StepName } from "./page-schema.ts";
import { failureText } from "./rules.ts";
import { parseSubmission, type SubmissionResult } from "./submission.ts";
import type { ModelValues } from "./field-answers.ts";
import { type StepContext, validateStep } from "./validate-step.ts";

/** A submission result carrying only a form-level error (a rate limit, say), as the step form reads it. */
export function formErrorResult(message: string): SubmissionResult {
  return { status: "error", error: { "": [message] } };
}

/**
 * A step's submission, parsed (submission.ts) and checked by the shared validator: the very same code in
 * the browser (as the claimant types) and on the server (when the form is posted), so the browser
 * never accepts what the server rejects. Errors are keyed by field name ("claimantInfo.firstName").
 */
export function parseStep(
  formData: FormData | URLSearchParams,
  definition: Pick<FormDefinition, "models" | "pages">,
  step: StepName,
  context: StepContext,
  text: Translate,
) {
  return parseSubmission<ModelValues>(formData, (payload) => {
    const result = validateStep(definition, step, payload as Record<string, Record<string, unknown>>, context);
    const failed = Object.entries(result.errors);
    if (failed.length > 0) {
      return {
        error: Object.fromEntries(
          failed.map(([path, failures]) => [path, failures.map((failure) => failureText(text, failure))]),
        ),
      };
    }
    return { value: result.values };
  });
}
