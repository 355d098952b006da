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

/** The mailing address block's fields (SPEC §3 "Other"). */
export const ADDRESS_FIELDS = {
  streetLine1: "mailingStreetLine1",
  streetLine2: "mailingStreetLine2",
  city: "mailingCity",
  subDivision: "mailingSubDivision",
  postalCode: "mailingPostalCode",
  subDivisionNonUS: "mailingSubDivisionNonUS",
  postalCodeNonUS: "mailingPostalCodeNonUS",
  country: "mailingCountry",
} as const;

export const CONFIRMATION_FIELDS = { email: "confirmEmailAddress", phone: "confirmPhoneNumber" } as const;

/** Every "model.field" a list of blocks shows, in page order. */
export function fieldsOfBlocks(blocks: PageBlock[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.kind) {
      case "field":
        return [block.field];
      case "formRow":
        return block.fields;
      case "nameInput":
        return [block.fields.first, block.fields.middleInitial, block.fields.last].filter((key): key is string => !!key).map((key) => `${block.model}.${key}`);
      case "mailingAddress":
        return Object.values(ADDRESS_FIELDS).map((key) => `${block.model}.${key}`);
      case "confirmation":
        return [
          ...(block.emailField ? [`${block.model}.${block.emailField}`, `${block.model}.${CONFIRMATION_FIELDS.email}`] : []),
          ...(block.phoneField ? [`${block.model}.${block.phoneField}`, `${block.model}.${CONFIRMATION_FIELDS.phone}`] : []),
        ];
      case "fieldset":
        return fieldsOfBlocks(block.blocks);
      default:
        return [];
    }
  });
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
