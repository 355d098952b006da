import { blockFields, isFieldBlock } from "./blocks/index.ts";
import type { FormType } from "#app/deadlines/deadline-guard.ts";
import type { FieldConfig, ModelConfig } from "./definition-schema.ts";
import type { PageBlock, PageDefinition, StepName } from "./page-schema.ts";

/** One form type's definition: its models (SPEC's server model config) and its pages. */
export interface FormDefinition {
  formType: FormType;
  models: ModelConfig[];
  pages: Partial<Record<StepName, PageDefinition>>;
}

/** SPEC §3: client models are named by their dtoMapping, camel-cased. */
export function modelKey(model: ModelConfig): string {
  const name = model.metadata.dtoMapping;
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** Every "model.field" a list of blocks shows, in page order. */
export function fieldsOfBlocks(blocks: PageBlock[]): string[] {
  return blocks.flatMap((block): string[] =>
    isFieldBlock(block) ? blockFields(block) : block.kind === "fieldset" ? fieldsOfBlocks(block.blocks) : [],
  );
}

export interface ResolvedField {
  model: ModelConfig;
  modelKey: string;
  field: FieldConfig;
  /** "model.field" */
  path: string;
}

export function resolveField(definition: Pick<FormDefinition, "models">, reference: string): ResolvedField | undefined {
  const [model, field] = reference.split(".") as [string, string | undefined];
  const config = definition.models.find((candidate) => modelKey(candidate) === model);
  const fieldConfig = field ? config?.fields[field] : undefined;
  return config && fieldConfig ? { model: config, modelKey: model, field: fieldConfig, path: reference } : undefined;
}

/** "other" in a rule or dependency of a field of `model`: a key of the same model, or "model.field". */
export function qualify(reference: string, model: string): string {
  return reference.includes(".") ? reference : `${model}.${reference}`;
}
