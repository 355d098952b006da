import { createHash, randomBytes } from "node:crypto";
import { readdirSync, renameSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { CSV_FILE_START, csvLine } from "#app/claimants/csv.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { fitToBytes, MAX_NAME_BYTES, safeFileName } from "#app/documents/file-types.ts";
import { type ContactVersion, contactHistory, contactPaths } from "#app/claims/contact-details.ts";
import { isUploadField } from "#app/forms/fields/index.ts";
import { fieldsOfBlocks, type FormDefinition, modelKey } from "#app/forms/form-definition.ts";
import { isRecordModel, PARENT_FIELD } from "#app/records/records.ts";
import { PRIVATE_FILE } from "#app/storage/data-dir.server.ts";
import type { Claim, ClaimStatus, RecordEntry, Store, StoredDocument } from "#app/storage/store.ts";
import { ExportError, exportFolder } from "./export-folder.server.ts";
import {
  currentStatus,
  STATUS_HISTORY_FILE,
  STATUS_HISTORY_HEADER,
  statusHistoryLines,
  statusJson,
} from "./export-statuses.server.ts";
import {
  EVENTS_FILE,
  EVENTS_HEADER,
  eventLines,
  type SharedSignal,
  signalColumns,
  signalsJson,
} from "./export-signals.server.ts";
import type { ClaimEvent } from "#app/storage/claim-events.ts";
import {
  completeExport,
  ExportFile,
  type ExportProgress,
  type ExportSelection,
  PROGRESS_FILE,
  readProgress,
  saveProgress,
} from "./export-progress.server.ts";

/** How many claims are read from the store at a time, and written before the progress is recorded. */
const PAGE_SIZE = 500;

export interface ExportOptions {
  store: Store;
  /** Which store it is (storeName): an export is resumed only on the store it started on. */
  storeName: string;
  /** The form definitions of the flows whose claims may be stored: formsOfStoredClaims. */
  forms: Partial<Record<FormType, FormDefinition>>;
  outDir: string;
  /**
   * A new export: what it holds (formats json and csv, no documents, every claim filed until now,
   * unless told). Resuming: what the operator gave again, which must be what it started with.
   */
  selection: Partial<ExportSelection>;
  resume: boolean;
  now: number;
}

export interface ExportSummary {
  claims: number;
  documents: number;
  files: string[];
  /** Where the export's window ends: the next incremental export starts there. */
  until: number;
}

/**
 * Where a document's copy is written before it takes its name: a new file ("wx": never one that
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
 * Every claim whose latest version was filed in the export's window (all of them, unless told), as
 * that version, with its member (Claim ID, or the VIN of an unverified filing), how the claimant
 * signed in, the number of versions, its answers, records and documents: claims.json (a JSON
 * array), claims.jsonl (JSON Lines: a claim a line), and per form type claims-<type>.csv (a row
 * per claim, a column per field) and records-<type>-<list>.csv (a row per record); documents under
 * documents/<reference code>/; each claim's audit trail and signals (issue 27: in the JSON, and
 * events.csv and the signal columns). Claims are read a page at a time and each page is on disk before the
 * next is read, so an export of any size runs in flat memory; after each page the progress is
 * recorded, so an interrupted export is resumed (export-progress.server.ts). Sensitive answers
 * (bank numbers) are written whole, decrypted: the export is what the administrator pays from, and
 * the one place they leave the portal (decision 015); its files are owner-only, and it never
 * writes through a symbolic link.
 */
export async function exportClaims(options: ExportOptions): Promise<ExportSummary> {
  const { store, forms, outDir } = options;
  // A claim's answers are read by its flow's form: a flow no longer offered may have claims still.
  const formOf = (formType: FormType) => {
    const form = forms[formType];
    if (!form)
      throw new ExportError(
        `claims of ${formType} are stored, but the settlement has no forms/${formType}.json for them: put back the flow's form files (forms/${formType}.json and forms/${formType}.pages.json) to export them`,
      );
    return form;
  };
  exportFolder(outDir, { isOut: true });
  let progress = options.resume
    ? resumed(outDir, options.selection, options.storeName)
    : await started(outDir, options);
  const files = new Map<string, ExportFile>();
  if (!progress.finished)
    for (const [name, bytes] of Object.entries(progress.files))
      files.set(name, await ExportFile.reopen(outDir, name, bytes));
  /** The file, begun with `start` (an array's bracket, a CSV's header) when the export first needs it. */
  const file = async (name: string, start = "") => {
    let opened = files.get(name);
    if (!opened) {
      opened = await ExportFile.create(outDir, name);
      files.set(name, opened);
      await opened.write(start);
    }
    return opened;
  };
  const { formats } = progress;
  const json = formats.includes("json") ? () => file("claims.json", "[\n") : undefined;
  const jsonl = formats.includes("jsonl") ? () => file("claims.jsonl") : undefined;
  const columns = new Map<FormType, string[]>();
  const columnsOf = (formType: FormType) => {
    if (!columns.has(formType)) columns.set(formType, answerColumns(formOf(formType)));
    return columns.get(formType)!;
  };

  let { claims, documentCount, cursor } = progress;
  while (!progress.finished) {
    // Even a window without claims has its JSON files.
    await json?.();
    await jsonl?.();
    const page = await store.claimsByChangePage(cursor, progress.until, PAGE_SIZE);
    // The page's documents in one query: one a claim was a million round trips a million claims.
    const documentsOf = Map.groupBy(
      await store.claimDocuments(page.map((claim) => claim.referenceCode)),
      (document) => document.referenceCode!,
    );
    // Claim status (issue 25): the page's statuses in one query too.
    const statusesOf = Map.groupBy(
      await store.claimStatuses(page.map((claim) => claim.referenceCode)),
      (status) => status.referenceCode,
    );
    const contactsOf = await contactHistories(store, forms, page);
    // Issue 27: the page's events and signals, in a query each.
    const codes = page.map((claim) => claim.referenceCode);
    const eventsOf = Map.groupBy(codes.length ? await store.claimEvents(codes) : [], (event) => event.referenceCode);
    const signalsOf = Map.groupBy(
      codes.length ? await store.claimSignals(codes) : [],
      (signal) => signal.referenceCode,
    );
    for (const claim of page) {
      const documents = documentsOf.get(claim.referenceCode) ?? [];
      const statuses = statusesOf.get(claim.referenceCode) ?? [];
      const exported = new Map<string, string>();
      // A claim without documents gets no folder: an empty one would say its documents were lost.
      if (progress.documents && documents.length > 0) {
        const folder = path.join("documents", claim.referenceCode);
        exportFolder(path.join(outDir, "documents"));
        exportFolder(path.join(outDir, folder));
        // A document being copied when an export was killed: this claim's are copied again now.
        for (const entry of readdirSync(path.join(outDir, folder)))
          if (entry.endsWith(".partial")) rmSync(path.join(outDir, folder, entry));
        for (const [index, document] of documents.entries()) {
          const name = path.join(folder, documentFileName(index, document.name));
          await exportDocument(store, document, path.join(outDir, name));
          exported.set(document.id, name);
          documentCount++;
        }
      }
      const contact = contactsOf.get(claim.referenceCode);
      const events = eventsOf.get(claim.referenceCode) ?? [];
      const signals = signalsOf.get(claim.referenceCode) ?? [];
      const line = JSON.stringify({
        ...claimJson(claim, documents, exported),
        ...statusJson(claim, statuses),
        ...contactJson(contact),
        ...signalsJson(events, signals),
      });
      await (await json?.())?.write(`${claims > 0 ? ",\n" : ""}${line}`);
      await (await jsonl?.())?.write(`${line}\n`);
      if (formats.includes("csv")) {
        await writeCsv(claim, formOf(claim.formType), columnsOf(claim.formType), documents, exported, file, statuses, {
          events,
          signals,
        });
        if (events.length > 0) {
          const trail = await file(EVENTS_FILE, CSV_FILE_START + csvLine(EVENTS_HEADER));
          for (const row of eventLines(claim.referenceCode, events)) await trail.write(row);
        }
        if (statuses.length > 0) {
          const history = await file(STATUS_HISTORY_FILE, CSV_FILE_START + csvLine(STATUS_HISTORY_HEADER));
          for (const row of statusHistoryLines(statuses)) await history.write(row);
        }
        if (contact) await writeContactsCsv(claim, contact, file);
      }
      claims++;
    }
    const last = page.at(-1);
    if (last) cursor = { changedAt: last.changedAt, referenceCode: last.referenceCode };
    const finished = page.length < PAGE_SIZE;
    if (finished) await (await json?.())?.write("\n]\n");
    for (const opened of files.values()) await opened.flush();
    progress = {
      ...progress,
      cursor,
      claims,
      documentCount,
      files: Object.fromEntries([...files.values()].map((opened) => [opened.name, opened.bytes])),
      finished,
    };
    await saveProgress(outDir, progress);
  }
  for (const opened of files.values()) await opened.close();
  completeExport(outDir, progress);
  return { claims, documents: documentCount, files: Object.keys(progress.files), until: progress.until };
}

/** A new export's progress, recorded before any file is written: a folder with part of an export always says so. */
async function started(outDir: string, { selection, storeName, now }: ExportOptions): Promise<ExportProgress> {
  if (readProgress(outDir))
    throw new ExportError(
      `${outDir} holds an export that did not finish: add --resume to finish it, or export to another folder`,
    );
  const since = selection.since ?? null;
  const progress: ExportProgress = {
    store: storeName,
    formats: selection.formats ?? ["json", "csv"],
    documents: selection.documents ?? false,
    since,
    until: selection.until ?? now,
    cursor: { changedAt: since ?? -1, referenceCode: "" },
    claims: 0,
    documentCount: 0,
    files: {},
    finished: false,
  };
  await saveProgress(outDir, progress);
  return progress;
}

/** The progress of the export being resumed; what the operator gave again must be what it started with. */
function resumed(outDir: string, given: Partial<ExportSelection>, storeName: string): ExportProgress {
  const progress = readProgress(outDir);
  if (!progress) throw new ExportError(`${outDir}: no export to resume here (no ${PROGRESS_FILE})`);
  if (progress.store !== storeName)
    throw new ExportError(
      `${outDir} holds an export of ${progress.store}, not of ${storeName}: resume it with the store it started on (DATABASE_URL or DATA_DIR), or export to another folder`,
    );
  const shown: { [K in keyof ExportSelection]: (value: ExportSelection[K]) => string } = {
    formats: (formats) => formats.join(","),
    documents: (documents) => (documents ? "with --documents" : "without --documents"),
    since: (since) => (since === null ? "none" : new Date(since).toISOString()),
    until: (until) => new Date(until).toISOString(),
  };
  for (const key of Object.keys(shown) as Array<keyof ExportSelection>) {
    const show = shown[key] as (value: unknown) => string;
    if (given[key] !== undefined && show(given[key]) !== show(progress[key]))
      throw new ExportError(
        `--${key === "formats" ? "format" : key} differs from the export being resumed (${show(progress[key])}): resume with the same options, or none`,
      );
  }
  return progress;
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
    // When it last changed in any way (incremental exports select by it): the JSON's, not a CSV column.
    changedAt: new Date(claim.changedAt).toISOString(),
    answers: claim.models,
    records: claim.records,
    documents: documents.map((document) => ({
      id: document.id,
      name: document.name,
      mediaType: document.mediaType,
      size: document.size,
      sha256: document.sha256,
      file: exported.get(document.id) ?? null,
      // Issue 25: a document added after filing (to cure a deficiency) says when; null for one filed with the claim.
      addedAt: document.addedAt === null ? null : new Date(document.addedAt).toISOString(),
    })),
  };
}

async function writeCsv(
  claim: Claim,
  definition: FormDefinition,
  columns: string[],
  documents: StoredDocument[],
  exported: Map<string, string>,
  fileOf: (name: string, start: string) => Promise<ExportFile>,
  statuses: ClaimStatus[],
  trail: { events: ClaimEvent[]; signals: SharedSignal[] },
) {
  const csvFor = (name: string, header: string[]) => fileOf(name, CSV_FILE_START + csvLine(header));
  const about = identity(claim);
  // Claim status (issue 25), then signals (issue 27): after the answers, so the columns before them stay where they were.
  const status = currentStatus(claim, statuses);
  const signals = signalColumns(trail.events, trail.signals);
  const claims = await csvFor(`claims-${claim.formType}.csv`, [
    "referenceCode",
    ...Object.keys(about),
    ...columns,
    ...Object.keys(status),
    ...Object.keys(signals),
  ]);
  await claims.write(
    csvLine([
      claim.referenceCode,
      ...Object.values(about),
      ...columns.map((column) => {
        const [model, key] = column.split(".") as [string, string];
        return claim.models[model]?.[key] ?? "";
      }),
      ...Object.values(status),
      ...Object.values(signals),
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
  await writeAddedDocumentsCsv(claim, documents, exported, csvFor);
}

/**
 * Issue 25: the documents added to a claim after filing, a row each in documents-added-<type>.csv
 * (no record of the claim names them): when each came, and its file in the export.
 */
async function writeAddedDocumentsCsv(
  claim: Claim,
  documents: StoredDocument[],
  exported: Map<string, string>,
  csvFor: (name: string, header: string[]) => Promise<ExportFile>,
) {
  const added = documents.filter((document) => document.addedAt !== null);
  if (added.length === 0) return;
  const file = await csvFor(`documents-added-${claim.formType}.csv`, [
    "referenceCode",
    "name",
    "mediaType",
    "size",
    "sha256",
    "addedAt",
    "documentFile",
  ]);
  for (const document of added)
    await file.write(
      csvLine([
        claim.referenceCode,
        document.name,
        document.mediaType,
        document.size,
        document.sha256,
        new Date(document.addedAt!).toISOString(),
        exported.get(document.id) ?? "",
      ]),
    );
}

// Change of address (issue 25): a claim's contact details as changed after filing.

/** A claim's contact history, for a claim whose contact details changed after filing: the fields, and each version. */
interface ExportedContact {
  paths: string[];
  history: ContactVersion[];
}

/**
 * The contact histories of a page's claims that changed their contact details after filing (the
 * changes in one query; the filed versions only of those claims): the others' contact details are
 * their answers.
 */
async function contactHistories(
  store: Store,
  forms: Partial<Record<FormType, FormDefinition>>,
  page: Claim[],
): Promise<Map<string, ExportedContact>> {
  const changes = Map.groupBy(
    page.length ? await store.contactChanges(page.map((claim) => claim.referenceCode)) : [],
    (change) => change.referenceCode,
  );
  const histories = new Map<string, ExportedContact>();
  for (const claim of page) {
    const own = changes.get(claim.referenceCode);
    const form = forms[claim.formType];
    if (!own || !form) continue;
    const paths = contactPaths(form);
    const history = contactHistory(claim, await store.claimVersions(claim.referenceCode), own, paths);
    histories.set(claim.referenceCode, { paths, history });
  }
  return histories;
}

/**
 * In claims.json(l): `contact`, the claim's current contact details (the latest change, or as
 * filed), and `contactHistory`, every version oldest first, each "filed" or "changed" with its
 * time; null for a claim whose contact details never changed after filing (its answers hold them).
 */
function contactJson(contact: ExportedContact | undefined) {
  if (!contact) return { contact: null, contactHistory: null };
  return {
    contact: contact.history.at(-1)!.contact,
    contactHistory: contact.history.map((version) => ({
      source: version.source,
      version: version.version,
      at: new Date(version.at).toISOString(),
      culture: version.culture,
      contact: version.contact,
    })),
  };
}

/**
 * contacts-<type>.csv: a row per contact version of each claim whose contact details changed after
 * filing, oldest first, the current one marked: the old address with its time, and the new.
 */
async function writeContactsCsv(
  claim: Claim,
  contact: ExportedContact,
  fileOf: (name: string, start: string) => Promise<ExportFile>,
) {
  const file = await fileOf(
    `contacts-${claim.formType}.csv`,
    CSV_FILE_START + csvLine(["referenceCode", "source", "version", "at", "current", ...contact.paths]),
  );
  for (const [index, version] of contact.history.entries()) {
    await file.write(
      csvLine([
        claim.referenceCode,
        version.source,
        version.version,
        new Date(version.at).toISOString(),
        index === contact.history.length - 1,
        ...contact.paths.map((path) => {
          const [model, key] = path.split(".") as [string, string];
          return version.contact[model]?.[key] ?? "";
        }),
      ]),
    );
  }
}
