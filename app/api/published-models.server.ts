import { isDeepStrictEqual } from "node:util";
import type { FormType } from "#app/flow-registry/form-type.ts";
import type { ModelConfig } from "#app/forms/definition-schema.ts";
import { isUploadField } from "#app/forms/fields/index.ts";
import { type FormDefinition, modelKey } from "#app/forms/form-definition.ts";
import { FILE_MODEL_FIELDS, recordModelConfig, recordsBlocks } from "#app/records/records.ts";
import { answeredFields } from "#app/records/validate-record.ts";
import { askedFields } from "./api-payload.server.ts";

/** A field config as GET /api/forms/config gives it: SPEC §3's, and whether this form asks it. */
type PublishedModel = Omit<ModelConfig, "fields"> & {
  fields: Record<string, ModelConfig["fields"][string] & { asked: boolean }>;
};

const published = new WeakMap<FormDefinition, PublishedModel[]>();

/**
 * A form type's model configs as GET /api/forms/config publishes them: SPEC §3's server model
 * configs, each field with `asked`, whether the form's pages ask it (a model may hold fields a
 * flow does not ask, as standard's middleInitial; a submission may send them null, never with a
 * value: decision 020). A records list's fields are asked by its blocks, with its file's.
 */
export function publishedModels(definition: FormDefinition): PublishedModel[] {
  let models = published.get(definition);
  if (!models) {
    const asked = askedFields(definition);
    const blocks = Object.values(definition.pages).flatMap((page) => recordsBlocks(page));
    const askedOf = (model: ModelConfig): Set<string> => {
      const ofBlocks = blocks.filter((block) => recordModelConfig([model], block));
      if (ofBlocks.length === 0) return asked.get(modelKey(model)) ?? new Set();
      return new Set([
        ...ofBlocks.flatMap((block) => answeredFields(block, model)),
        ...Object.values(FILE_MODEL_FIELDS),
        ...Object.values(model.fields)
          .filter(isUploadField)
          .map((field) => field.key),
      ]);
    };
    models = definition.models.map((model) => {
      const fields = askedOf(model);
      return {
        ...model,
        fields: Object.fromEntries(
          Object.entries(model.fields).map(([key, field]) => [key, { ...field, asked: fields.has(key) }]),
        ),
      };
    });
    published.set(definition, models);
  }
  return models;
}

/** A model config in GET /api/forms/config's list: the model once, with the form types that use it. */
type ListedModel = PublishedModel & { formTypes: FormType[] };

const listed = new WeakMap<object, ListedModel[]>();

/**
 * GET /api/forms/config without a form type (SPEC §7: "list of model configs"): every model of the
 * settlement's forms once, in the order the forms first use them, each with `formTypes`. A model
 * is one metadataHash (the loader refuses one hash for two models); should two forms ask different
 * fields of it, it is listed once for each, as `asked` differs.
 */
export function publishedModelList(forms: Partial<Record<FormType, FormDefinition>>): ListedModel[] {
  let list = listed.get(forms);
  if (!list) {
    list = [];
    for (const [formType, definition] of Object.entries(forms) as [FormType, FormDefinition][])
      for (const model of publishedModels(definition)) {
        const same = list.find((entry) => isDeepStrictEqual({ ...entry, formTypes: [] }, { ...model, formTypes: [] }));
        if (same) same.formTypes.push(formType);
        else list.push({ ...model, formTypes: [formType] });
      }
    listed.set(forms, list);
  }
  return list;
}
