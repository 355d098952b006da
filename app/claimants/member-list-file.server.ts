import { statSync } from "node:fs";
import { SettlementConfigError } from "#app/settlement/config-error.ts";
import { CsvFormatError, parseCsvRows } from "./csv.ts";
import { csvSlices } from "./csv-slices.ts";

/**
 * A class-member list file (the settlement folder's class-members.csv, or one given to
 * import-members), read and checked a slice at a time: a list of 28 million members is never
 * whole in memory. Required columns are ClaimId, Pin and VIN (VIN may be empty); every other
 * column is prepopulated data, by its header (FirstName, LastName, Address1, City, State, Zip,
 * Email, …), which fields adopt through their prepopulatedDataKey. docs/configuration.md
 * describes the file.
 */
export interface ListedMember {
  claimId: string;
  /** In clear only on its way from the file to its keyed hash (class-members.server.ts). */
  pin: string;
  vin: string | null;
  prepopulated: Record<string, string>;
  /** Where it is in the file, for messages. */
  line: number;
}

const REQUIRED_COLUMNS = ["ClaimId", "Pin", "VIN"];

/** Control characters (but tab and line ends, which a quoted cell may hold): a NUL pasted into a cell, say. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Every member of the list, checked row by row; the first problem throws SettlementConfigError
 * naming the file and line. Text must be UTF-8 (Excel's "CSV UTF-8"): Excel's other CSV
 * (Windows-1252, "García" with an í of one byte) read as UTF-8 would prefill "Garc\uFFFDa", a name
 * the claimant's own then could not replace with the allowed characters. A list without members
 * (empty, or a header alone) is refused: it would leave no one able to sign in.
 */
export async function* readMemberList(file: string, readBytes?: number): AsyncGenerator<ListedMember> {
  checkListFile(file);
  let header: string[] | undefined;
  // Claim IDs are 8 digits: one bit each finds a Claim ID listed twice in 12.5 MB, however long the list.
  const seen = new Uint8Array(100_000_000 / 8);
  let members = 0;
  for await (const { bytes, firstLine } of slicesOf(file, readBytes)) {
    if (!header && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)))
      throw new SettlementConfigError(`${file}: is UTF-16 text: save the list as "CSV UTF-8"`);
    const rows = rowsOf(file, bytes, firstLine);
    if (!header) {
      header = rows.shift()?.fields;
      if (!header) continue;
      const missing = REQUIRED_COLUMNS.filter((column) => !header!.includes(column));
      if (missing.length > 0) throw new SettlementConfigError(`${file}: the header must name ${missing.join(", ")}`);
      const twice = header.find((column, at) => header!.indexOf(column) !== at);
      if (twice !== undefined) throw new SettlementConfigError(`${file}: the header names ${twice} twice`);
    }
    for (const { fields, line } of rows) {
      const member = memberOf(file, header, fields, line);
      const id = Number(member.claimId);
      if (seen[id >> 3]! & (1 << (id & 7)))
        throw new SettlementConfigError(`${file}: line ${line}: ClaimId ${member.claimId} appears twice`);
      seen[id >> 3]! |= 1 << (id & 7);
      members++;
      yield member;
    }
  }
  if (members === 0)
    throw new SettlementConfigError(`${file}: has no class members: ${header ? "only a header" : "it is empty"}`);
}

/** A list's path names a file (a folder would read as an error of the system's). */
export function checkListFile(file: string): void {
  if (statSync(file).isDirectory()) throw new SettlementConfigError(`${file}: a folder, not a file`);
}

/** The file's slices, with a malformed file's error named by the file. */
async function* slicesOf(file: string, readBytes?: number) {
  try {
    yield* csvSlices(file, readBytes);
  } catch (error) {
    if (error instanceof CsvFormatError) throw new SettlementConfigError(`${file}: ${error.message}`);
    throw error;
  }
}

/** A slice's rows, with the file's line numbers; bytes that are not UTF-8 are refused with their line. */
function rowsOf(file: string, bytes: Buffer, firstLine: number) {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new SettlementConfigError(
      `${file}: line ${firstLine - 1 + firstLineNotUtf8(bytes)}: this is not UTF-8 text: save the list as "CSV UTF-8"`,
    );
  }
  try {
    return parseCsvRows(text, { sameLength: false }).map((row) => ({
      fields: row.fields,
      line: row.line + firstLine - 1,
    }));
  } catch (error) {
    if (error instanceof CsvFormatError)
      throw new SettlementConfigError(`${file}: line ${error.line + firstLine - 1}: ${error.reason}`);
    throw error;
  }
}

/** The line (from 1) of the first byte that is not UTF-8: a line feed is never inside a UTF-8 sequence. */
function firstLineNotUtf8(bytes: Buffer): number {
  let line = 1;
  for (let start = 0; start < bytes.length; line++) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end === -1 ? bytes.length : end;
    if (!isUtf8(bytes.subarray(start, stop))) break;
    start = stop + 1;
  }
  return line;
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function memberOf(file: string, header: string[], row: string[], line: number): ListedMember {
  if (row.length !== header.length)
    throw new SettlementConfigError(
      `${file}: line ${line}: this row has a different number of columns than the header (expect ${header.length}, got ${row.length})`,
    );
  const control = row.findIndex((cell) => CONTROL_CHARACTER.test(cell));
  if (control !== -1) {
    const code = row[control]!.match(CONTROL_CHARACTER)![0].codePointAt(0)!;
    const name = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
    throw new SettlementConfigError(`${file}: line ${line}: ${header[control]} holds a control character (${name})`);
  }
  const record = Object.fromEntries(header.map((column, at) => [column, (row[at] ?? "").trim()]));
  const { ClaimId: claimId, Pin: pin, VIN: vin, ...prepopulated } = record as Record<string, string>;
  if (!/^\d{8}$/.test(claimId!) || !/^\d{6}$/.test(pin!))
    throw new SettlementConfigError(`${file}: line ${line}: ClaimId must be 8 digits and Pin 6 digits`);
  // Several members may share a vehicle (co-owners, successive owners): a VIN only says it is covered.
  if (vin && !/^[A-HJ-NPR-Z0-9]{17}$/i.test(vin))
    throw new SettlementConfigError(
      `${file}: line ${line}: VIN must be 17 letters and digits, without I, O or Q (or empty)`,
    );
  const upperVin = vin ? vin.toUpperCase() : null;
  return {
    claimId: claimId!,
    pin: pin!,
    vin: upperVin,
    prepopulated: { ...prepopulated, ...(upperVin ? { VIN: upperVin } : {}) },
    line,
  };
}
