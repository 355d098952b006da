import { fieldKind, isUploadField } from "./fields/index.ts";
import { labelledValueSources } from "./labelled-value.ts";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import { FORM_TYPES, type FormType } from "#app/flow-registry/form-type.ts";
import { formatPath, SettlementConfigError } from "#app/settlement/config-error.ts";
import { type ModelConfig, modelConfigsSchema } from "./definition-schema.ts";
import { blockFields } from "./blocks/index.ts";
import { fieldsOfBlocks, type FormDefinition, modelKey, qualify, resolveField } from "./form-definition.ts";
import { type PageBlock, pagesSchema, type RecordsBlock } from "./page-schema.ts";
import {
  displayFields,
  FILE_MODEL_FIELDS,
  isRecordModel,
  maxDisplayFields,
  recordModelConfig,
} from "#app/records/records.ts";
import { log } from "#app/log.server.ts";

function readJson(file: string): unknown {
  if (!existsSync(file)) throw new SettlementConfigError(`Invalid form definition:\n  ${file}: file not found`);
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new SettlementConfigError(`Invalid form definition:\n  ${file}: not valid JSON: ${(error as Error).message}`);
  }
}

/** "model ClaimantInfo, field firstName: at validations.1: …" from a zod path into the models array. */
function describeModelPath(models: unknown, issuePath: ReadonlyArray<PropertyKey>): string {
  const [index, section, field, ...rest] = issuePath;
  if (typeof index !== "number") return `at ${formatPath(issuePath)}`;
  const entry = (models as Array<{ metadata?: { dtoMapping?: unknown } }>)[index];
  const name = typeof entry?.metadata?.dtoMapping === "string" ? entry.metadata.dtoMapping : `#${index}`;
  if (section === "fields" && field !== undefined)
    return `model ${name}, field ${String(field)}${rest.length ? `: at ${formatPath(rest)}` : ""}`;
  return `model ${name}${section !== undefined ? `: at ${formatPath(issuePath.slice(1))}` : ""}`;
}

function fail(file: string, problems: string[]): never {
  throw new SettlementConfigError(
    `Invalid form definition:\n${problems.map((problem) => `  ${file}: ${problem}`).join("\n")}`,
  );
}

function zodProblems(error: z.ZodError, describe: (path: ReadonlyArray<PropertyKey>) => string): string[] {
  return error.issues.map((issue) => `${describe(issue.path)}: ${issue.message}`);
}

/** References inside each model (rules and dependencies) must name fields that exist. */
function checkModels(models: ModelConfig[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const model of models) {
    const name = model.metadata.dtoMapping;
    if (seen.has(name)) problems.push(`model ${name}: dtoMapping is used by two models`);
    seen.add(name);
    const key = modelKey(model);
    const exists = (reference: string) => !!resolveField({ models }, qualify(reference, key));
    for (const [fieldKey, field] of Object.entries(model.fields)) {
      const at = `model ${name}, field ${fieldKey}`;
      if (field.key !== fieldKey)
        problems.push(`${at}: its key is "${field.key}"; a field's key must match its name in "fields"`);
      for (const rule of field.validations) {
        const references = [
          "otherProperty" in rule ? rule.otherProperty : undefined,
          "startProperty" in rule ? rule.startProperty : undefined,
          ...("properties" in rule ? rule.properties : []),
          ...("conditions" in rule ? rule.conditions.map((condition) => condition.otherProperty) : []),
        ].filter((reference): reference is string => !!reference);
        for (const reference of references)
          if (!exists(reference))
            problems.push(`${at}: rule ${rule.type} refers to "${reference}", which is not a field`);
        if ("pattern" in rule) {
          try {
            new RegExp(rule.pattern);
          } catch {
            problems.push(`${at}: rule ${rule.type} has an invalid pattern ${rule.pattern}`);
          }
        }
      }
      for (const condition of field.dependencies?.conditions ?? []) {
        if (!exists(condition.field))
          problems.push(`${at}: dependency refers to "${condition.field}", which is not a field`);
      }
      problems.push(...fieldKind(field).check(field, at, key));
      if (field.sensitive && field.componentName !== "FormFieldText")
        problems.push(`${at}: only a FormFieldText may be sensitive`);
      // The class-member list's value would sit in the draft's prepopulated data, unencrypted.
      if (field.sensitive && field.prepopulatedDataKey)
        problems.push(`${at}: a sensitive field cannot be prepopulated (prepopulatedDataKey)`);
      if (
        field.optionsSource === "claimTransactions" &&
        !models.some((candidate) => modelKey(candidate) === "claimTransactions")
      ) {
        problems.push(`${at}: optionsSource claimTransactions needs a ClaimTransactions model`);
      }
    }
    const fileFields = Object.values(model.fields).filter(isUploadField);
    if (fileFields.length > 1)
      problems.push(
        `model ${name}: at most one file field per model (SPEC §5); found ${fileFields.map((field) => field.key).join(", ")}`,
      );
    if (fileFields.length === 1) {
      for (const fieldKey of Object.values(FILE_MODEL_FIELDS))
        if (!model.fields[fieldKey])
          problems.push(`model ${name}: a model with a file field needs the field "${fieldKey}" (set from the file)`);
    }
  }
  return problems;
}

/**
 * A developer warning for each money field with no upper bound (issue 10: an expense of
 * 99999999999999 was stored): a "range" rule with a max keeps amounts to what the settlement pays.
 * A field whose dependency switches it to a money mask takes money too, so it counts.
 */
function warnOfUnboundedMoney(file: string, models: ModelConfig[]) {
  for (const model of models) {
    for (const [fieldKey, field] of Object.entries(model.fields)) {
      const masks = [field.maskName, field.dependencies?.maskOverride];
      if (!masks.some((mask) => mask?.startsWith("CURRENCY_"))) continue;
      if (field.validations.some((rule) => rule.type === "range" && typeof rule.max === "number")) continue;
      log.warn(
        `${file}: model ${model.metadata.dtoMapping}, field ${fieldKey}: a money field with no upper bound; add a "range" rule with a "max"`,
      );
    }
  }
}

/** A records block: its model and fields exist, display rows fit (SPEC §9), its minimum reads one model. */
function checkRecordsBlock(definition: FormDefinition, block: RecordsBlock, at: string): string[] {
  const model = recordModelConfig(definition.models, block);
  if (!model) return [`${at}: ${block.kind} is about "${block.model}", which is not a model of this form`];
  const problems: string[] = [];
  for (const key of [...(block.fields ?? []), ...(block.displayFields ?? [])])
    if (!model.fields[key]) problems.push(`${at}: "${block.model}.${key}" is not a field`);
  const shown = displayFields(block, model);
  if (shown.length > maxDisplayFields(block))
    problems.push(
      `${at}: a display-only row shows at most ${maxDisplayFields(block)} fields ${block.allowDelete || block.allowEdit ? "beside its edit/delete buttons" : ""}; it lists ${shown.length}`,
    );
  if (block.kind === "documentManager" && !Object.values(model.fields).some(isUploadField))
    problems.push(`${at}: a document manager's model needs a FormFieldFile field`);
  if (typeof block.minimumSaved === "object") {
    const reference = block.minimumSaved.field;
    const owner = reference.split(".")[0]!;
    if (isRecordModel(owner))
      problems.push(`${at}: the minimum saved count depends on "${reference}", which matches more than one model`);
    else if (!resolveField(definition, reference))
      problems.push(`${at}: the minimum saved count depends on "${reference}", which is not a field`);
  }
  if (!block.fields) {
    // SPEC §8: a developer warning, not a failure; the fields are then sorted alphabetically.
    log.warn(
      `${at}: the records grid of ${block.model} has no field ordering ("fields"); its fields are sorted alphabetically`,
    );
  }
  return problems;
}

function checkPages(definition: FormDefinition): string[] {
  const problems: string[] = [];
  const shownOn = new Map<string, string>();
  const needFields = (block: PageBlock, where: string, paths: string[]) => {
    for (const path of paths)
      if (!resolveField(definition, path)) problems.push(`${where}: ${block.kind} needs field "${path}"`);
  };
  const visit = (blocks: PageBlock[], where: string) => {
    blocks.forEach((block, index) => {
      const at = `${where}.blocks.${index}`;
      // A block that lays out fields of its own (a name, an address, a confirmation) needs each of them.
      if (block.kind === "nameInput" || block.kind === "mailingAddress" || block.kind === "confirmation")
        needFields(block, at, blockFields(block));
      if (block.kind === "labelledValue" && block.valueFrom)
        for (const reference of labelledValueSources(block.valueFrom).references)
          if (!resolveField(definition, reference)) problems.push(`${at}: valueFrom "${reference}" is not a field`);
      if (block.kind === "field" || block.kind === "formRow") {
        for (const reference of fieldsOfBlocks([block])) {
          if (!resolveField(definition, reference)) problems.push(`${at}: "${reference}" is not a field`);
          else if (isRecordModel(reference.split(".")[0]!))
            problems.push(
              `${at}: "${reference}" belongs to a records model; show it with a ${reference.startsWith("documentContexts") ? "documentManager" : "recordsTable"} block`,
            );
        }
      }
      if (block.kind === "recordsTable" || block.kind === "documentManager")
        problems.push(...checkRecordsBlock(definition, block, at));
      if (block.kind === "fieldset") visit(block.blocks, at);
    });
  };
  for (const [step, page] of Object.entries(definition.pages)) {
    visit(page.blocks, step);
    for (const reference of fieldsOfBlocks(page.blocks)) {
      const other = shownOn.get(reference);
      if (other && other !== step)
        problems.push(`${step}: "${reference}" is already shown on ${other}; a field belongs to one page`);
      shownOn.set(reference, step);
    }
  }
  if (!definition.pages.index) problems.push(`index: every form type needs an index page`);
  return problems;
}

/**
 * Each form type's definitions: <settlement>/forms/<formType>.json (the models, in the shape of
 * SPEC's server model config) and <formType>.pages.json (what each step shows). Checked at start-up;
 * every problem names the file, and the model and field it is in.
 */
export function loadFormDefinition(settlementDir: string, formType: FormType): FormDefinition {
  const modelsFile = path.join(settlementDir, "forms", `${formType}.json`);
  const pagesFile = path.join(settlementDir, "forms", `${formType}.pages.json`);
  const rawModels = readJson(modelsFile);
  const models = modelConfigsSchema.safeParse(rawModels);
  if (!models.success)
    fail(
      modelsFile,
      zodProblems(models.error, (issuePath) => describeModelPath(rawModels, issuePath)),
    );
  const modelProblems = checkModels(models.data);
  if (modelProblems.length) fail(modelsFile, modelProblems);
  warnOfUnboundedMoney(modelsFile, models.data);

  const pages = pagesSchema.safeParse(readJson(pagesFile));
  if (!pages.success)
    fail(
      pagesFile,
      zodProblems(pages.error, (issuePath) => `at ${formatPath(issuePath)}`),
    );
  const definition: FormDefinition = { formType, models: models.data, pages: pages.data };
  const pageProblems = checkPages(definition);
  if (pageProblems.length) fail(pagesFile, pageProblems);
  return definition;
}

/** The definitions of these form types (every one by default), one metadataHash naming one model across them. */
export function loadFormDefinitions(
  settlementDir: string,
  formTypes: readonly FormType[] = FORM_TYPES,
): Record<FormType, FormDefinition> {
  const forms = Object.fromEntries(
    formTypes.map((formType) => [formType, loadFormDefinition(settlementDir, formType)]),
  ) as Record<FormType, FormDefinition>;
  checkModelHashes(settlementDir, Object.values(forms));
  return forms;
}

/**
 * One metadataHash names one model across the settlement's forms: a client finds a model in
 * GET /api/forms/config's list by it (SPEC §8 "no model matches metadata; more than one matches"),
 * so two different models under one hash would be one too many.
 */
function checkModelHashes(settlementDir: string, definitions: FormDefinition[]) {
  const first = new Map<string, { model: ModelConfig; formType: FormType }>();
  for (const { formType, models } of definitions) {
    for (const model of models) {
      const seen = first.get(model.metadataHash);
      if (!seen) first.set(model.metadataHash, { model, formType });
      else if (!isDeepStrictEqual(seen.model, model))
        fail(path.join(settlementDir, "forms", `${formType}.json`), [
          `model ${model.metadata.dtoMapping}: its metadataHash "${model.metadataHash}" names another model in ${path.join(settlementDir, "forms", `${seen.formType}.json`)}; give each model a hash of its own`,
        ]);
    }
  }
}
