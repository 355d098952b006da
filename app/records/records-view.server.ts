import type { ModelConfig } from "#app/forms/definition-schema.ts";
import { displayValue } from "#app/forms/display-value.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import type { FormDefinition } from "#app/forms/form-definition.ts";
import type { RecordChoices } from "#app/forms/options.ts";
import type { PageDefinition, RecordsBlock } from "#app/forms/page-schema.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import type { DraftRecords, RecordEntry } from "#app/storage/store.ts";
import { NEW_RECORD } from "./record-actions.server.ts";
import {
  displayFields,
  draftFields,
  FILE_MODEL_FIELDS,
  formatBytes,
  openDraft,
  PARENT_FIELD,
  parentChoices,
  recordModelConfig,
  recordsBlocks,
  savedRecords,
} from "./records.ts";

/** A saved record as its display-only row shows it. */
export interface RecordRow {
  clientId: string;
  /** "Expense 2", "Document 1". */
  title: string;
  cells: string[];
  /** Documents attached to this record (an expense's receipts), for the remove button's words. */
  attached: number;
}

/** Everything a records block renders: saved rows, the open draft (if any), and what it may do. */
export interface RecordsView {
  block: RecordsBlock;
  /** The model with only the fields a draft asks for. */
  model: ModelConfig;
  /** "model.field" of a draft's inputs, in order. */
  fields: string[];
  headings: string[];
  rows: RecordRow[];
  draft?: { clientId: string; title: string; values: Record<string, FieldValue>; editing: boolean; stored: boolean };
  /**
   * Why no draft is open: each record must name one of another list's (a document its expense) and
   * that list has none saved yet, so a form could only fail (GOV.UK service standard).
   */
  awaiting?: string;
}

/** A record's value as a row shows it: the expense a receipt belongs to, a size in KB/MB, option labels. */
function cellText(
  model: ModelConfig,
  key: string,
  record: RecordEntry,
  choices: RecordChoices,
  text: Translate,
  culture: string,
): string {
  const value = record.fields[key] ?? null;
  if (key === FILE_MODEL_FIELDS.size) return value === null ? "" : formatBytes(Number(value), culture);
  if (key === FILE_MODEL_FIELDS.type || key === FILE_MODEL_FIELDS.name) return value === null ? "" : String(value);
  // A saved record's blank optional answer was left blank on purpose: "Not given", as on the summary.
  if (value === null || value === "") return text("Value_NotGiven");
  const field = model.fields[key]!;
  return displayValue(field, value, text, culture, choices);
}

/** The saved expenses as a receipt's choices: "Expense 1: 3/4/2026, Tow, 120.00". */
export function recordChoices(
  definition: FormDefinition,
  page: PageDefinition | undefined,
  records: DraftRecords | undefined,
  text: Translate,
  culture: string,
): RecordChoices {
  const table = recordsBlocks(page).find((block) => block.model === "claimTransactions");
  const model = table && recordModelConfig(definition.models, table);
  return parentChoices(records, (record, position) => {
    const title = text(table?.itemLabel ?? "Records_Expense", position);
    if (!table || !model) return title;
    const cells = displayFields(table, model).map((key) => cellText(model, key, record, {}, text, culture));
    return `${title}: ${cells.join(", ")}`;
  });
}

/** The records blocks of a step as the page shows them (a failed save's answers are the action's). */
export function recordsViews(
  definition: FormDefinition,
  page: PageDefinition,
  records: DraftRecords | undefined,
  text: Translate,
  culture: string,
  choices: RecordChoices,
): RecordsView[] {
  return recordsBlocks(page).map((block) => {
    const full = recordModelConfig(definition.models, block)!;
    const keys = draftFields(block, full).filter(
      (key) => !(Object.values(FILE_MODEL_FIELDS) as string[]).includes(key),
    );
    const model: ModelConfig = { ...full, fields: Object.fromEntries(keys.map((key) => [key, full.fields[key]!])) };
    const shown = displayFields(block, full);
    const saved = savedRecords(records, block.model);
    // A saved record being edited keeps its number.
    const numbered = (records?.[block.model] ?? []).filter((record) => record.status === "saved" || record.savedFields);
    const rows = saved.map((record) => ({
      clientId: record.clientId,
      title: text(block.itemLabel, numbered.indexOf(record) + 1),
      cells: shown.map((key) => cellText(full, key, record, choices, text, culture)),
      attached:
        block.model === "claimTransactions"
          ? (records?.documentContexts ?? []).filter((document) => document.fields[PARENT_FIELD] === record.clientId)
              .length
          : 0,
    }));
    const open = openDraft(records, block.model);
    const awaited = keys.find((key) => {
      const field = full.fields[key]!;
      const source = field.optionsSource;
      return (
        !!source &&
        source in choices &&
        choices[source]!.length === 0 &&
        (field.validations ?? []).some((rule) => rule.type === "required")
      );
    });
    let draft: RecordsView["draft"];
    if (!awaited && (open || block.beginDraftOnLoad)) {
      const clientId = open?.clientId ?? NEW_RECORD;
      const editing = !!open?.savedFields;
      const position = editing ? numbered.indexOf(open!) + 1 : numbered.length + 1;
      const values = Object.fromEntries(
        keys.map((key) => [`${block.model}.${key}`, open?.fields[key] ?? full.fields[key]!.defaultValue ?? null]),
      );
      draft = { clientId, title: text(block.itemLabel, position), values, editing, stored: !!open };
    }
    return {
      block,
      model,
      fields: keys.map((key) => `${block.model}.${key}`),
      headings: shown.map((key) => text(full.fields[key]?.label ?? key)),
      rows,
      draft,
      awaiting: awaited ? text("Documents_AwaitingParent") : undefined,
    };
  });
}
