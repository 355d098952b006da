import { createHash } from "node:crypto";
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { PRIVATE_FILE, PRIVATE_FOLDER } from "./data-dir.server.ts";

/** What a backup holds. */
export interface BackupSummary {
  /** What the folder holds: portal.sqlite, documents/, and session-secret when there is one. */
  files: string[];
  claims: number;
  documents: number;
  /** Unfiled uploads deleted (by their claimant, or purged) between the database copy and theirs: left out. */
  leftOut: number;
  /** The field keys the backup's answers are under: needed to restore it. */
  keyIds: string[];
  /** What is wrong with the data folder (a filed claim's document missing or altered); the rest is backed up. */
  problems: string[];
}

/** A backup that cannot be made as asked; the command prints the message and stops (a ConfigurationError to it). */
export class BackupError extends Error {
  override name = "ConfigurationError";
}

/** sqlite3_backup_step's page count: all of them in one step (node:sqlite takes no -1). */
const ALL_PAGES = 2 ** 31 - 1;

/**
 * `npm run portal -- backup <folder>` with SQLite (issue 23): a consistent copy of the data folder
 * made while the portal runs and claimants upload. The database first, by SQLite's online backup;
 * then each document that copy names, checked against its SHA-256 (documents/ holds only whole
 * ones, and a document is never changed once written); and the session secret. Not the field keys:
 * whoever gets the backup would read the bank numbers in it; they are kept apart.
 *
 * The folder is made owner-only (0700, its files 0600), and must be new or empty: a backup never
 * writes into an older one, nor through a symbolic link.
 */
export async function backupSqlite(dataFolder: string, destination: string): Promise<BackupSummary> {
  const database = path.join(dataFolder, "portal.sqlite");
  if (!existsSync(database)) throw new BackupError(`${database}: no database to back up (is DATA_DIR right?)`);
  privateDestination(destination);
  const copy = path.join(destination, "portal.sqlite");
  // Owner-only before SQLite writes a byte of it.
  await (await open(copy, "wx", PRIVATE_FILE)).close();
  const live = new DatabaseSync(database);
  try {
    // One step, so one read transaction: a consistent snapshot, which the server's writes meanwhile
    // neither wait for (WAL) nor restart (a backup taken a few pages at a time starts over at every
    // write of another connection, and under load may never finish).
    await backup(live, copy, { rate: ALL_PAGES });
  } finally {
    live.close();
  }

  const backedUp = new DatabaseSync(copy);
  try {
    // One self-contained file; the server turns write-ahead logging on again when it opens it.
    backedUp.exec("PRAGMA journal_mode = DELETE");
    const documentsCopy = mkdirPrivate(path.join(destination, "documents"));
    const rows = backedUp
      .prepare("SELECT id, sha256, reference_code FROM documents ORDER BY id")
      .iterate() as Iterable<{ id: string; sha256: string; reference_code: string | null }>;
    const gone: string[] = [];
    const problems: string[] = [];
    let documents = 0;
    for (const row of rows) {
      const copied = await copyPrivately(path.join(dataFolder, "documents", row.id), path.join(documentsCopy, row.id));
      if (copied === undefined) {
        if (row.reference_code === null) gone.push(row.id);
        else problems.push(`document ${row.id} of claim ${row.reference_code} is missing`);
        continue;
      }
      documents++;
      if (copied !== row.sha256) problems.push(`document ${row.id} does not match its SHA-256 (copied as it is)`);
    }
    const forget = backedUp.prepare("DELETE FROM documents WHERE id = ?");
    for (const id of gone) forget.run(id);
    const files = ["portal.sqlite", "documents/"];
    // None when SESSION_SECRET is set: the operator keeps it where they keep that.
    const secret = path.join(dataFolder, "session-secret");
    if (existsSync(secret)) {
      await copyPrivately(secret, path.join(destination, "session-secret"));
      files.push("session-secret");
    }
    const { claims } = backedUp.prepare("SELECT count(*) AS claims FROM claims").get() as { claims: number };
    const keyIds = (backedUp.prepare("SELECT id FROM field_keys_used ORDER BY id").all() as Array<{ id: string }>).map(
      (row) => row.id,
    );
    return { files, claims, documents, leftOut: gone.length, keyIds, problems };
  } finally {
    backedUp.close();
  }
}

/** The destination, made (or, empty, taken) owner-only; anything else refused before a byte is written. */
function privateDestination(destination: string): void {
  let stats: ReturnType<typeof lstatSync>;
  try {
    stats = lstatSync(destination);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirPrivate(destination);
    return;
  }
  if (stats.isSymbolicLink()) throw new BackupError(`${destination} is a symbolic link: give the folder itself`);
  if (!stats.isDirectory()) throw new BackupError(`${destination} is not a folder`);
  if (readdirSync(destination).length > 0)
    throw new BackupError(`${destination} is not empty: give a new (or empty) folder to each backup`);
  chmodSync(destination, PRIVATE_FOLDER);
}

function mkdirPrivate(folder: string): string {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER });
  chmodSync(folder, PRIVATE_FOLDER);
  return folder;
}

/** Copies a file into a new owner-only one; its SHA-256, or undefined if it is gone. */
async function copyPrivately(from: string, to: string): Promise<string | undefined> {
  const input = await open(from, "r").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!input) return undefined;
  const hash = createHash("sha256");
  try {
    const output = await open(to, "wx", PRIVATE_FILE);
    try {
      for await (const chunk of input.createReadStream({ autoClose: false })) {
        hash.update(chunk);
        await output.write(chunk);
      }
    } finally {
      await output.close();
    }
  } finally {
    await input.close();
  }
  return hash.digest("hex");
}
