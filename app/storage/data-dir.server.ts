import { chmodSync, closeSync, mkdirSync, openSync, statSync } from "node:fs";
import path from "node:path";

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
 * Makes the folder (and any missing parent) owner-only. One that exists already is tightened
 * too, so an installation made before the portal did this is closed on its next start; one this
 * user does not own (a parent an administrator made) is left as it is.
 */
export function privateFolder(folder: string): string {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER });
  tighten(folder, PRIVATE_FOLDER);
  return folder;
}

/** Creates the file empty if missing, owner-only (SQLite gives its -wal and -shm files the same mode). */
export function privateFile(file: string): string {
  closeSync(openSync(file, "a", PRIVATE_FILE));
  tighten(file, PRIVATE_FILE);
  return file;
}

function tighten(target: string, mode: number) {
  const stats = statSync(target);
  if ((stats.mode & 0o777) === mode) return;
  if (typeof process.getuid === "function" && stats.uid !== process.getuid()) return;
  chmodSync(target, mode);
}
