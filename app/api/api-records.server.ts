import type { ReceivedFile, UploadLimits } from "#app/documents/upload.server.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import type { FormDefinition } from "#app/forms/form-definition.ts";
import { failureText } from "#app/forms/rules.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import type { StepContext } from "#app/forms/validate-step.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import type { DraftRecords, RecordEntry } from "#app/storage/store.ts";
import type { ModelConfig } from "#app/forms/definition-schema.ts";
import { listOfModels, unaskedAnswers } from "./api-payload.server.ts";
import type { RecordsBlock } from "#app/forms/page-schema.ts";
import { refusalText } from "#app/records/record-actions.server.ts";
import {
  FILE_MODEL_FIELDS,
  fileField,
  newClientId,
  parentChoices,
  recordModelConfig,
  recordsBlocks,
} from "#app/records/records.ts";
import { answeredFields, validateRecord } from "#app/records/validate-record.ts";

/** A records list part as an API client sends it: SPEC's client models ({ clientId, fields, … }) or flat objects. */
interface PostedRecord {
  clientId: string;
  fields: Record<string, unknown>;
}

const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The part's models, each with a client id (its own, or a new one); or the field at fault and why. */
function postedRecords(
  part: unknown,
  config: ModelConfig,
  block: RecordsBlock,
  text: Translate,
): PostedRecord[] | Record<string, string> {
  const model = block.model;
  const records: PostedRecord[] = [];
  // What a record asks, and what its file fills in (a document's name names its file).
  const asked = new Set([...answeredFields(block, config), ...Object.values(FILE_MODEL_FIELDS)]);
  for (const [index, { clientId, fields }] of listOfModels(part, config, text).entries()) {
    if (clientId !== undefined && clientId !== null && (typeof clientId !== "string" || !CLIENT_ID.test(clientId)))
      return { [`${model}[${index}].clientId`]: text("Api_ClientIdInvalid") };
    const unasked = unaskedAnswers(fields, config, asked, `${model}[${index}]`, text);
    if (Object.keys(unasked).length > 0) return unasked;
    records.push({ clientId: typeof clientId === "string" ? clientId : newClientId(model), fields });
  }
  if (new Set(records.map((record) => record.clientId)).size !== records.length)
    return { [model]: text("Api_ClientIdTwice") };
  return records;
}

/**
 * The name of the file a part names: its document context's name, the context found by client id
 * (SPEC §7 "named by the client id") or by name (§5 "by file name"); null when no context of the
 * documentContexts part (sent before the files) names it, or that part is no list.
 */
export function documentNameFor(contextsPart: string | null, sentAs: string): string | null {
  let list: unknown;
  try {
    list = JSON.parse(contextsPart ?? "null");
  } catch {
    return null;
  }
  if (!Array.isArray(list)) return null;
  const nameOf = (item: unknown): unknown => {
    if (typeof item !== "object" || item === null) return undefined;
    const model = item as { fields?: { name?: unknown }; name?: unknown };
    return typeof model.fields === "object" && model.fields !== null ? model.fields.name : model.name;
  };
  const context =
    list.find((item) => (item as { clientId?: unknown } | null)?.clientId === sentAs) ??
    list.find((item) => nameOf(item) === sentAs);
  if (context === undefined) return null;
  const name = nameOf(context);
  return typeof name === "string" && name ? name : sentAs;
}

/** The records to file and their documents; or, by "model[index].field", what is wrong. */
export type ApiRecords = { records: DraftRecords; documentIds: string[] } | { fields: Record<string, string> };

/**
 * The records parts of a JSON API submission (claimTransactions, documentContexts) checked as the
 * pages check them: each model's rules, a receipt's expense among the submitted ones, one file
 * per document context and each file matching exactly one context, the lists' minimums. A part
 * that is no list of models throws PayloadError.
 */
export function apiRecords(
  definition: FormDefinition,
  part: (name: string) => unknown,
  files: ReceivedFile[],
  context: { step: StepContext; models: ModelValues; limits: UploadLimits; text: Translate; culture: string },
): ApiRecords {
  const blocks = Object.values(definition.pages).flatMap((page) => recordsBlocks(page));
  const records: DraftRecords = {};
  const documentIds: string[] = [];
  const ordered = [...blocks].sort((a, b) =>
    a.model === "claimTransactions" ? -1 : b.model === "claimTransactions" ? 1 : 0,
  );
  // The lists first (a part that is no list is the request's fault), then the files as they came.
  const lists = ordered.map((block) => {
    const model = recordModelConfig(definition.models, block)!;
    return { block, model, posted: postedRecords(part(block.model), model, block, context.text) };
  });
  for (const { posted } of lists) if (!Array.isArray(posted)) return { fields: posted };
  // A file sent under its context's clientId (as SPEC's client sends it) takes its name, and so its
  // type, from the context: without one it is not "not a type of file you can upload", it is unnamed.
  for (const { block, model, posted } of lists) {
    if (!fileField(model) || !Array.isArray(posted)) continue;
    for (const [index, record] of posted.entries()) {
      const name = record.fields[FILE_MODEL_FIELDS.name];
      if ((typeof name !== "string" || name === "") && files.some((file) => file.sentAs === record.clientId))
        return {
          fields: { [`${block.model}[${index}].${FILE_MODEL_FIELDS.name}`]: context.text("Api_DocumentNameMissing") },
        };
    }
  }
  const refused = files.find((file) => file.refusal);
  if (refused)
    return {
      fields: {
        documents:
          refused.refusal === "unmatched"
            ? context.text("Api_FileUnmatched", refused.fileName)
            : refusalText(refused, context.limits, context.text, context.culture),
      },
    };

  for (const { block, model, posted } of lists) {
    if (!Array.isArray(posted)) continue;
    const choices = parentChoices(records, (record) => record.clientId);
    const file = fileField(model);
    const list: RecordEntry[] = [];
    for (const [index, record] of posted.entries()) {
      const valueAt = (name: string) => {
        const value = record.fields[name.split(".")[1]!];
        return typeof value === "number" ? String(value) : value;
      };
      const checked = validateRecord(block, model, valueAt, {
        ...context.step,
        saved: context.models,
        recordChoices: choices,
      });
      const failed = Object.entries(checked.errors)[0];
      if (failed)
        return {
          fields: { [`${block.model}[${index}].${failed[0].split(".")[1]}`]: failureText(context.text, failed[1][0]!) },
        };
      const entry: RecordEntry = {
        clientId: record.clientId,
        status: "saved",
        fields: { ...checked.values } as Record<string, FieldValue>,
      };
      if (file) {
        const error = attachFile(entry, record, files, context.text);
        if (error) return { fields: { [`${block.model}[${index}]`]: error } };
        documentIds.push(entry.documentId!);
      }
      list.push(entry);
    }
    records[block.model] = list;
  }
  const unmatched = files.find((file) => file.document && !documentIds.includes(file.document.id));
  if (unmatched) return { fields: { documents: context.text("Api_FileUnmatched", unmatched.fileName) } };
  return { records, documentIds };
}

/** SPEC §5: each uploaded file matches exactly one document context, by its client id or its name. */
function attachFile(
  entry: RecordEntry,
  record: PostedRecord,
  files: ReceivedFile[],
  text: Translate,
): string | undefined {
  const name = typeof record.fields.name === "string" ? record.fields.name : undefined;
  const matching = files.filter(
    (file) => file.document && (file.sentAs === record.clientId || (name !== undefined && file.sentAs === name)),
  );
  if (matching.length !== 1) return text(matching.length === 0 ? "Api_FileMissing" : "Api_FileTwice");
  const document = matching[0]!.document!;
  entry.documentId = document.id;
  entry.fields[FILE_MODEL_FIELDS.name] = document.name;
  entry.fields[FILE_MODEL_FIELDS.size] = String(document.size);
  entry.fields[FILE_MODEL_FIELDS.type] = document.mediaType || "unknown";
  return undefined;
}
