import { STORED_ORDER, storedAsTyped } from "./claimant-dates.ts";
import { claimantToday } from "./claimant-clock.ts";
import type { DateOrder } from "#app/i18n/date-order.ts";
import type { FieldConfig } from "./definition-schema.ts";
import { dependenciesFulfilled } from "./dependencies.ts";
import { type FieldValue, isEmpty } from "./field-value.ts";
import { forcedValue, type ModelValues, submittedValue } from "./field-answers.ts";
import { fieldsOfBlocks, type FormDefinition, qualify, resolveField } from "./form-definition.ts";
import { fieldKind } from "./fields/index.ts";
import { normalizeField } from "./fields/normalizers.ts";
import type { RecordChoices } from "./options.ts";
import type { StepName } from "./page-schema.ts";
import { plainPunctuation } from "./plain-punctuation.ts";
import { checkRule, type RuleFailure } from "./rules.ts";

export interface StepContext {
  characterWhitelist: string;
  internationalAddresses: boolean;
  /** Epoch milliseconds; "today" is taken in Los Angeles. */
  now: number;
  side: "server" | "client";
  /** What the claimant already answered on other steps, for conditions that look across steps. */
  saved: ModelValues;
  /** Options drawn from the claimant's records (a receipt's expense). */
  recordChoices?: RecordChoices;
  /**
   * The order dates are typed in: a page's culture's; month first (as stored) where answers come
   * already stored or from the JSON API (docs/decisions/034-dates-as-claimants-type-them.md).
   */
  dateOrder?: DateOrder;
}

export interface StepResult {
  /** The step's fields, normalised; a field whose dependencies are unmet is null, whatever was posted. */
  values: ModelValues;
  /** Per "model.field", the failures (only the first is shown). */
  errors: Record<string, RuleFailure[]>;
}

function setValue(values: ModelValues, path: string, value: FieldValue) {
  const [model, field] = path.split(".") as [string, string];
  values[model] = { ...values[model], [field]: value };
}

function normalize(
  field: FieldConfig,
  value: string,
  maskOverride: string | undefined,
  context: Pick<StepContext, "recordChoices" | "dateOrder">,
): { value: string } | RuleFailure {
  return normalizeField(field, value, {
    maskOverride,
    choices: context.recordChoices,
    dateOrder: context.dateOrder ?? STORED_ORDER,
  });
}

/** A failure's dates (stored MM/dd/yyyy, as rules and pickers give them) as the claimant types dates. */
function inClaimantOrder(failure: RuleFailure, order: DateOrder): RuleFailure {
  if (!failure.params || order === STORED_ORDER) return failure;
  const params = Object.fromEntries(
    Object.entries(failure.params).map(([name, value]) => [
      name,
      typeof value === "string" ? storedAsTyped(value, order) : value,
    ]),
  );
  return { ...failure, params };
}

/**
 * The answer a field that does not apply keeps (resetOnUnfulfilled: false): the saved one when the
 * form did not send the field (disabled, or not on the form); else what was sent, emptied if the
 * claimant emptied it (without JavaScript the field is on the page, with its hint), as its mask
 * reads it. What cannot be read is not kept, nor is the saved answer put back in its place; no
 * message either, since with JavaScript the field is hidden and a claimant could not mend it.
 */
function keptAnswer(
  field: FieldConfig,
  sent: boolean,
  posted: FieldValue,
  saved: FieldValue,
  context: Pick<StepContext, "dateOrder">,
): FieldValue {
  if (!sent) return saved;
  if (typeof posted !== "string" || isEmpty(posted)) return posted;
  const read = normalize(field, posted, undefined, { dateOrder: context.dateOrder });
  return "value" in read ? read.value : null;
}

export function validateStep(
  definition: Pick<FormDefinition, "models" | "pages">,
  step: StepName,
  submitted: Record<string, Record<string, unknown> | undefined>,
  context: StepContext,
): StepResult {
  const paths = fieldsOfBlocks(definition.pages[step]?.blocks ?? []);
  const current: ModelValues = structuredClone(context.saved);
  const fields = paths.map((path) => resolveField(definition, path)!).filter(Boolean);

  for (const { path, modelKey, field } of fields) {
    // Each kind reads its own (a hidden field's value is the definition's, whatever is posted).
    setValue(current, path, forcedValue(path, context) ?? submittedValue(field, submitted[modelKey]?.[field.key]));
  }
  const valueAt = (model: string) => (reference: string) => {
    const [owner, key] = qualify(reference, model).split(".") as [string, string];
    return current[owner]?.[key] ?? null;
  };

  const values: ModelValues = {};
  const errors: StepResult["errors"] = {};
  const applies = new Map<string, boolean>();

  // Pass 1: dependencies and normalisation, so rules compare normalised values (dates as MM/dd/yyyy).
  for (const { path, modelKey, field } of fields) {
    const fulfilled = dependenciesFulfilled(field.dependencies, valueAt(modelKey));
    applies.set(path, fulfilled);
    if (!fulfilled) {
      // Not applicable: later rules see it unanswered, and nothing is stored for it; unless the
      // definition keeps its answer for when it applies again (resetOnUnfulfilled: false), as the
      // browser does: then the answer is kept as it was saved, or as posted if its mask reads it.
      const sent = Object.hasOwn(submitted[modelKey] ?? {}, field.key);
      const kept =
        field.dependencies?.resetOnUnfulfilled === false
          ? keptAnswer(
              field,
              sent,
              current[modelKey]?.[field.key] ?? null,
              context.saved[modelKey]?.[field.key] ?? null,
              context,
            )
          : null;
      setValue(current, path, null);
      setValue(values, path, kept);
      continue;
    }
    const raw = current[modelKey]?.[field.key] ?? null;
    if (typeof raw === "string" && !isEmpty(raw)) {
      const result = normalize(field, raw, field.dependencies?.maskOverride, context);
      if ("value" in result) {
        const restricted = field.validations.some((rule) => rule.type === "characterSetRestriction");
        setValue(current, path, restricted ? plainPunctuation(result.value, context.characterWhitelist) : result.value);
      } else {
        errors[path] = [inClaimantOrder(result, context.dateOrder ?? STORED_ORDER)];
      }
    }
    setValue(values, path, current[modelKey]?.[field.key] ?? null);
  }

  // Pass 2: the rules, first failure per field.
  const today = claimantToday(context.now);
  for (const { path, modelKey, field } of fields) {
    if (!applies.get(path) || errors[path]) continue;
    const value = current[modelKey]?.[field.key] ?? null;
    const isDate = fieldKind(field).holdsDate(field);
    for (const rule of field.validations) {
      const failure = checkRule(rule, {
        value,
        isDate,
        valueOf: valueAt(modelKey),
        characterWhitelist: context.characterWhitelist,
        today,
        side: context.side,
      });
      if (failure) {
        errors[path] = [inClaimantOrder(failure, context.dateOrder ?? STORED_ORDER)];
        break;
      }
    }
  }
  // In the page's order, whichever pass found them: a records draft's summary lists them so.
  const inPageOrder = Object.fromEntries(fields.flatMap(({ path }) => (errors[path] ? [[path, errors[path]]] : [])));
  return { values, errors: inPageOrder };
}
