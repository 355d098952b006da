import { z } from "zod";
import type { Translate } from "#app/i18n/i18n.ts";
import type { FormDefinition } from "./form-definition.ts";
import type { StepName } from "./page-schema.ts";
import type { RuleFailure } from "./rules.ts";
import { type StepContext, validateStep } from "./validate-step.ts";

export function failureText(text: Translate, failure: RuleFailure): string {
  return failure.params ? text(failure.key, failure.params) : text(failure.key);
}

/**
 * A step's schema for Conform, the same on both sides (DESIGN: the client never accepts what the
 * server rejects): it runs the shared validator and reports each field's failures at its path.
 */
export function stepSchema(definition: Pick<FormDefinition, "models" | "pages">, step: StepName, context: StepContext, text: Translate) {
  return z.unknown().transform((raw, ctx) => {
    const submitted = typeof raw === "object" && raw !== null ? (raw as Record<string, Record<string, unknown>>) : {};
    const result = validateStep(definition, step, submitted, context);
    for (const [path, failures] of Object.entries(result.errors)) {
      for (const failure of failures) ctx.issues.push({ code: "custom", path: path.split("."), message: failureText(text, failure), input: raw });
    }
    return result.values;
  });
}
