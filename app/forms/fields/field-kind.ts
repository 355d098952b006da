import type { DateOrder } from "#app/i18n/date-order.ts";
import type { RuleFailure } from "../rules.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import type { FieldConfig } from "../definition-schema.ts";
import { type FieldValue, isEmpty } from "../field-value.ts";
import type { RecordChoices } from "../options.ts";

/** What reading an answer back needs: the culture's texts, and the claimant's records as options. */
export interface ReadBack {
  text: Translate;
  culture: string;
  choices?: RecordChoices;
}

/**
 * Everything about one kind of field (SPEC §3 componentName), in its folder: how a posted value is
 * read, how it starts, how the claimant reads it back, and what its definition must hold; and, in a
 * module of its own (normalizers.ts), how what was typed is made canonical and checked. The same
 * modules run in the browser and on the server, without React. Adding a kind is this folder, its
 * control's folder (app/components/fields/<kind>/), and a line in each registry (index.ts and
 * normalizers.ts here, app/components/fields/controls.ts); tests/unit/field-kinds.test.ts checks
 * that every componentName has all three.
 */
export interface FieldKind {
  /** Rendered as something the claimant sees and answers (a hidden field is not). */
  visible: boolean;
  /** Its value is an uploaded file, not form text (it travels with the upload, not with the fields). */
  upload: boolean;
  /** The field's value from what a form posted under its name. */
  read: (field: FieldConfig, posted: unknown) => FieldValue;
  /** Whether rules read its value as a date (range between dates, beforeDate, …). */
  holdsDate: (field: FieldConfig) => boolean;
  /** The value it starts with when nothing is saved (and nothing prepopulated). */
  startValue: (field: FieldConfig, saved: FieldValue) => FieldValue;
  /** The answer as the claimant reads it back: on the summary, the confirmation, a records row. */
  display: (field: FieldConfig, value: FieldValue, readBack: ReadBack) => string;
  /** What a definition of this kind must hold, as problems naming the field (`at`) and its model. */
  check: (field: FieldConfig, at: string, modelKey: string) => string[];
}

/**
 * How a field kind reads what the claimant typed (a typed, non-empty value): made canonical (its
 * mask, its options, its date rules), or why it is refused. Each kind's is in normalizers.ts.
 */
export type NormalizeField = (
  field: FieldConfig,
  typed: string,
  context: { maskOverride?: string; choices?: RecordChoices; dateOrder?: DateOrder },
) => { value: string } | RuleFailure;

/** A posted text value: the last of repeated values, and blank text is no answer. */
export function readText(_field: FieldConfig, posted: unknown): FieldValue {
  const raw = Array.isArray(posted) ? posted[posted.length - 1] : posted;
  // In NFC, pages and API alike: "Jose\u0301" (an accent typed as its own mark) is "José", which
  // the character whitelist knows, and is stored so, comparable with the same name typed composed.
  return typeof raw === "string" && raw.trim() !== "" ? raw.normalize("NFC") : null;
}

/** The definition's default when nothing is saved. */
export function defaultWhenEmpty(field: FieldConfig, saved: FieldValue): FieldValue {
  return isEmpty(saved) ? field.defaultValue : saved;
}

/** "Not answered yet" for an empty answer, else `show`. */
export function answered(value: FieldValue, readBack: ReadBack, show: (value: string) => string): string {
  return value === null || value === "" ? readBack.text("Value_NotAnswered") : show(String(value));
}

export const noChecks = (): string[] => [];
