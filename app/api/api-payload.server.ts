import type { RouterContextProvider } from "react-router";
import type { ModelConfig } from "#app/forms/definition-schema.ts";
import { dependenciesFulfilled } from "#app/forms/dependencies.ts";
import { isEmpty } from "#app/forms/field-value.ts";
import { isUploadField } from "#app/forms/fields/index.ts";
import { type FormDefinition, fieldsOfBlocks, modelKey, qualify } from "#app/forms/form-definition.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import { flowSteps } from "#app/forms/steps.ts";
import { apiError } from "#app/http/api-error.server.ts";
import { readJson } from "#app/http/json.server.ts";
import { getTranslate } from "#app/i18n/culture-middleware.server.ts";
import type { Translate } from "#app/i18n/i18n.ts";

/**
 * Reading what a JSON API client sends (SPEC §3 "Form model", "Form submission payload"; §7):
 * a model in SPEC's shape or as a flat object of its fields, parts that are JSON or plain text.
 * Both shapes of a model come out as the same fields, so they are checked and stored alike
 * (docs/decisions/020-the-json-api-as-spec-describes-it.md).
 */

/** A refusal of what was sent: the message, localised, for a 400 invalid_request. */
export class PayloadError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * SPEC §3's form model, { clientId, id, metadataHash, metadata: { dtoMapping }, fields }: an
 * object whose `fields` is an object, in a model that has no field named "fields". Anything else
 * is the flat shape, the fields themselves. Keys of a form model beside those (a client's own
 * state: "saved", "everDirty") are not answers and are not read, as unknown keys of the flat shape
 * are not; but a field of the model beside `fields` is refused: which of the two is the answer?
 */
function isFormModel(value: Record<string, unknown>, config: ModelConfig, where: string, text: Translate): boolean {
  if (!isObject(value.fields) || Object.hasOwn(config.fields, "fields")) return false;
  const beside = Object.keys(value).find((key) => Object.hasOwn(config.fields, key));
  if (beside !== undefined) throw new PayloadError(text("Api_AnswerBesideFields", where, beside));
  return true;
}

/** What a checkbox's answer may be: a boolean, the text a form sends for one ("on" when ticked), or none. */
const CHECKBOX_ANSWERS = new Set<unknown>([true, false, "true", "false", "on", "", null]);

/** Keys of the flat shape that name the model, not answer it (when the model has no field so named). */
const FLAT_MODEL_KEYS = ["clientId", "id"];

/**
 * The fields of one model as sent, in either shape, or null for none. A form model must be of the
 * part's model (its dtoMapping, in any case) and of the server's config (its metadataHash): one
 * built from another version of GET /api/forms/config is refused, not read field by field.
 * Numbers become the text a claimant would type; the field rules read them from there.
 */
export function modelFields(
  value: unknown,
  config: ModelConfig,
  where: string,
  text: Translate,
): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (!isObject(value)) throw new PayloadError(text("Api_PartNotModel", where));
  const formModel = isFormModel(value, config, where, text);
  const fields = formModel ? formModelFields(value, config, where, text) : value;
  const answers: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    // Own fields only: a key named "toString" or "__proto__" is not a field because every object has one.
    const known = Object.hasOwn(config.fields, key) ? config.fields[key] : undefined;
    if (!known) {
      if (!formModel && FLAT_MODEL_KEYS.includes(key)) continue;
      // Never dropped unread: a key the model does not have is the client's mistake, said so.
      throw new PayloadError(text("Api_UnknownField", `${where}.${key}`));
    }
    // A file field's own value (a browser's file list) is not an answer: the file comes in "documents".
    if (isUploadField(known)) continue;
    // A checkbox is true or false: 1 or "yes" would read as false, so is refused, not filed so.
    if (known.componentName === "FormFieldCheckbox" && !CHECKBOX_ANSWERS.has(field as string | boolean | null))
      throw new PayloadError(text("Api_CheckboxNotAnswer", `${where}.${key}`));
    if (typeof field === "number") answers[key] = String(field);
    else if (field === null || typeof field === "string" || typeof field === "boolean") answers[key] = field;
    else throw new PayloadError(text("Api_FieldNotAnswer", `${where}.${key}`));
  }
  return answers;
}

/**
 * The fields the flow asks, by model: those its pages show (not a skipped page's) (a model's field that no page asks, as
 * standard's middleInitial under a first-and-last name, is in the model config but not the form).
 * Record lists' fields are their blocks' (records code checks them).
 */
export function askedFields(definition: Pick<FormDefinition, "pages">): Map<string, Set<string>> {
  let asked = askedCache.get(definition);
  if (!asked) {
    asked = new Map();
    // A skipped page asks nothing: its fields are neither checked nor filed.
    for (const step of flowSteps(definition))
      for (const path of fieldsOfBlocks(definition.pages[step]?.blocks ?? [])) {
        const [model, field] = path.split(".") as [string, string];
        if (!asked.has(model)) asked.set(model, new Set());
        asked.get(model)!.add(field);
      }
    askedCache.set(definition, asked);
  }
  return asked;
}
const askedCache = new WeakMap<object, Map<string, Set<string>>>();

/**
 * The answers sent for fields the form does not ask, by "where.field": SPEC §3's client models
 * carry every field of their config, starting null, so a field left null, empty or at its default
 * is fine; a value there would be filed nowhere, so it is refused, not dropped (decision 020).
 */
export function unaskedAnswers(
  answers: Record<string, unknown>,
  config: ModelConfig,
  asked: ReadonlySet<string>,
  where: string,
  text: Translate,
): Record<string, string> {
  const refused: Record<string, string> = {};
  for (const [key, value] of Object.entries(answers)) {
    if (asked.has(key)) continue;
    if (isEmpty(value as string | boolean | null) || value === config.fields[key]?.defaultValue) continue;
    refused[`${where}.${key}`] = text("Api_FieldNotAsked");
  }
  return refused;
}

function formModelFields(
  model: Record<string, unknown>,
  config: ModelConfig,
  where: string,
  text: Translate,
): Record<string, unknown> {
  const mapping = isObject(model.metadata) ? model.metadata.dtoMapping : undefined;
  if (typeof mapping === "string" && mapping.toLowerCase() !== config.metadata.dtoMapping.toLowerCase())
    throw new PayloadError(text("Api_WrongModel", where, mapping, config.metadata.dtoMapping));
  const hash = model.metadataHash;
  if (hash !== undefined && hash !== null && hash !== config.metadataHash)
    throw new PayloadError(text("Api_ModelConfigChanged", where, String(hash), config.metadataHash));
  return model.fields as Record<string, unknown>;
}

/** A list part (documentContexts, claimTransactions): each item a model in either shape, with its client id. */
export function listOfModels(
  value: unknown,
  config: ModelConfig,
  text: Translate,
): Array<{ clientId: unknown; fields: Record<string, unknown> }> {
  const part = modelKey(config);
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new PayloadError(text("Api_PartNotList", part));
  return value.map((item, index) => {
    const where = `${part}[${index}]`;
    if (!isObject(item)) throw new PayloadError(text("Api_PartNotModel", where));
    return { clientId: item.clientId, fields: modelFields(item, config, where, text) ?? {} };
  });
}

/** A part that is JSON (SPEC §7 "each payload part JSON"): its value, null when empty. */
export function jsonPart(raw: string | null, name: string, text: Translate): unknown {
  if (raw === null || raw === "") return null;
  try {
    return readJson(raw);
  } catch {
    throw new PayloadError(text("Api_PartNotJson", name));
  }
}

/**
 * A part that holds one string (reCaptchaResponse, captchaRawValue, userPreferredCulture): JSON
 * as SPEC §7 says (`"abc"`), or the text itself as a form field sends it (`abc`): a captcha token
 * is no JSON, and a client may send it as it came. Text that reads as a JSON string is taken
 * as that string; any other text as it is.
 */
export function textPart(raw: string | null): string | null {
  if (raw === null || raw === "" || raw === "null") return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "string" ? value : raw;
  } catch {
    return raw;
  }
}

/** An address under /api/forms/ that names no form type taking this call. */
export function noSuchFormType(context: Readonly<RouterContextProvider>): Response {
  return apiError("not_found", getTranslate(context)("Api_NoSuchFormType"));
}

/**
 * The answers sent for asked fields that do not apply to the claim's other answers (a non-US postal
 * code with the country "US"): the pages hide and empty such a field (SPEC §3 "reset on
 * unfulfilled", the default), so the claim would be filed without it. Refused, not dropped; a field
 * whose definition keeps its answer while it does not apply (resetOnUnfulfilled: false) is left be.
 */
export function inapplicableAnswers(
  definition: Pick<FormDefinition, "models">,
  submitted: Record<string, Record<string, unknown>>,
  filed: ModelValues,
  text: Translate,
): Record<string, string> {
  const refused: Record<string, string> = {};
  for (const model of definition.models) {
    const owner = modelKey(model);
    const valueAt = (reference: string) => {
      const [name, key] = qualify(reference, owner).split(".") as [string, string];
      return filed[name]?.[key] ?? null;
    };
    for (const [key, value] of Object.entries(submitted[owner] ?? {})) {
      const dependencies = model.fields[key]?.dependencies;
      if (!dependencies || dependencies.resetOnUnfulfilled === false || isEmpty(value as string | boolean | null))
        continue;
      if (!dependenciesFulfilled(dependencies, valueAt)) refused[`${owner}.${key}`] = text("Api_FieldDoesNotApply");
    }
  }
  return refused;
}
