import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, renameSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { CSV_FILE_START, csvLine } from "#app/claimants/csv.ts";
import type { FormType } from "#app/deadlines/deadline-guard.ts";
import { fitToBytes, MAX_NAME_BYTES, safeFileName } from "#app/documents/file-types.ts";
import { isUploadField } from "#app/forms/fields/index.ts";
import { fieldsOfBlocks, type FormDefinition, modelKey } from "#app/forms/form-definition.ts";
import { isRecordModel, PARENT_FIELD } from "#app/records/records.ts";
import { PRIVATE_FILE, PRIVATE_FOLDER, privateFolder } from "#app/storage/data-dir.server.ts";
import { allClaims, type Claim, type RecordEntry, type Store, type StoredDocument } from "#app/storage/store.ts";

export interface ExportOptions {
  store: Store;
  forms: Record<FormType, FormDefinition>;
  outDir: string;
  formats: Array<"json" | "csv">;
  documents: boolean;
}

export interface ExportSummary {
  claims: number;
  documents: number;
  files: string[];
}

/**
 * Where a file of the export is written before it takes its name: a new file ("wx": never one that
 * exists, nor through a symlink) of the operator's alone, renamed into place when complete. A file
 * already at the name (with its own mode) or a symlink planted there is replaced, not written
 * through: the export holds bank numbers decrypted.
 */
function partialOf(file: string): string {
  return `${file}.${randomBytes(6).toString("hex")}.partial`;
}
/** What partialOf adds to a name: ".<12 hex digits>.partial". */
const PARTIAL_SUFFIX_BYTES = 21;

/**
 * A document's file in the export: its number in the claim (two documents may share a name), then
 * its name, cut to fit a file system's 255 bytes with the ".partial" it is first written as (the
 * extension kept): no name, however long in bytes (one stored before names were bounded, say),
 * fails the export.
 */
export function documentFileName(index: number, name: string): string {
  const prefix = `${index + 1}-`;
  return prefix + fitToBytes(safeFileName(name), MAX_NAME_BYTES - PARTIAL_SUFFIX_BYTES - prefix.length);
}

/** A writable file that waits when the disk is slower than the database; the operator's alone. */
function output(file: string) {
  const partial = partialOf(file);
  const stream = createWriteStream(partial, { mode: PRIVATE_FILE, flags: "wx" });
  return {
    write: (text: string) =>
      stream.write(text) ? Promise.resolve() : new Promise<void>((resolve) => stream.once("drain", resolve)),
    close: async () => {
      await new Promise<void>((resolve, reject) =>
        stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      renameSync(partial, file);
    },
  };
}

/** Copies a document out of the store, checking it is byte for byte what was uploaded. */
async function exportDocument(store: Store, document: StoredDocument, file: string) {
  const hash = createHash("sha256");
  const partial = partialOf(file);
  const handle = await open(partial, "wx", PRIVATE_FILE);
  try {
    for await (const chunk of store.readDocument(document.id)) {
      hash.update(chunk);
      await handle.write(chunk);
    }
  } finally {
    await handle.close();
  }
  renameSync(partial, file);
  if (hash.digest("hex") !== document.sha256)
    throw new Error(
      `Document ${document.id} of claim ${document.referenceCode} does not match its SHA-256: the copy at ${file} is damaged`,
    );
}

/** The fields of the single models a claim holds (not the sign-in's credentials), in definition order: the CSV columns. */
function answerColumns(definition: FormDefinition): string[] {
  const shown = new Set(
    Object.entries(definition.pages)
      .filter(([step]) => step !== "index")
      .flatMap(([, page]) => fieldsOfBlocks(page!.blocks).map((path) => path.split(".")[0]!)),
  );
  return definition.models
    .filter((model) => shown.has(modelKey(model)) && !isRecordModel(modelKey(model)))
    .flatMap((model) => Object.keys(model.fields).map((key) => `${modelKey(model)}.${key}`));
}

/**
 * Every claim, as its latest version, with its member (Claim ID, or the VIN of an unverified
 * filing), how the claimant signed in, the number of versions, its answers, records and
 * documents: claims.json (one object per claim), and
 * per form type claims-<type>.csv (one row per claim, a column per field) and
 * records-<type>-<list>.csv (one row per record); documents under documents/<reference code>/.
 * Claims are read a page at a time, so an export of any size runs in flat memory. Sensitive
 * answers (bank numbers) are written whole, decrypted: the export is what the administrator pays
 * from, and the one place they leave the portal (decision 015); its files are owner-only.
 */
export async function exportClaims(options: ExportOptions): Promise<ExportSummary> {
  const { store, forms, outDir } = options;
  // Folders it makes are the operator's alone: the export holds sensitive answers decrypted. One
  // that exists is left as the operator made it, with a warning if others can read it.
  privateFolder(outDir);
  const files: string[] = [];
  const open = (name: string) => {
    files.push(name);
    return output(path.join(outDir, name));
  };
  const json = options.formats.includes("json") ? open("claims.json") : undefined;
  const csv = new Map<string, ReturnType<typeof output>>();
  const csvFor = async (name: string, header: string[]) => {
    let file = csv.get(name);
    if (!file) {
      file = open(name);
      csv.set(name, file);
      await file.write(CSV_FILE_START + csvLine(header));
    }
    return file;
  };

  let claims = 0;
  let documentCount = 0;
  await json?.write("[\n");
  for await (const claim of allClaims(store)) {
    const documents = await store.claimDocuments(claim.referenceCode);
    const exported = new Map<string, string>();
    // A claim without documents gets no folder: an empty one would say its documents were lost.
    if (options.documents && documents.length > 0) {
      const folder = path.join("documents", claim.referenceCode);
      mkdirSync(path.join(outDir, folder), { recursive: true, mode: PRIVATE_FOLDER });
      for (const [index, document] of documents.entries()) {
        const name = path.join(folder, documentFileName(index, document.name));
        await exportDocument(store, document, path.join(outDir, name));
        exported.set(document.id, name);
        documentCount++;
      }
    }
    await json?.write(`${claims > 0 ? ",\n" : ""}${JSON.stringify(claimJson(claim, documents, exported))}`);
    if (options.formats.includes("csv")) await writeCsv(claim, forms[claim.formType], documents, exported, csvFor);
    claims++;
  }
  await json?.write("\n]\n");
  await json?.close();
  for (const file of csv.values()) await file.close();
  return { claims, documents: documentCount, files };
}

/**
 * A record's documents, for its documentFile column (docs/operating.md): its own file (a document
 * context's), else the files of the records attached to it (an expense's receipts, by
 * claimTransactionId), in the claim's order.
 */
function recordDocuments(claim: Claim, record: RecordEntry, documents: StoredDocument[]): StoredDocument[] {
  const ids = record.documentId
    ? [record.documentId]
    : Object.values(claim.records)
        .flat()
        .filter((other) => other.fields[PARENT_FIELD] === record.clientId && other.documentId)
        .map((other) => other.documentId!);
  return documents.filter((document) => ids.includes(document.id));
}

/** Who filed the claim and which version this is: the columns an administrator pays by. */
function identity(claim: Claim) {
  return {
    claimId: claim.member.claimId,
    vin: claim.member.vin,
    verified: claim.member.verified,
    signInMethod: claim.member.signInMethod,
    culture: claim.culture,
    submittedAt: new Date(claim.submittedAt).toISOString(),
    version: claim.version,
    versionAt: new Date(claim.versionAt).toISOString(),
  };
}

function claimJson(claim: Claim, documents: StoredDocument[], exported: Map<string, string>) {
  return {
    referenceCode: claim.referenceCode,
    formType: claim.formType,
    ...identity(claim),
    answers: claim.models,
    records: claim.records,
    documents: documents.map((document) => ({
      id: document.id,
      name: document.name,
      mediaType: document.mediaType,
      size: document.size,
      sha256: document.sha256,
      file: exported.get(document.id) ?? null,
    })),
  };
}

async function writeCsv(
  claim: Claim,
  definition: FormDefinition,
  documents: StoredDocument[],
  exported: Map<string, string>,
  csvFor: (name: string, header: string[]) => Promise<ReturnType<typeof output>>,
) {
  const columns = answerColumns(definition);
  const about = identity(claim);
  const claims = await csvFor(`claims-${claim.formType}.csv`, ["referenceCode", ...Object.keys(about), ...columns]);
  await claims.write(
    csvLine([
      claim.referenceCode,
      ...Object.values(about),
      ...columns.map((column) => {
        const [model, key] = column.split(".") as [string, string];
        return claim.models[model]?.[key] ?? "";
      }),
    ]),
  );
  for (const model of definition.models.filter((candidate) => isRecordModel(modelKey(candidate)))) {
    const list = modelKey(model);
    const fields = Object.keys(model.fields).filter((key) => !isUploadField(model.fields[key]));
    const records = claim.records[list] ?? [];
    if (records.length === 0) continue;
    const file = await csvFor(`records-${claim.formType}-${list}.csv`, [
      "referenceCode",
      "clientId",
      ...fields,
      "documentFile",
    ]);
    for (const record of records) {
      await file.write(
        csvLine([
          claim.referenceCode,
          record.clientId,
          ...fields.map((key) => record.fields[key] ?? ""),
          recordDocuments(claim, record, documents)
            .map((document) => exported.get(document.id) ?? document.name)
            .join(" | "),
        ]),
      );
    }
  }
}
