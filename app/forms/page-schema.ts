import { z } from "zod";

export const ICON_NAMES = [
  "trash",
  "user-secret",
  "envelope",
  "phone",
  "paper-plane",
  "pen",
  "plus",
  "check",
  "circle-info",
  "location-dot",
  "chevron-down",
  "globe",
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** A field reference on a page: "model.field", the model named by its camel-cased dtoMapping. */
const fieldReference = z
  .string()
  .regex(/^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/, 'Expected "model.field", e.g. "claimantInfo.firstName"');

const textKey = z.string().min(1);

export type PageBlock =
  | { kind: "field"; field: string }
  | { kind: "formRow"; fields: string[] }
  | { kind: "headerBlock"; headingTag: "h2" | "h3" | "h4"; text: string }
  | { kind: "feedback"; style: "default" | "success" | "warning"; text: string; icon?: IconName }
  | { kind: "labelledValue"; label?: string; icon?: IconName; value?: string; valueFrom?: string | string[] }
  | {
      kind: "nameInput";
      model: string;
      legend: string;
      layout: "firstLast" | "firstMiddleInitialLast";
      fields: { first: string; middleInitial?: string; last: string };
    }
  | { kind: "mailingAddress"; model: string; legend: string }
  | { kind: "confirmation"; model: string; emailField?: string; phoneField?: string }
  | { kind: "fieldset"; legend: string; hint?: string; blocks: PageBlock[] }
  | RecordsBlock;

/** How many saved records a records block needs: a number, or the number answered in a field. */
export type MinimumSaved = number | { field: string };

/**
 * SPEC §4 "Records": a multi-record table (claim transactions) or a multi-record manager (document
 * contexts, each with a file). Rendered before the page's other blocks, each record in its own form.
 */
export interface RecordsBlock {
  kind: "recordsTable" | "documentManager";
  /** A records model (SPEC §3). */
  model: "claimTransactions" | "documentContexts";
  legend: string;
  hint?: string;
  /** What one record is called, e.g. "Records_Expense" ("Expense {0}"). */
  itemLabel: string;
  /** The fields a draft record asks for, in order; without it, all of the model's, alphabetically (with a warning). */
  fields?: string[];
  /** The fields a saved record's display-only row shows (SPEC §9: at most 11 with action buttons, else 12). */
  displayFields?: string[];
  minimumSaved: MinimumSaved;
  /** A manager with no saved record shows 'Provide documentation' when the claimant continues. */
  required: boolean;
  /** Begin a draft when the page loads and after each record is finished. */
  beginDraftOnLoad: boolean;
  allowDelete: boolean;
  allowEdit: boolean;
}

const fieldKey = z.string().regex(/^[a-z][A-Za-z0-9]*$/, "Expected a field key of the records model");

function recordsBlockSchema<Kind extends RecordsBlock["kind"]>(kind: Kind) {
  return z.strictObject({
    kind: z.literal(kind),
    model: z.enum(["claimTransactions", "documentContexts"], {
      error: "A records block's model is claimTransactions or documentContexts",
    }),
    legend: textKey,
    hint: textKey.optional(),
    itemLabel: textKey,
    fields: z.array(fieldKey).min(1).optional(),
    displayFields: z.array(fieldKey).min(1).optional(),
    // SPEC §9: default minimum 0.
    minimumSaved: z.union([z.int().min(0), z.strictObject({ field: fieldReference })]).default(0),
    required: z.boolean().default(false),
    beginDraftOnLoad: z.boolean().default(kind === "documentManager"),
    // SPEC §6: deletion allowed by default, editing off by default.
    allowDelete: z.boolean().default(true),
    allowEdit: z.boolean().default(false),
  });
}

export const pageBlockSchema: z.ZodType<PageBlock> = z.lazy(() =>
  z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("field"), field: fieldReference }),
    z.strictObject({ kind: z.literal("formRow"), fields: z.array(fieldReference).min(1).max(3) }),
    // SPEC §5: a header block needs its heading tag.
    z.strictObject({
      kind: z.literal("headerBlock"),
      headingTag: z.enum(["h2", "h3", "h4"], { error: "A header block needs a heading tag (h2, h3 or h4)" }),
      text: textKey,
    }),
    z.strictObject({
      kind: z.literal("feedback"),
      style: z.enum(["default", "success", "warning"]).default("default"),
      text: textKey,
      icon: z.enum(ICON_NAMES).optional(),
    }),
    z
      .strictObject({
        kind: z.literal("labelledValue"),
        label: textKey.optional(),
        icon: z.enum(ICON_NAMES).optional(),
        value: textKey.optional(),
        // One answer, or several shown together (an address: its street, city, state …), those answered.
        valueFrom: z.union([fieldReference, z.array(fieldReference).min(1)]).optional(),
      })
      .refine((block) => block.label || block.icon, { error: "Either label or icon must have a value." }),
    z.strictObject({
      kind: z.literal("nameInput"),
      model: z.string().min(1),
      legend: textKey,
      layout: z.enum(["firstLast", "firstMiddleInitialLast"]),
      fields: z.strictObject({ first: z.string(), middleInitial: z.string().optional(), last: z.string() }),
    }),
    z.strictObject({ kind: z.literal("mailingAddress"), model: z.string().min(1), legend: textKey }),
    z.strictObject({
      kind: z.literal("confirmation"),
      model: z.string().min(1),
      emailField: z.string().optional(),
      phoneField: z.string().optional(),
    }),
    z.strictObject({
      kind: z.literal("fieldset"),
      legend: textKey,
      hint: textKey.optional(),
      blocks: z.array(pageBlockSchema).min(1),
    }),
    recordsBlockSchema("recordsTable"),
    recordsBlockSchema("documentManager"),
  ]),
) as z.ZodType<PageBlock>;

export const STEP_NAMES = [
  "index",
  "claimant-info",
  "claim-details",
  "payment-election",
  "supporting-documents",
  "claim-summary",
  "confirmation",
] as const;
export type StepName = (typeof STEP_NAMES)[number];

export const pageSchema = z.strictObject({
  title: textKey,
  intro: textKey.optional(),
  /** SPEC §4: a skipped page is bypassed by next and back. */
  skipped: z.boolean().default(false),
  /** SPEC §3 "per-page enableTimeout": the inactivity time-out applies on this page. */
  enableTimeout: z.boolean().default(true),
  blocks: z.array(pageBlockSchema).default([]),
});
export type PageDefinition = z.infer<typeof pageSchema>;

export const pagesSchema = z.partialRecord(z.enum(STEP_NAMES), pageSchema);
