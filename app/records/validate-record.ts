import { isUploadField } from "#app/forms/fields/index.ts";
import type { ModelConfig } from "#app/forms/definition-schema.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import type { PageBlock, RecordsBlock } from "#app/forms/page-schema.ts";
import type { RuleFailure } from "#app/forms/rules.ts";
import { type StepContext, validateStep } from "#app/forms/validate-step.ts";
import { draftFields, FILE_MODEL_FIELDS } from "./records.ts";

/** The fields of a record the claimant answers: not the file, nor what is read off it. */
export function answeredFields(block: RecordsBlock, model: ModelConfig): string[] {
  const fromFile = Object.values(FILE_MODEL_FIELDS) as string[];
  return draftFields(block, model).filter(
    (key) => model.fields[key] && !isUploadField(model.fields[key]) && !fromFile.includes(key),
  );
}

/**
 * A draft record checked with the model's rules, exactly as a step's fields are (the same
 * validator, in the browser and on the server). Values come keyed "model.field" as the record's
 * form posts them; the answers of the claim's steps are there for conditions across models.
 */
export function validateRecord(
  block: RecordsBlock,
  model: ModelConfig,
  posted: (name: string) => unknown,
  context: StepContext,
): { values: Record<string, FieldValue>; errors: Record<string, RuleFailure[]> } {
  const fields = answeredFields(block, model);
  const blocks: PageBlock[] = fields.map((key) => ({ kind: "field", field: `${block.model}.${key}` }));
  const submitted = {
    [block.model]: Object.fromEntries(fields.map((key) => [key, posted(`${block.model}.${key}`) ?? undefined])),
  };
  const result = validateStep(
    { models: [model], pages: { "supporting-documents": { title: "", skipped: false, enableTimeout: true, blocks } } },
    "supporting-documents",
    submitted,
    context,
  );
  return { values: result.values[block.model] ?? {}, errors: result.errors };
}
