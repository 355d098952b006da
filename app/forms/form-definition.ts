import { blockFields, isFieldBlock } from "./blocks/index.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
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

// A settlement's definitions are loaded once and never change: what is worked out of them for one
// request (a page's fields, a field's definition) is the same for the next, and kept by identity.
const pageFields = new WeakMap<readonly PageBlock[], readonly string[]>();
const resolvedFields = new WeakMap<readonly ModelConfig[], Map<string, ResolvedField>>();

/** Every "model.field" a list of blocks shows, in page order. */
export function fieldsOfBlocks(blocks: readonly PageBlock[]): string[] {
  let fields = pageFields.get(blocks);
  if (!fields) {
    fields = Object.freeze(
      blocks.flatMap((block): string[] =>
        isFieldBlock(block) ? blockFields(block) : block.kind === "fieldset" ? fieldsOfBlocks(block.blocks) : [],
      ),
    );
    pageFields.set(blocks, fields);
  }
  return fields as string[];
}

export interface ResolvedField {
  model: ModelConfig;
  modelKey: string;
  field: FieldConfig;
  /** "model.field" */
  path: string;
}

export function resolveField(definition: Pick<FormDefinition, "models">, reference: string): ResolvedField | undefined {
  let known = resolvedFields.get(definition.models);
  if (!known) {
    known = new Map();
    resolvedFields.set(definition.models, known);
  }
  const found = known.get(reference);
  if (found) return found;
  const parts = reference.split(".");
  if (parts.length !== 2) return undefined;
  const [model, field] = parts as [string, string];
  const config = definition.models.find((candidate) => modelKey(candidate) === model);
  // Its own fields only: not "constructor" or "__proto__", which every object answers to.
  const fieldConfig = config && Object.hasOwn(config.fields, field) ? config.fields[field] : undefined;
  if (!config || !fieldConfig) return undefined;
  // Only fields that exist are kept (a reference may come from a posted form): as many as the definition has.
  const resolved = Object.freeze({ model: config, modelKey: model, field: fieldConfig, path: reference });
  known.set(reference, resolved);
  return resolved;
}

/** "other" in a rule or dependency of a field of `model`: a key of the same model, or "model.field". */
export function qualify(reference: string, model: string): string {
  return reference.includes(".") ? reference : `${model}.${reference}`;
}
