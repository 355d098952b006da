import type { Translate } from "#app/i18n/i18n.ts";
import type { FieldConfig, ModelConfig } from "./definition-schema.ts";
import type { FieldValue } from "./field-value.ts";
import { type FormDefinition, modelKey } from "./form-definition.ts";
import type { ModelValues } from "./field-answers.ts";

/**
 * Sensitive fields (a field definition's `sensitive: true`: the bank account and routing numbers
 * in the demo): their answers are encrypted at rest (app/storage/sensitive-answers.server.ts),
 * read back masked, and sent to no page but the one where the claimant types them (decision 015).
 */
export function isSensitive(field: Pick<FieldConfig, "sensitive"> | undefined): boolean {
  return field?.sensitive === true;
}

/** By the models' identity: a definition's never change once loaded, and every step page asks. */
const sensitiveByModels = new WeakMap<readonly ModelConfig[], readonly string[]>();

/** Every sensitive field of a form type as "model.field", record models' fields included. */
export function sensitivePaths(definition: Pick<FormDefinition, "models">): string[] {
  let paths = sensitiveByModels.get(definition.models);
  if (!paths) {
    paths = Object.freeze(
      definition.models.flatMap((model) =>
        Object.entries(model.fields)
          .filter(([, field]) => isSensitive(field))
          .map(([key]) => `${modelKey(model)}.${key}`),
      ),
    );
    sensitiveByModels.set(definition.models, paths);
  }
  return paths as string[];
}

/** How many of an answer's last characters a read-back shows: 4, but never more than half of it. */
export const SHOWN_CHARACTERS = 4;

/**
 * A sensitive answer as the claimant reads it back: "Ending in 6789" (Value_EndingIn), enough to
 * recognise it by, too little to use. An answer shorter than 8 characters shows half of it.
 */
export function maskedAnswer(value: FieldValue, text: Translate): string {
  const answer = String(value).trim();
  const shown = Math.min(SHOWN_CHARACTERS, Math.floor(answer.length / 2));
  return shown > 0 ? text("Value_EndingIn", answer.slice(-shown)) : text("Value_Hidden");
}

/**
 * The answers a page may carry for its scripts (conditions that look across steps): without the
 * sensitive ones, except those the page itself asks for (`shown`, "model.field").
 */
export function withoutSensitiveAnswers(
  models: ModelValues,
  definition: Pick<FormDefinition, "models">,
  shown: string[],
): ModelValues {
  const hidden = sensitivePaths(definition).filter((path) => !shown.includes(path));
  if (hidden.length === 0) return models;
  const copy: ModelValues = { ...models };
  for (const path of hidden) {
    const [model, key] = path.split(".") as [string, string];
    if (copy[model] && key in copy[model]) {
      const { [key]: _hidden, ...rest } = copy[model];
      copy[model] = rest;
    }
  }
  return copy;
}
