import { data, redirect } from "react-router";
import type { FormType } from "#app/flow-registry/form-type.ts";
import {
  isMultipart,
  MalformedUpload,
  PartTooLarge,
  type ReceivedFile,
  receiveUpload,
  type UploadLimits,
} from "#app/documents/upload.server.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import type { FormDefinition } from "#app/forms/form-definition.ts";
import type { PageDefinition, RecordsBlock } from "#app/forms/page-schema.ts";
import { failureText } from "#app/forms/rules.ts";
import type { StepContext } from "#app/forms/validate-step.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import { readPostedForm } from "#app/http/form-body.server.ts";
import { CSRF_FIELD_NAME, isValidCsrfToken, requireFormCsrf } from "#app/session/csrf.server.ts";
import type { Draft, DraftOwner, DraftRecords, RecordEntry, Store } from "#app/storage/store.ts";
import {
  draftFields,
  FILE_MODEL_FIELDS,
  fileField,
  formatBytes,
  isRecordModel,
  minimumSaved,
  newClientId,
  openDraft,
  PARENT_FIELD,
  parentChoices,
  recordModelConfig,
  recordsBlocks,
  savedRecords,
} from "./records.ts";
import { validateRecord } from "./validate-record.ts";

/** The buttons of records (SPEC §4 "Records"), each its own intent so they work without JavaScript. */
export const RECORD_INTENTS = ["add", "save", "cancel", "edit", "remove", "upload"] as const;
export type RecordIntent = (typeof RECORD_INTENTS)[number];
/** The client id a draft begun on load has until it is saved (it is not stored before). */
export const NEW_RECORD = "new";

export function isRecordIntent(value: unknown): value is RecordIntent {
  return typeof value === "string" && (RECORD_INTENTS as readonly string[]).includes(value);
}

/** A record's form as posted: which block, which record, its fields and (for uploads) its file. */
export interface PostedForm {
  fields: URLSearchParams;
  files: ReceivedFile[];
}

/** What a failed record action sends back: the record's answers as typed, and the first error of each field. */
export interface RecordFailure {
  model: string;
  clientId: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

interface RecordsContext {
  sessionId: string;
  owner: DraftOwner;
  formType: FormType;
  definition: FormDefinition;
  page: PageDefinition;
  draft: Draft;
  store: Store;
  limits: UploadLimits;
  /** The page's: its dates typed in the page's culture's order. */
  settings: Pick<StepContext, "characterWhitelist" | "internationalAddresses" | "dateOrder">;
  now: number;
  text: Translate;
}

/** "PDF, JPEG, PNG, HEIC or TIFF" for messages. */
function typeList(limits: UploadLimits, text: Translate): string {
  const names = limits.allowedTypes.map((type) => type.toUpperCase());
  return names.length > 1 ? text("Upload_TypeList", names.slice(0, -1).join(", "), names.at(-1)!) : (names[0] ?? "");
}

/** The claimant's message for a refused file: which file, and why. */
export function refusalText(file: ReceivedFile, limits: UploadLimits, text: Translate, culture: string): string {
  switch (file.refusal) {
    case "tooLarge":
      return text("Upload_TooLarge", file.fileName, formatBytes(limits.maxFileBytes, culture));
    case "claimTooLarge":
      return text("Upload_ClaimTooLarge", file.fileName, formatBytes(limits.maxClaimBytes, culture));
    case "tooManyFiles":
      return text("Upload_TooManyFiles", file.fileName, limits.maxFiles);
    case "extension":
      return text("Upload_WrongType", file.fileName, typeList(limits, text));
    case "content": {
      const extension = /\.([^.]+)$/.exec(file.fileName)?.[1]?.toUpperCase() ?? "";
      return text("Upload_WrongContent", file.fileName, extension);
    }
    case "exists":
      return text("FileExists", file.fileName);
    case "multiple":
      return text("Upload_OneFile");
    default:
      return "";
  }
}

/** The document inputs of a page's managers: "documentContexts.file". */
function fileInputs(definition: FormDefinition, page: PageDefinition): string[] {
  return recordsBlocks(page).flatMap((block) => {
    const model = recordModelConfig(definition.models, block);
    const field = model && fileField(model);
    return field ? [`${block.model}.${field.key}`] : [];
  });
}

/**
 * The button a step's form was sent with. A form can come without any: a text browser (w3m) sends a
 * form with no button's name and value when Enter ends a field (its file input among them) or by its
 * Submit command. Then a record's draft form (it names its list) does what its first button does,
 * as a browser's Enter presses a form's first submit button (HTML's implicit submission): Upload
 * for a document (so a file sent is kept, never taken for "Save and continue" and dropped), else
 * Save. The step's own form has no list: it continues.
 */
export function postedIntent(posted: PostedForm, definition: FormDefinition, page: PageDefinition): unknown {
  const intent = posted.fields.get("intent");
  const list = posted.fields.get("records");
  if (intent !== null || list === null) return intent;
  return fileInputs(definition, page).some((input) => input.startsWith(`${list}.`)) ? "upload" : "save";
}

/**
 * A step's POST body: a multipart form (a document manager's upload) read as it streams, its file
 * stored only after a valid CSRF token came first; any other form read whole. The CSRF check
 * runs on both; a malformed upload is a 400 with a message.
 */
export async function readStepForm(request: Request, context: RecordsContext): Promise<PostedForm> {
  const inputs = fileInputs(context.definition, context.page);
  if (!isMultipart(request) || inputs.length === 0) {
    return { fields: await readPostedForm(request, context.sessionId, context.text), files: [] };
  }
  const saved = savedRecords(context.draft.records, "documentContexts");
  try {
    const received = await receiveUpload(request, {
      limits: context.limits,
      store: context.store,
      owner: { owner: context.owner, formType: context.formType },
      now: context.now,
      held: {
        bytes: saved.reduce((total, record) => total + Number(record.fields[FILE_MODEL_FIELDS.size] ?? 0), 0),
        files: saved.length,
        names: saved.map((record) => String(record.fields[FILE_MODEL_FIELDS.name] ?? "")),
      },
      acceptsFile: (field) => inputs.includes(field),
      mayStore: (fields) => isValidCsrfToken(context.sessionId, fields.get(CSRF_FIELD_NAME)),
    });
    try {
      requireFormCsrf(context.sessionId, received.fields);
    } catch (response) {
      await discardUploads(context.store, received.files);
      throw response;
    }
    return received;
  } catch (error) {
    // A text field over the limit is a form too large (413: the page says so), not an unreadable one.
    if (error instanceof PartTooLarge) throw data(context.text("Form_TooLarge"), { status: 413 });
    if (error instanceof MalformedUpload) throw data(context.text("Upload_Malformed"), { status: 400 });
    throw error;
  }
}

export async function discardUploads(store: Store, files: ReceivedFile[]) {
  await Promise.all(files.flatMap((file) => (file.document ? [store.deleteDocument(file.document.id)] : [])));
}

/**
 * The page again, at the records block the claimant was working in (post/redirect/get), saying it
 * was saved when something was: a record saved, uploaded or removed, not a draft opened or closed.
 */
function backTo(pagePath: string, model: string, saved: boolean) {
  const url = new URL(pagePath, "http://portal.invalid");
  if (saved) url.searchParams.set("saved", "1");
  else url.searchParams.delete("saved");
  // Often the very URL the claimant is on: React Router would treat it as a hash change and not
  // reload the page's data without being told to.
  return redirect(`${url.pathname}${url.search}#records-${model}`, {
    status: 303,
    headers: { "X-Remix-Revalidate": "yes" },
  });
}

/**
 * One record button (SPEC §4 "Records"): add a draft, save or upload it (validated first; an upload
 * that fails leaves nothing), cancel it, edit a saved record, remove one. A record named that no
 * longer exists (a second click, a stale tab) changes nothing: the page is shown again.
 */
export async function recordAction(
  intent: RecordIntent,
  posted: PostedForm,
  context: RecordsContext,
  pagePath: string,
  culture: string,
) {
  const { fields, files } = posted;
  const { store, text } = context;
  const modelName = String(fields.get("records") ?? "");
  const block = recordsBlocks(context.page).find((candidate) => candidate.model === modelName);
  if (!block || !isRecordModel(modelName)) {
    await discardUploads(store, files);
    throw data(text("Records_UnknownList"), { status: 400 });
  }
  const clientId = String(fields.get("record") ?? "");
  /** Changes the list by `edit`, which returns the documents it let go of. */
  const change = async (
    edit: (records: DraftRecords, list: RecordEntry[], record: RecordEntry | undefined) => string[],
  ) => {
    await changeRecords(context, (records) => {
      const list = records[block.model] ?? [];
      records[block.model] = list;
      return edit(
        records,
        list,
        list.find((candidate) => candidate.clientId === clientId),
      );
    });
    return backTo(pagePath, block.model, intent === "remove");
  };

  switch (intent) {
    case "add":
      return change((records, list) => {
        if (!openDraft(records, block.model))
          list.push({ clientId: newClientId(block.model), status: "draft", fields: {} });
        return [];
      });
    case "cancel":
      return change((_records, list, record) => {
        if (record?.status !== "draft") return [];
        if (record.savedFields)
          Object.assign(record, { status: "saved", fields: record.savedFields, savedFields: undefined });
        else list.splice(list.indexOf(record), 1);
        return [];
      });
    case "edit":
      return change((records, _list, record) => {
        if (block.allowEdit && record?.status === "saved" && !openDraft(records, block.model))
          Object.assign(record, { status: "draft", savedFields: record.fields });
        return [];
      });
    case "remove":
      return change((records, _list, record) =>
        record && (record.status === "draft" || block.allowDelete) ? removeRecord(records, block, record) : [],
      );
    case "save":
    case "upload":
      return saveRecord(intent, block, posted, context, pagePath, culture);
  }
}

/**
 * Changes the draft's records as stored now (another session of the member may have saved since
 * this page was read), then removes the documents the change let go of.
 */
async function changeRecords(context: RecordsContext, edit: (records: DraftRecords) => string[]) {
  let released: string[] = [];
  await context.store.updateDraft(
    context.owner,
    context.formType,
    (current) => {
      const base = current ?? context.draft;
      const records = structuredClone(base.records ?? {});
      released = edit(records);
      return { ...base, records };
    },
    context.now,
  );
  await Promise.all(released.map((id) => context.store.deleteDocument(id)));
}

/** Removes a record; an expense takes the documents attached to it along (its button says so). Answers the documents to delete. */
function removeRecord(records: DraftRecords, block: RecordsBlock, record: RecordEntry): string[] {
  records[block.model] = records[block.model]!.filter((candidate) => candidate !== record);
  const documents =
    block.model === "documentContexts"
      ? [record]
      : (records.documentContexts ?? []).filter((document) => document.fields[PARENT_FIELD] === record.clientId);
  if (block.model !== "documentContexts")
    records.documentContexts = (records.documentContexts ?? []).filter((document) => !documents.includes(document));
  return documents.flatMap((document) => (document.documentId ? [document.documentId] : []));
}

async function saveRecord(
  intent: "save" | "upload",
  block: RecordsBlock,
  posted: PostedForm,
  context: RecordsContext,
  pagePath: string,
  culture: string,
) {
  const { fields, files } = posted;
  const { definition, text, store } = context;
  const model = recordModelConfig(definition.models, block)!;
  const clientId = String(fields.get("record") ?? "");
  const isDraftRecord = (candidate: RecordEntry) => candidate.clientId === clientId && candidate.status === "draft";
  const existing = context.draft.records?.[block.model]?.find(isDraftRecord);
  const stepContext = recordStepContext(context);
  const checked = validateRecord(block, model, (name) => fields.get(name) ?? undefined, stepContext);
  const errors: Record<string, string> = Object.fromEntries(
    Object.entries(checked.errors).map(([path, failures]) => [path, failureText(text, failures[0]!)]),
  );

  const file = fileField(model);
  const upload = file ? files.find((candidate) => candidate.field === `${block.model}.${file.key}`) : undefined;
  if (file) {
    const path = `${block.model}.${file.key}`;
    const refused = files.find((candidate) => candidate.field === path && candidate.refusal);
    if (refused) errors[path] = refusalText(refused, context.limits, text, culture);
    // A record being edited keeps its file; a new one needs one.
    else if (!upload?.document && !existing?.documentId) errors[path] = text("Documents_ChooseFile");
  }
  if (Object.keys(errors).length > 0 || (intent === "upload" && !file)) {
    // In the draft's order (a document's file first), as its summary lists them.
    const order = draftFields(block, model).map((key) => `${block.model}.${key}`);
    const rank = (path: string) => (order.includes(path) ? order.indexOf(path) : order.length);
    await discardUploads(store, files);
    const values = Object.fromEntries(
      [...fields.entries()]
        .filter(([name]) => name.startsWith(`${block.model}.`))
        .map(([name, value]) => [name, String(value)]),
    );
    return data(
      {
        recordFailure: {
          model: block.model,
          clientId: clientId || NEW_RECORD,
          values,
          errors: Object.fromEntries(Object.entries(errors).sort(([a], [b]) => rank(a) - rank(b))),
        } satisfies RecordFailure,
      },
      { status: 400 },
    );
  }

  await changeRecords(context, (records) => {
    const list = records[block.model] ?? [];
    records[block.model] = list;
    // The record as stored now: saved by another session meanwhile, this one becomes a new record.
    const current = list.find(isDraftRecord);
    const target: RecordEntry = current ?? { clientId: newClientId(block.model), status: "saved", fields: {} };
    const values: Record<string, FieldValue> = { ...checked.values };
    const released: string[] = [];
    if (upload?.document) {
      if (target.documentId) released.push(target.documentId);
      target.documentId = upload.document.id;
      values[FILE_MODEL_FIELDS.name] = upload.document.name;
      values[FILE_MODEL_FIELDS.size] = String(upload.document.size);
      values[FILE_MODEL_FIELDS.type] = upload.document.mediaType || "unknown";
    } else if (target.savedFields) {
      for (const key of Object.values(FILE_MODEL_FIELDS)) values[key] = target.savedFields[key] ?? null;
    }
    Object.assign(target, { status: "saved", fields: values, savedFields: undefined });
    if (!current) list.push(target);
    return released;
  });
  return backTo(pagePath, block.model, true);
}

/** The validation context of a record: the claim's answers, and its saved expenses as choices. */
export function recordStepContext(
  context: Pick<RecordsContext, "draft" | "now" | "settings"> & { records?: DraftRecords },
): StepContext {
  const records = context.records ?? context.draft.records;
  return {
    ...context.settings,
    now: context.now,
    side: "server",
    saved: context.draft.models,
    // Only the values are checked on the server: an expense is named by its client id.
    recordChoices: parentChoices(records, (record) => record.clientId),
  };
}

/**
 * What "continue" needs of a page's records (SPEC §5): a required manager has a saved document
 * ('Provide documentation'), each block at least its minimum of saved records. The JSON API says
 * SPEC's words alone; a page (`onPage`) adds, as every line of its error summary does, which list
 * it is about and what to do: the list's own hint, or "Upload at least one document"
 * (docs/decisions/034-dates-as-claimants-type-them.md).
 */
export function recordsProblems(
  page: PageDefinition | undefined,
  draft: Pick<Draft, "records" | "models">,
  text: Translate,
  { onPage = false }: { onPage?: boolean } = {},
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const block of recordsBlocks(page)) {
    const saved = savedRecords(draft.records, block.model).length;
    const minimum = minimumSaved(block.minimumSaved, draft.models);
    if (block.required && saved === 0)
      problems[block.model] = onPage
        ? text("Words_ProvideDocumentation", {
            list: text(block.legend),
            provide: text("ProvideDocumentation"),
            todo: text(block.hint ?? "Words_UploadAtLeastOne"),
          })
        : text("ProvideDocumentation");
    else if (saved < minimum) problems[block.model] = text("Records_MinimumNotMet", minimum, text(block.legend));
  }
  return problems;
}

/** Every document id a claim's saved records hold, for the submission transaction. */
export function claimDocumentIds(records: DraftRecords | undefined): string[] {
  return savedRecords(records, "documentContexts").flatMap((record) => (record.documentId ? [record.documentId] : []));
}

/** Only the saved records become part of a claim. */
export function savedOnly(records: DraftRecords | undefined): DraftRecords {
  return Object.fromEntries(
    Object.entries(records ?? {}).map(([model, list]) => [
      model,
      list.filter((record) => record.status === "saved").map(({ savedFields: _saved, ...record }) => record),
    ]),
  );
}
