import { isUploadField } from "#app/forms/fields/index.ts";
import type { FieldConfig, ModelConfig } from "#app/forms/definition-schema.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import { modelKey } from "#app/forms/form-definition.ts";
import type { Option } from "#app/forms/options.ts";
import type { MinimumSaved, PageBlock, PageDefinition, RecordsBlock } from "#app/forms/page-schema.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import type { DraftRecords, RecordEntry } from "#app/storage/store.ts";

/**
 * Multi-record models (SPEC §3, §4 "Records"): lists of claim transactions and document contexts,
 * kept apart from the single models of a claim. Shared by the server and the browser.
 */
export const RECORD_MODELS = ["claimTransactions", "documentContexts"] as const;
export type RecordModel = (typeof RECORD_MODELS)[number];

export function isRecordModel(key: string): key is RecordModel {
  return (RECORD_MODELS as readonly string[]).includes(key);
}

/** A document context's fields that come from its file, not from the claimant (SPEC §3). */
export const FILE_MODEL_FIELDS = { name: "name", size: "size", type: "type" } as const;
/** The field naming a record's parent (SPEC §3: a receipt belongs to the expense it proves). */
export const PARENT_FIELD = "claimTransactionId";

/** SPEC §9 "Display fields per row": 11 beside edit/delete buttons, 12 without. */
export function maxDisplayFields(block: Pick<RecordsBlock, "allowDelete" | "allowEdit">): number {
  return block.allowDelete || block.allowEdit ? 11 : 12;
}

/** SPEC §3: a client id is a prefix plus 8 random characters. */
const CLIENT_ID_PREFIX: Record<RecordModel, string> = { claimTransactions: "txn-", documentContexts: "doc-" };
const ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

export function newClientId(model: RecordModel): string {
  const random = crypto.getRandomValues(new Uint8Array(8));
  return CLIENT_ID_PREFIX[model] + Array.from(random, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
}

export const CLIENT_ID_PATTERN = /^(txn|doc)-[a-z2-9]{8}$/;

/** The records blocks of a page, wherever they sit in it. */
export function recordsBlocks(page: Pick<PageDefinition, "blocks"> | undefined): RecordsBlock[] {
  const visit = (blocks: PageBlock[]): RecordsBlock[] =>
    blocks.flatMap((block) =>
      block.kind === "recordsTable" || block.kind === "documentManager"
        ? [block]
        : block.kind === "fieldset"
          ? visit(block.blocks)
          : [],
    );
  return visit(page?.blocks ?? []);
}

/** The model config a records block is about. */
export function recordModelConfig(models: ModelConfig[], block: Pick<RecordsBlock, "model">): ModelConfig | undefined {
  return models.find((model) => modelKey(model) === block.model);
}

/**
 * The fields a draft record asks for, in the block's order. A block without an order gets the
 * model's claimant fields alphabetically (SPEC §8: the developer is warned at start-up).
 */
export function draftFields(block: RecordsBlock, model: ModelConfig): string[] {
  const fileFields = Object.values(FILE_MODEL_FIELDS) as string[];
  return (
    block.fields ??
    Object.keys(model.fields)
      .filter((key) => !fileFields.includes(key))
      .sort()
  );
}

/** The fields a saved record's display-only row shows. */
export function displayFields(block: RecordsBlock, model: ModelConfig): string[] {
  if (block.displayFields) return block.displayFields;
  const fields = draftFields(block, model).filter((key) => !isUploadField(model.fields[key]));
  return block.model === "documentContexts"
    ? [FILE_MODEL_FIELDS.name, ...fields.filter((key) => key !== FILE_MODEL_FIELDS.name)]
    : fields;
}

export function fileField(model: ModelConfig): FieldConfig | undefined {
  return Object.values(model.fields).find(isUploadField);
}

export const savedRecords = (records: DraftRecords | undefined, model: string): RecordEntry[] =>
  (records?.[model] ?? []).filter((record) => record.status === "saved");
export const openDraft = (records: DraftRecords | undefined, model: string): RecordEntry | undefined =>
  records?.[model]?.find((record) => record.status === "draft");

/**
 * SPEC §5: the minimum number of saved records, a number or read from a single model's field (a
 * dependency on a records model would match more than one model: refused at start-up).
 */
export function minimumSaved(minimum: MinimumSaved, models: ModelValues): number {
  if (typeof minimum === "number") return minimum;
  const [model, key] = minimum.field.split(".") as [string, string];
  const value: FieldValue | undefined = models[model]?.[key];
  const count = typeof value === "string" ? Number.parseInt(value.replace(/,/g, ""), 10) : 0;
  return Number.isFinite(count) && count > 0 ? count : 0;
}

/** "Expense 2": how a saved record is named to the claimant (its position among the saved ones). */
export function recordLabel(
  records: DraftRecords | undefined,
  block: Pick<RecordsBlock, "model">,
  clientId: string,
): number {
  return savedRecords(records, block.model).findIndex((record) => record.clientId === clientId) + 1;
}

/**
 * The choices of a parent select (optionsSource "claimTransactions"): each saved transaction, named
 * by its number and first answers, so a receipt can be attached to the expense it proves.
 */
export function parentChoices(
  records: DraftRecords | undefined,
  describe: (record: RecordEntry, position: number) => string,
): Record<string, Option[]> {
  return {
    claimTransactions: savedRecords(records, "claimTransactions").map((record, index) => ({
      value: record.clientId,
      label: describe(record, index + 1),
    })),
  };
}

/** Formats a byte count for people: "2.4 MB", "310 KB" (in 1024s, as file managers and the limits count). */
export function formatBytes(bytes: number, culture: string): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(culture, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}
