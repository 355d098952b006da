import { lstatSync, mkdirSync } from "node:fs";
import { PRIVATE_FOLDER, privateFolder } from "#app/storage/data-dir.server.ts";

/** Why an export cannot go on, in one line for the operator (the command line prints its message alone). */
export class ExportError extends Error {
  override name = "ExportError";
}

/**
 * Makes sure `folder` is a real folder the export may write into, making it (owner-only) if it is
 * missing. A symbolic link is refused, never followed: one planted where the export writes (its
 * --out, documents/, a claim's folder) would send the decrypted bank numbers wherever it points.
 * `--out` is made with its missing parents, and named in a warning if others can read it; the
 * folders inside it one at a time.
 */
export function exportFolder(folder: string, { isOut = false } = {}): void {
  let stats: ReturnType<typeof lstatSync>;
  try {
    stats = lstatSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    if (isOut) privateFolder(folder);
    else mkdirSync(folder, { mode: PRIVATE_FOLDER });
    return;
  }
  if (stats.isSymbolicLink())
    throw new ExportError(`${folder}: a symbolic link: the export writes only into real folders, never through a link`);
  if (!stats.isDirectory()) throw new ExportError(`${folder}: not a folder`);
  if (isOut) privateFolder(folder);
}
