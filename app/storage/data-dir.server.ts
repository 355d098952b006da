import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { log } from "#app/log.server.ts";

/**
 * The portal's own folder (DATA_DIR, default data/): the SQLite database, documents, the session
 * secret and the field keys. It holds claimants' answers and bank details, so nobody but the
 * portal's own user may read it: folders 0700, files 0600, whatever the umask says.
 */
export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR ?? "data");
}

/** Owner only: rwx for folders, rw for files. */
export const PRIVATE_FOLDER = 0o700;
export const PRIVATE_FILE = 0o600;

/**
 * Writes a file of the owner's alone: beside its name as a new file ("wx": never one that exists,
 * nor through a symlink), then renamed over it. Whatever was at the name (a file of another mode,
 * a symlink planted there) is replaced, not written through, and a kill leaves the old file or the
 * new, never half of one.
 */
export async function replacePrivateFile(file: string, content: string): Promise<void> {
  const partial = `${file}.${randomBytes(6).toString("hex")}.partial`;
  await writeFile(partial, content, { mode: PRIVATE_FILE, flag: "wx" });
  try {
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

const warned = new Set<string>();

/**
 * Makes the folder (and any missing parent) owner-only. A folder of the portal's own inside the
 * data folder (`portalsOwn`: documents/) that exists already is tightened too, so an installation
 * made before the portal did this is closed on its next start. The data folder itself, which the
 * operator may have made or shared (DATA_DIR=/tmp), is never changed: a warning says to.
 */
export function privateFolder(folder: string, { portalsOwn = false } = {}): string {
  const existed = existsSync(folder);
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER });
  if (!existed) return folder;
  if (portalsOwn) {
    tighten(folder, PRIVATE_FOLDER);
  } else if ((statSync(folder).mode & 0o077) !== 0 && !warned.has(folder)) {
    warned.add(folder);
    const mode = (statSync(folder).mode & 0o777).toString(8);
    log.warn(`${folder} can be read by other users (mode ${mode}); it holds claims: chmod 700 ${folder}`);
  }
  return folder;
}

/**
 * Creates the portal's file empty if missing, owner-only, and tightens one left wider by an older
 * release (SQLite then gives its -wal and -shm files the same mode).
 */
export function privateFile(file: string): string {
  closeSync(openSync(file, "a", PRIVATE_FILE));
  tighten(file, PRIVATE_FILE);
  return file;
}

/** Tightens a file of the portal's if it exists (a database's -wal and -shm left by an older release). */
export function tightenIfPresent(file: string): void {
  if (existsSync(file)) tighten(file, PRIVATE_FILE);
}

function tighten(target: string, mode: number) {
  const stats = statSync(target);
  if ((stats.mode & 0o777) === mode) return;
  if (typeof process.getuid === "function" && stats.uid !== process.getuid()) return;
  chmodSync(target, mode);
}
