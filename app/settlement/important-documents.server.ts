import { closeSync, openSync, readSync, statSync } from "node:fs";
import path from "node:path";
import { checkDocumentType, FILE_TYPE_NAMES, SNIFF_BYTES } from "#app/documents/file-types.ts";
import { SettlementConfigError } from "./config-error.ts";
import { type LocalizedText, localize, type Settlement } from "./settlement-schema.ts";

/** The settlement folder's folder of important documents (settlement.json importantDocuments). */
export const IMPORTANT_DOCUMENTS_FOLDER = "documents";

/** An important document's file as the portal serves it: where it is, and its media type (read from its content). */
export interface ImportantDocumentFile {
  path: string;
  mediaType: string;
}

/** An important document as a page lists it, in the claimant's culture. */
export interface ImportantDocumentLink {
  title: string;
  file: string;
}

/**
 * Checks every important document's file at start-up, so a claimant never follows a link to
 * nothing: each is a file in the settlement folder's documents/, of a kind claimants' uploads may
 * be (PDF, JPEG, PNG, HEIC, TIFF: its content checked against its name, as an upload's is).
 * Answers the files by name: the only ones /documents/<name> serves.
 */
export function checkImportantDocuments(
  settlementDir: string,
  settlement: Pick<Settlement, "importantDocuments" | "cultures">,
): Map<string, ImportantDocumentFile> {
  const settlementFile = path.join(settlementDir, "settlement.json");
  const files = new Map<string, ImportantDocumentFile>();
  for (const [index, document] of settlement.importantDocuments.entries()) {
    for (const name of fileNames(document.file, settlement.cultures)) {
      if (files.has(name)) continue;
      const file = path.join(settlementDir, IMPORTANT_DOCUMENTS_FOLDER, name);
      const refuse = (reason: string) =>
        new SettlementConfigError(
          `Invalid settlement configuration:\n  ${settlementFile}: at importantDocuments.${index}.file: ${reason}`,
        );
      if (!statSync(file, { throwIfNoEntry: false })?.isFile())
        throw refuse(`${name} is not a file in ${path.join(settlementDir, IMPORTANT_DOCUMENTS_FOLDER)}`);
      const type = checkDocumentType(name, readHead(file), FILE_TYPE_NAMES);
      if (!type.ok)
        throw refuse(
          type.reason === "extension"
            ? `${name} is not a PDF, JPEG, PNG, HEIC or TIFF file by its name`
            : `${name} does not hold what its name says (its content is not a ${path.extname(name).slice(1).toUpperCase()} file)`,
        );
      files.set(name, { path: file, mediaType: type.mediaType });
    }
  }
  return files;
}

/** The settlement's important documents in a culture, in the order settlement.json lists them. */
export function importantDocumentLinks(
  settlement: Pick<Settlement, "importantDocuments">,
  culture: string,
): ImportantDocumentLink[] {
  return settlement.importantDocuments.map((document) => ({
    title: localize(document.title, culture),
    file: localize(document.file, culture),
  }));
}

function fileNames(file: LocalizedText, cultures: string[]): string[] {
  return typeof file === "string" ? [file] : cultures.map((culture) => localize(file, culture));
}

function readHead(file: string): Uint8Array {
  const head = Buffer.alloc(SNIFF_BYTES);
  const descriptor = openSync(file, "r");
  try {
    return head.subarray(0, readSync(descriptor, head, 0, SNIFF_BYTES, 0));
  } finally {
    closeSync(descriptor);
  }
}
