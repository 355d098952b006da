import { dependenciesFulfilled } from "./dependencies.ts";
import { type FormDefinition, modelKey, qualify } from "./form-definition.ts";
import type { ModelValues } from "./field-answers.ts";

/**
 * The answers a claim is filed with: those of fields whose dependencies hold, as the summary the
 * claimant signs shows them. An answer kept for a field that no longer applies
 * (resetOnUnfulfilled: false, for when it applies again) stays in the draft only: it was neither
 * shown on the summary nor checked by the field's rules.
 */
export function answersThatApply(definition: Pick<FormDefinition, "models">, models: ModelValues): ModelValues {
  const filed = structuredClone(models);
  for (const model of definition.models) {
    const owner = modelKey(model);
    const valueAt = (reference: string) => {
      const [name, key] = qualify(reference, owner).split(".") as [string, string];
      return models[name]?.[key] ?? null;
    };
    for (const [key, field] of Object.entries(model.fields)) {
      if (filed[owner] && Object.hasOwn(filed[owner], key) && !dependenciesFulfilled(field.dependencies, valueAt))
        filed[owner][key] = null;
    }
  }
  return filed;
}
