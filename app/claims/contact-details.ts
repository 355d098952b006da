import { fieldsOfBlocks, type FormDefinition } from "#app/forms/form-definition.ts";
import type { PageDefinition } from "#app/forms/page-schema.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import type { Claim, ContactChange } from "#app/storage/store.ts";

/**
 * Change of address (issue 25): what a member may change after filing is the flow's own contact
 * details, asked as its claimant-info step asks them: the step without the claimant's name (the
 * mailing address, the e-mail address and phone number with their "Confirm …" repeats, and any
 * other contact question the step has, such as how to be contacted). The same blocks, field kinds
 * and rules as the step, so an address is checked exactly as when it was filed; no other check.
 */
export function contactPage(definition: Pick<FormDefinition, "pages">): PageDefinition | undefined {
  const known = contactPages.get(definition);
  if (known !== undefined) return known ?? undefined;
  const step = definition.pages["claimant-info"];
  const blocks = step?.blocks.filter((block) => block.kind !== "nameInput") ?? [];
  // The same object for every request: fieldsOfBlocks and the page's models are cached by it.
  const page =
    step && fieldsOfBlocks(blocks).length > 0
      ? Object.freeze({ ...step, title: "Address_Title", intro: undefined, blocks })
      : null;
  contactPages.set(definition, page);
  return page ?? undefined;
}
const contactPages = new WeakMap<Pick<FormDefinition, "pages">, PageDefinition | null>();

/** The contact fields of a flow ("model.field"), those its contact page asks. */
export function contactPaths(definition: Pick<FormDefinition, "pages">): string[] {
  const page = contactPage(definition);
  return page ? fieldsOfBlocks(page.blocks) : [];
}

/** Only the contact fields of a claim's answers. */
export function contactOf(models: ModelValues, paths: string[]): ModelValues {
  const contact: ModelValues = {};
  for (const path of paths) {
    const [model, key] = path.split(".") as [string, string];
    contact[model] = { ...contact[model], [key]: models[model]?.[key] ?? null };
  }
  return contact;
}

/** One version of a claim's contact details: as filed (a filed version), or as changed after. */
export interface ContactVersion {
  source: "filed" | "changed";
  /** The filed version's number, or the change's. */
  version: number;
  contact: ModelValues;
  at: number;
  culture: string;
}

/**
 * A claim's contact details through time, oldest first: each filed version's (claims.perMember
 * "amend" files them anew), and each change after filing, in the order they happened. The last
 * is the current one: a change after the latest version, or that version's own when an amendment
 * filed since (the member saw and confirmed the address on its summary).
 */
export function contactHistory(
  claim: Pick<Claim, "models" | "versionAt" | "version" | "culture">,
  filedVersions: Array<{ version: number; models: ModelValues; filedAt: number; culture: string }>,
  changes: ContactChange[],
  paths: string[],
): ContactVersion[] {
  const filed = filedVersions.length
    ? filedVersions
    : [{ version: claim.version, models: claim.models, filedAt: claim.versionAt, culture: claim.culture }];
  return [
    ...filed.map((version) => ({
      source: "filed" as const,
      version: version.version,
      contact: contactOf(version.models, paths),
      at: version.filedAt,
      culture: version.culture,
    })),
    ...changes.map((change) => ({
      source: "changed" as const,
      version: change.version,
      contact: contactOf(change.models, paths),
      at: change.changedAt,
      culture: change.culture,
    })),
  ].sort((a, b) => a.at - b.at || (a.source === b.source ? a.version - b.version : a.source === "filed" ? -1 : 1));
}

/** A claim's current contact details: the last of its history. */
export function currentContact(
  claim: Pick<Claim, "models" | "versionAt">,
  changes: ContactChange[],
  paths: string[],
): ModelValues {
  const latest = changes.at(-1);
  return latest && latest.changedAt >= claim.versionAt
    ? contactOf(latest.models, paths)
    : contactOf(claim.models, paths);
}
