import { Readable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import busboy from "busboy";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { MAX_FORM_FIELDS, nameTooDeep } from "#app/http/form-limits.server.ts";
import type { DraftOwner, StoredDocument, Store } from "#app/storage/store.ts";
import { checkDocumentType, type FileTypeName, safeFileName, SNIFF_BYTES } from "./file-types.ts";

/** The settlement's upload limits (settlement.json "uploads"; docs/configuration.md). */
export interface UploadLimits {
  maxFileBytes: number;
  maxClaimBytes: number;
  maxFiles: number;
  allowedTypes: FileTypeName[];
}

/** Why a file was refused; each has its own message naming the file. */
export type UploadRefusal =
  | "tooLarge"
  | "claimTooLarge"
  | "tooManyFiles"
  | "extension"
  | "content"
  | "exists"
  | "multiple"
  /** The JSON API: no document context names the file (nameOf gave none). */
  | "unmatched";

export interface ReceivedFile {
  /** The input the file came in. */
  field: string;
  /** The claimant's file name, sanitised (display only). */
  fileName: string;
  /** The file name the part was sent with, when `nameOf` named it otherwise. */
  sentAs: string;
  document?: StoredDocument;
  refusal?: UploadRefusal;
}

export interface ReceivedForm {
  fields: URLSearchParams;
  files: ReceivedFile[];
  /**
   * What was read past: the inputs of files sent where no file is taken (in order, repeats kept),
   * and how many parts had no name or were not form-data (a multipart reader skips them unseen).
   */
  skipped: { files: string[]; unnamed: number };
}

export interface UploadOptions {
  limits: UploadLimits;
  store: Store;
  /** Whose draft the files are for. */
  owner: { owner: DraftOwner; formType: FormType };
  now: number;
  /** What the claim already holds: counted against the per-claim limits and for 'file exists'. */
  held: { bytes: number; files: number; names: string[] };
  /** Which inputs may carry a file; others' files are read past and dropped. */
  acceptsFile: (field: string) => boolean;
  /** Checked on the fields received before a file (the CSRF token comes first): false drops the file unread. */
  mayStore: (fieldsSoFar: URLSearchParams) => boolean;
  /** A page's file input takes one file (SPEC §5); the JSON API sends all its files under one name. */
  severalPerField?: boolean;
  /**
   * The name a file is known by, if not its own (the JSON API names files by their context's client
   * id), or null for a file nothing names: refused as "unmatched", never stored.
   */
  nameOf?: (fileName: string, fieldsSoFar: URLSearchParams) => string | null;
  /**
   * Count the body's parts, so that parts with no name or not form-data (which busboy skips
   * unseen) are reported in `skipped.unnamed` (the JSON API refuses them: nothing is dropped unread).
   */
  countParts?: boolean;
}

/** The body was not the multipart form it claimed to be (a 400, never a 500). */
export class MalformedUpload extends Error {}

/** A text part over FIELD_SIZE_LIMIT: the form is refused whole (the JSON API says which part, 413). */
export class PartTooLarge extends MalformedUpload {
  readonly part: string;
  constructor(part: string) {
    super(`The field ${part} is too long`);
    this.part = part;
  }
}

class OverLimit extends Error {
  readonly refusal: UploadRefusal;
  constructor(refusal: UploadRefusal) {
    super(refusal);
    this.refusal = refusal;
  }
}

/**
 * A young-generation collection for every megabyte an upload brings. Each network chunk is copied
 * on its way in (Node's socket buffer, then React Router's request stream); the copies are garbage
 * at once, but V8 collects them only when its young generation fills or external memory passes its
 * own limit, so a 50 MB upload left ~30 MB of dead buffers resident (decision 009 has the figures).
 * A scavenge takes well under a millisecond here: some 50 per 50 MB uploaded.
 */
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as (options: {
  type: "minor" | "major";
  execution: "sync" | "async";
}) => void;
const COLLECT_EVERY_BYTES = 1024 * 1024;
let sinceCollection = 0;
function uploaded(bytes: number) {
  sinceCollection += bytes;
  if (sinceCollection >= COLLECT_EVERY_BYTES) {
    sinceCollection = 0;
    collectGarbage({ type: "minor", execution: "sync" });
  }
}

/** The most a text part may hold: 64 KB (a JSON API part, a model or a list of them, included; docs/api.md). */
export const FIELD_SIZE_LIMIT = 64 * 1024;
/** Form fields are short text; anything longer is not from our pages. */
const FIELD_LIMITS = { fieldSize: FIELD_SIZE_LIMIT, fields: MAX_FORM_FIELDS, parts: MAX_FORM_FIELDS + 100 };

export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;

/**
 * Reads a multipart form as it arrives: text fields into memory (small, limited), each file
 * straight into the document store (without `options`, every file is read past and dropped). Memory stays flat however large the upload: a file is never
 * whole in memory, only its first bytes are looked at (to check its type against its name), and a
 * file over a limit is cut off and read past, leaving nothing stored. Refused files are reported
 * with their reason; the caller decides what the claimant sees.
 */
export async function receiveUpload(request: Request, options: UploadOptions | undefined): Promise<ReceivedForm> {
  const contentType = request.headers.get("content-type");
  if (!request.body || !contentType) throw new MalformedUpload("No multipart body");
  const limits = options?.limits ?? { maxFileBytes: 0, maxClaimBytes: 0, maxFiles: 0, allowedTypes: [] };
  let parser: busboy.Busboy;
  try {
    // One byte over the per-file limit tells us it is too large; busboy reads past the rest.
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { ...FIELD_LIMITS, fileSize: limits.maxFileBytes + 1, files: limits.maxFiles + 1 },
    });
  } catch (error) {
    throw new MalformedUpload((error as Error).message);
  }

  const fields = new URLSearchParams();
  const files: ReceivedFile[] = [];
  const skipped = { files: [] as string[], unnamed: 0 };
  /** Parts busboy told of (a field or a file): fewer than the body's parts means some were skipped. */
  let seenParts = 0;
  let hitFilesLimit = false;
  const pending: Promise<void>[] = [];
  const active = new Set<Readable>();
  // Bytes of the files being received or stored, counted as they arrive: a file's store may still be
  // finishing when the next file's part begins, so limits are never checked against stored ones only.
  let claimBytes = 0;

  async function receiveFile(
    options: UploadOptions,
    field: string,
    stream: Readable,
    named: string | null,
    sentAs: string,
  ): Promise<void> {
    const unmatched = named === null;
    const fileName = named ?? safeFileName(sentAs);
    const file: ReceivedFile = { field, fileName, sentAs };
    files.push(file);
    // Read with an iterator that leaves the stream alive when we stop early: the rest is then
    // drained (busboy needs it consumed to reach the next part), not stored.
    const chunks = stream.iterator({ destroyOnReturn: false });
    // Drain: let go of the iterator first (its 'readable' listener would keep resume() from flowing).
    const drain = async () => {
      await chunks.return?.();
      stream.resume();
    };
    const refuse = async (refusal: UploadRefusal) => {
      file.refusal = refusal;
      await drain();
    };
    if (!options.severalPerField && files.filter((other) => other.field === field).length > 1)
      return refuse("multiple");
    if (unmatched) return refuse("unmatched");
    // The files before this one not refused (stored, or still being stored), checked at once, before
    // anything is awaited: several files in one body are each counted, and compared by name.
    const before = files.filter((other) => other !== file && !other.refusal);
    const names = [...options.held.names, ...before.map((other) => other.fileName)];
    if (names.some((name) => sameName(name, fileName))) return refuse("exists");
    if (options.held.files + before.length >= limits.maxFiles) return refuse("tooManyFiles");

    const head: Buffer[] = [];
    let headBytes = 0;
    while (headBytes < SNIFF_BYTES) {
      const next = await chunks.next();
      if (next.done) break;
      head.push(next.value as Buffer);
      headBytes += (next.value as Buffer).length;
    }
    const type = checkDocumentType(fileName, Buffer.concat(head), limits.allowedTypes);
    if (!type.ok) return refuse(type.reason);

    let size = 0;
    const counted = (chunk: Buffer) => {
      size += chunk.length;
      claimBytes += chunk.length;
      uploaded(chunk.length);
      if (size > limits.maxFileBytes) throw new OverLimit("tooLarge");
      if (options.held.bytes + claimBytes > limits.maxClaimBytes) throw new OverLimit("claimTooLarge");
      return chunk;
    };
    async function* content() {
      for (const chunk of head) yield counted(chunk);
      for await (const chunk of chunks) yield counted(chunk as Buffer);
    }
    try {
      file.document = await options.store.putDocument(
        { name: fileName, mediaType: type.mediaType, ...options.owner },
        content(),
        options.now,
      );
    } catch (error) {
      claimBytes -= size;
      if (error instanceof OverLimit) return refuse(error.refusal);
      await drain();
      throw error;
    }
  }

  const finished = new Promise<void>((resolve, reject) => {
    parser.on("field", (name: string | undefined, value, info) => {
      seenParts++;
      if (info.valueTruncated) parser.emit("error", new PartTooLarge(name ?? ""));
      else if (name === undefined) skipped.unnamed++;
      else if (nameTooDeep(name)) parser.emit("error", new MalformedUpload("A field name too deep"));
      else fields.append(name, value);
    });
    parser.on("file", (field, stream, info) => {
      // A file stream is destroyed with the form's error when the form is refused (a later part too
      // long, say) and busboy errors one cut short: whoever was reading it has its own error by
      // then, and a file read past or refused has no reader. Unheard, the error stopped the process.
      stream.on("error", () => {});
      seenParts++;
      if ((field as string | undefined) === undefined) {
        skipped.unnamed++;
        stream.resume();
        return;
      }
      if (!options?.acceptsFile(field)) skipped.files.push(field);
      const named = options?.nameOf ? options.nameOf(info.filename ?? "", fields) : (info.filename ?? "");
      const fileName = named === null ? null : safeFileName(named);
      // An input left empty sends a part with no file name and no content: no file chosen.
      if (!info.filename || !options?.acceptsFile(field) || !options.mayStore(fields)) {
        stream.resume();
        return;
      }
      active.add(stream);
      stream.once("close", () => active.delete(stream));
      pending.push(receiveFile(options, field, stream, fileName, info.filename ?? ""));
    });
    parser.on("filesLimit", () => {
      hitFilesLimit = true;
    });
    parser.on("partsLimit", () => parser.emit("error", new MalformedUpload("Too many parts")));
    parser.on("fieldsLimit", () => parser.emit("error", new MalformedUpload("Too many fields")));
    parser.on("close", resolve);
    parser.on("error", (error: Error) =>
      reject(error instanceof MalformedUpload ? error : new MalformedUpload(error.message)),
    );
  });
  const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  body.on("error", (error) => parser.emit("error", error));
  const parts = options?.countParts ? partCounter(contentType) : undefined;
  if (parts) body.on("data", parts.count);
  body.pipe(parser);

  let failure: unknown;
  try {
    await finished;
  } catch (error) {
    failure = error;
    // Stop parsing but read the rest of the body, so the claimant's browser still gets the answer.
    body.unpipe(parser);
    body.resume();
    for (const stream of active) stream.destroy(error as Error);
  }
  // Every file's fate settles before we answer; on failure, nothing half-stored remains.
  const settled = await Promise.allSettled(pending);
  failure ??= settled.find((result): result is PromiseRejectedResult => result.status === "rejected")?.reason;
  if (failure) {
    await Promise.all(
      files.flatMap((file) => (file.document && options ? [options.store.deleteDocument(file.document.id)] : [])),
    );
    throw failure;
  }
  // A part with no Content-Disposition, or one not form-data, is skipped by busboy without a word.
  // (Files past the file limit are skipped too: they are not counted then.)
  if (parts && !hitFilesLimit) skipped.unnamed += Math.max(0, parts.begun() - seenParts);
  return { fields, files, skipped };
}

/**
 * Counts the parts a multipart body begins: each delimiter ("--" and the boundary, at the start or
 * after a line break) followed by a line break, not by the closing "--". Matched across chunks.
 */
function partCounter(contentType: string): { count: (chunk: Buffer) => void; begun: () => number } {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const delimiter = Buffer.from(`\r\n--${boundary?.[1] ?? boundary?.[2] ?? ""}`);
  // The body as if it began with a line break (the first delimiter may open it), and what of the
  // last chunk could begin a delimiter, with the two bytes after it.
  let tail = Buffer.from("\r\n");
  let begun = 0;
  return {
    count: (chunk: Buffer) => {
      const data = Buffer.concat([tail, chunk]);
      let at = data.indexOf(delimiter);
      let scanned = 0;
      while (at >= 0 && at + delimiter.length + 2 <= data.length) {
        const after = data.subarray(at + delimiter.length, at + delimiter.length + 2).toString("latin1");
        if (after === "\r\n") begun++;
        scanned = at + delimiter.length;
        at = data.indexOf(delimiter, scanned);
      }
      // Keep what may hold a delimiter not yet whole (or one whole without the two bytes after it).
      const keep = at >= 0 ? at : Math.max(scanned, data.length - delimiter.length - 1);
      tail = data.subarray(keep);
    },
    begun: () => begun,
  };
}
