import { z } from "zod";
import { MASK_NAMES } from "./masks/index.ts";

/**
 * The form definitions of a settlement (SPEC §3 "Server model config"): per form type, a non-empty
 * array of models, each with metadataHash, metadata.dtoMapping and its fields; plus the pages that
 * say which fields each step shows. docs/forms.md documents every property.
 */

const messageKey = z.string().min(1).optional();
/** A condition on another field: "field" is a key of the same model, or "model.field" for another. */
const condition = z.strictObject({
  otherProperty: z.string().min(1),
  /** null means "empty" (SPEC §5). */
  otherPropertyValue: z.union([z.string(), z.boolean(), z.null()]),
  /** true: required when equal; false: required when not equal. */
  isEqual: z.boolean().default(true),
});
export type RuleCondition = z.infer<typeof condition>;
const dateText = z.string().regex(/^\d{1,2}\/\d{1,2}\/\d{4}$/, "Expected a date as M/d/yyyy");

const RULE_SCHEMAS = {
  required: z.strictObject({ type: z.literal("required"), message: messageKey }),
  requiredOnClientOnly: z.strictObject({ type: z.literal("requiredOnClientOnly"), message: messageKey }),
  requiredIf: z.strictObject({ type: z.literal("requiredIf"), ...condition.shape, message: messageKey }),
  nestedRequiredIf: z.strictObject({
    type: z.literal("nestedRequiredIf"),
    operator: z.enum(["Or", "And"]),
    conditions: z.tuple([condition, condition]),
    message: messageKey,
  }),
  requiredIfOtherPropertyMatchesRegex: z.strictObject({
    type: z.literal("requiredIfOtherPropertyMatchesRegex"),
    otherProperty: z.string().min(1),
    pattern: z.string().min(1),
    message: messageKey,
  }),
  requireOnePropertyValTrue: z.strictObject({
    type: z.literal("requireOnePropertyValTrue"),
    properties: z.array(z.string()).min(1),
    message: messageKey,
  }),
  maxLength: z.strictObject({ type: z.literal("maxLength"), max: z.int().positive(), message: messageKey }),
  range: z.strictObject({
    type: z.literal("range"),
    min: z.union([z.number(), dateText]),
    max: z.union([z.number(), dateText]),
    message: messageKey,
  }),
  beforeDate: z.strictObject({
    type: z.literal("beforeDate"),
    /** The reference: a fixed date, or another field's date. */
    referenceDate: dateText.optional(),
    otherProperty: z.string().optional(),
    /** "on or before" (or "on or after" with `after`). */
    allowEqual: z.boolean().default(false),
    /** After the reference instead of before it. */
    after: z.boolean().default(false),
    message: messageKey,
  }),
  endDate: z.strictObject({
    type: z.literal("endDate"),
    startProperty: z.string().min(1),
    allowEqual: z.boolean().default(false),
    message: messageKey,
  }),
  preventFutureDate: z.strictObject({
    type: z.literal("preventFutureDate"),
    allowToday: z.boolean().default(true),
    message: messageKey,
  }),
  preventFutureShortDate: z.strictObject({
    type: z.literal("preventFutureShortDate"),
    allowToday: z.boolean().default(true),
    message: messageKey,
  }),
  regularExpression: z.strictObject({
    type: z.literal("regularExpression"),
    pattern: z.string().min(1),
    message: messageKey,
  }),
  characterSetRestriction: z.strictObject({ type: z.literal("characterSetRestriction"), message: messageKey }),
  confirmNone: z.strictObject({
    type: z.literal("confirmNone"),
    properties: z.array(z.string()).min(1),
    message: messageKey,
  }),
  /** Not in SPEC's list: the confirmation block's "type it again" check (docs/forms.md). */
  equalTo: z.strictObject({ type: z.literal("equalTo"), otherProperty: z.string().min(1), message: messageKey }),
} as const;

export type RuleType = keyof typeof RULE_SCHEMAS;
export type ValidationRule = { [K in RuleType]: z.output<(typeof RULE_SCHEMAS)[K]> }[RuleType];

/** A rule, checked against the schema its type names; an unknown type is refused in SPEC §5's words. */
const validationRule = z.unknown().transform((value, ctx): ValidationRule => {
  const type = typeof value === "object" && value !== null ? (value as { type?: unknown }).type : undefined;
  if (typeof type !== "string" || !Object.hasOwn(RULE_SCHEMAS, type)) {
    ctx.issues.push({
      code: "custom",
      message: `No vuelidate unobtrusive adapter found for api validation type: ${String(type)}`,
      input: value,
    });
    return z.NEVER;
  }
  const parsed = RULE_SCHEMAS[type as RuleType].safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.issues.push({ code: "custom", message: issue.message, path: issue.path, input: value });
    return z.NEVER;
  }
  return parsed.data as ValidationRule;
});

const dependencyCondition = z.strictObject({
  /** "field" in the same model, or "model.field". */
  field: z.string().min(1),
  equals: z.union([z.string(), z.boolean(), z.null()]).optional(),
  notEquals: z.union([z.string(), z.boolean(), z.null()]).optional(),
  matches: z.string().optional(),
  oneOf: z.array(z.string()).optional(),
});
export type DependencyCondition = z.infer<typeof dependencyCondition>;

/** SPEC §3 "Dependency settings"; every condition must hold (allDependenciesFulfilled). */
const dependencies = z.strictObject({
  conditions: z.array(dependencyCondition).min(1),
  hideWhenUnfulfilled: z.boolean().default(true),
  disable: z.boolean().default(false),
  resetOnUnfulfilled: z.boolean().default(true),
  resetOnFulfilled: z.boolean().default(false),
  maskOverride: z.enum(MASK_NAMES).optional(),
});
export type Dependencies = z.infer<typeof dependencies>;

const option = z.strictObject({ value: z.string(), label: z.string().min(1) });

export const COMPONENT_NAMES = [
  "FormFieldText",
  "FormFieldSelect",
  "FormFieldRadio",
  "FormFieldCheckbox",
  "FormFieldDate",
  "FormFieldHidden",
  /** SPEC §3: a document context's file; one per model, one file per input (docs/forms.md "Records"). */
  "FormFieldFile",
] as const;

const fieldConfig = z.strictObject({
  componentName: z.enum(COMPONENT_NAMES),
  key: z.string().regex(/^[a-z][A-Za-z0-9]*$/, "Field keys are camelCase"),
  /** A text key (an untranslated key shows itself, so plain text also works). */
  label: z.string().min(1),
  hint: z.string().optional(),
  defaultValue: z.union([z.string(), z.boolean(), z.null()]).default(null),
  placeholder: z.string().nullable().optional(),
  maskName: z.enum(MASK_NAMES).default("none"),
  prepopulatedDataKey: z.string().optional(),
  overrideEverDirtyFieldConstraint: z.boolean().default(false),
  disableRequiredStyling: z.boolean().default(false),
  validations: z.array(validationRule).default([]),
  dependencies: dependencies.optional(),
  stylingChoice: z.string().optional(),
  /** The HTML autocomplete token, so browsers can fill names, addresses, e-mails and phones. */
  autocomplete: z.string().optional(),
  /**
   * A secret answer (a bank account or routing number): encrypted at rest, read back masked
   * ("Ending in 6789"), whole only in the step that asks for it and in the operator's export
   * (decision 015). Text fields only.
   */
  sensitive: z.boolean().default(false),
  // Text
  inputGroupConfig: z
    .strictObject({ prependedText: z.string().optional(), appendedText: z.string().optional() })
    .optional(),
  // Select and radio
  options: z.array(option).optional(),
  placeholderText: z.string().optional(),
  hasNoneOption: z.boolean().default(false),
  noneOptionLabel: z.string().optional(),
  /** A select fed by a built-in list instead of `options`. */
  optionsSource: z.enum(["usStates", "countries", "claimTransactions"]).optional(),
  // Date
  hasTimePicker: z.boolean().default(false),
  picker: z
    .strictObject({
      mode: z.enum(["single", "range", "multiple"]).default("single"),
      minDate: dateText.optional(),
      maxDate: dateText.optional(),
      disabledDates: z.array(dateText).default([]),
      /** 0 = Sunday … 6 = Saturday. */
      disabledWeekdays: z.array(z.int().min(0).max(6)).default([]),
      allowedDates: z.array(dateText).optional(),
      yearRange: z.tuple([z.int(), z.int()]).default([1900, 2100]),
      minRangeDays: z.int().positive().optional(),
      maxRangeDays: z.int().positive().optional(),
      maxDates: z.int().positive().optional(),
      minTime: z
        .string()
        .regex(/^\d{2}:\d{2}$/)
        .optional(),
      maxTime: z
        .string()
        .regex(/^\d{2}:\d{2}$/)
        .optional(),
    })
    .optional(),
});
export type FieldConfig = z.infer<typeof fieldConfig>;
export type ComponentName = (typeof COMPONENT_NAMES)[number];

export const modelConfigSchema = z.strictObject({
  metadataHash: z.string().min(1),
  metadata: z.strictObject({
    dtoMapping: z.string().regex(/^[A-Z][A-Za-z0-9]*$/, "dtoMapping names are PascalCase, e.g. ClaimantInfo"),
  }),
  fields: z.record(z.string(), fieldConfig),
});
export type ModelConfig = z.infer<typeof modelConfigSchema>;

/** SPEC §5: the server model config must be a non-empty array of models. */
export const modelConfigsSchema = z
  .array(modelConfigSchema)
  .min(1, "The server model config must be a non-empty array of models");
