import { constants, existsSync, lstatSync, readFileSync, renameSync, rmSync } from "node:fs";
import { type FileHandle, open, rm } from "node:fs/promises";
import path from "node:path";
import { PRIVATE_FILE, replacePrivateFile } from "#app/storage/data-dir.server.ts";
import type { ChangeCursor } from "#app/storage/store.ts";
import { ExportError } from "./export-folder.server.ts";

export type ExportFormat = "json" | "jsonl" | "csv";

/** What an export holds: chosen when it starts, kept when it is resumed. */
export interface ExportSelection {
  formats: ExportFormat[];
  documents: boolean;
  /** Claims whose latest version was filed at or after this (ms), or all of them (null)... */
  since: number | null;
  /** ...and before this: the moment the export started, unless told. */
  until: number;
}

/**
 * How far an export has come, kept in its folder after every page of claims (export-progress.json):
 * the last claim of the last page written whole, and the length each file had then. A resumed
 * export cuts its files back to those lengths (a killed one may have written part of the next
 * page) and reads on after that claim: no claim twice, none missing. `finished`: every claim is
 * written, only the files' renaming is left.
 */
export interface ExportProgress extends ExportSelection {
  /** The store it reads (storeName): resumed on another, it would end with another's claims. */
  store: string;
  cursor: ChangeCursor;
  claims: number;
  documentCount: number;
  /** Each file's name in the export, and its length in bytes at the last page done. */
  files: Record<string, number>;
  finished: boolean;
}

export const PROGRESS_FILE = "export-progress.json";

/** Where a file of the export is written until the export is complete. */
const partialOf = (outDir: string, name: string) => path.join(outDir, `${name}.partial`);

export function readProgress(outDir: string): ExportProgress | undefined {
  const file = path.join(outDir, PROGRESS_FILE);
  if (!existsSync(file)) return undefined;
  // Planted or damaged, it is no export's record: never read through a link, never trusted half-read.
  if (lstatSync(file).isSymbolicLink()) throw new ExportError(`${file} is a symbolic link: refused`);
  try {
    const progress = JSON.parse(readFileSync(file, "utf8")) as ExportProgress;
    // Started before exports paged by a claim's last change (issue 25): its cursor named the version's time.
    const { versionAt } = progress.cursor as Partial<ChangeCursor> & { versionAt?: number };
    if (progress.cursor.changedAt === undefined && versionAt !== undefined)
      progress.cursor = { changedAt: versionAt, referenceCode: progress.cursor.referenceCode };
    return progress;
  } catch {
    throw new ExportError(`${file} is not an export's progress: export to another folder`);
  }
}

/** Written beside and renamed over the last: a kill leaves the old progress or the new, never half of one. */
export async function saveProgress(outDir: string, progress: ExportProgress): Promise<void> {
  await replacePrivateFile(path.join(outDir, PROGRESS_FILE), JSON.stringify(progress));
}

/**
 * Gives each file its name (replacing a file or a symlink planted there, never writing through
 * it), then forgets the progress: the export is complete. A file already renamed (an export killed
 * while renaming, then resumed) is left as it is.
 */
export function completeExport(outDir: string, progress: ExportProgress): void {
  for (const name of Object.keys(progress.files))
    if (existsSync(partialOf(outDir, name))) renameSync(partialOf(outDir, name), path.join(outDir, name));
  rmSync(path.join(outDir, PROGRESS_FILE));
}

/** Text gathered before it is written: one write to the disk per this many characters, not one per claim. */
const WRITE_CHARACTERS = 1 << 20;

/**
 * A file of the export, written as "<name>.partial" (the operator's alone) and appended to. Text is
 * gathered and written in large pieces; `flush` waits until the disk has all of it, so the next
 * page is read only once this one is written (the disk sets the pace, memory stays flat), and the
 * length recorded in the progress is on disk.
 */
export class ExportFile {
  private pending: string[] = [];
  private pendingCharacters = 0;

  readonly name: string;
  private readonly handle: FileHandle;
  /** Bytes on disk. */
  bytes: number;

  private constructor(name: string, handle: FileHandle, bytes: number) {
    this.name = name;
    this.handle = handle;
    this.bytes = bytes;
  }

  /** A new file: whatever lies at its partial name (left by an export that was killed, or planted) is removed first. */
  static async create(outDir: string, name: string): Promise<ExportFile> {
    const partial = partialOf(outDir, name);
    await rm(partial, { force: true });
    return new ExportFile(name, await open(partial, "wx", PRIVATE_FILE), 0);
  }

  /** A file of an export being resumed, cut back to its length when its last page was done. */
  static async reopen(outDir: string, name: string, bytes: number): Promise<ExportFile> {
    const partial = partialOf(outDir, name);
    let handle: FileHandle;
    try {
      // Never through a symlink (O_NOFOLLOW), never a file it did not write (no O_CREAT).
      handle = await open(partial, constants.O_WRONLY | constants.O_NOFOLLOW);
    } catch (error) {
      throw new ExportError(
        `${partial} cannot be resumed (${(error as NodeJS.ErrnoException).code}): remove the folder's export-progress.json and export again`,
      );
    }
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size < bytes) {
      await handle.close();
      throw new ExportError(
        `${partial} is shorter than the export's progress says it was: remove the folder's export-progress.json and export again`,
      );
    }
    await handle.truncate(bytes);
    return new ExportFile(name, handle, bytes);
  }

  async write(text: string): Promise<void> {
    this.pending.push(text);
    this.pendingCharacters += text.length;
    if (this.pendingCharacters >= WRITE_CHARACTERS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const buffer = Buffer.from(this.pending.join(""));
    this.pending = [];
    this.pendingCharacters = 0;
    // At its position, not appended: a reopened file is written from where its last page ended.
    for (let offset = 0; offset < buffer.length; ) {
      const { bytesWritten } = await this.handle.write(buffer, offset, buffer.length - offset, this.bytes);
      offset += bytesWritten;
      this.bytes += bytesWritten;
    }
  }

  async close(): Promise<void> {
    await this.flush();
    await this.handle.close();
  }
}
