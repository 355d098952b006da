import { createHash, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { SettlementConfigError } from "#app/settlement/config-error.ts";
import { CsvFormatError, type CsvRow, parseCsvRows } from "./csv.ts";

/**
 * The class-member list: <settlement>/class-members.csv, one member per row. Required columns are
 * ClaimId, Pin and VIN (VIN may be empty); every other column is prepopulated data, by its header
 * (FirstName, LastName, Address1, City, State, Zip, Email, …), which fields adopt through their
 * prepopulatedDataKey. docs/configuration.md describes the file.
 */
export interface ClassMember {
  claimId: string;
  /** SHA-256 of the PIN: compared in constant time, never kept in clear after loading. */
  pinHash: Buffer;
  vin?: string;
  prepopulated: Record<string, string>;
}

export interface ClassMembers {
  byClaimId: Map<string, ClassMember>;
  byVin: Map<string, ClassMember>;
}

const REQUIRED_COLUMNS = ["ClaimId", "Pin", "VIN"];

const hashPin = (pin: string) => createHash("sha256").update(pin).digest();

export const CLASS_MEMBERS_FILE = "class-members.csv";

export function loadClassMembers(settlementDir: string): ClassMembers {
  const file = path.join(settlementDir, CLASS_MEMBERS_FILE);
  if (!existsSync(file)) return { byClaimId: new Map(), byVin: new Map() };
  return parseClassMembers(readClassMembersText(file), file);
}

/**
 * A class-member list's text, which must be UTF-8 (Excel's "CSV UTF-8"). Excel's other CSV
 * (Windows-1252, "García" with an í of one byte) read as UTF-8 would prefill "Garc\uFFFDa",
 * a name the claimant's own then could not replace with the allowed characters: refused, with
 * the line of the first byte that is not UTF-8. A UTF-16 file ("Unicode Text") is named as such.
 */
export function readClassMembersText(file: string): string {
  if (statSync(file).isDirectory()) throw new SettlementConfigError(`${file}: a folder, not a file`);
  const bytes = readFileSync(file);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new SettlementConfigError(`${file}: is UTF-16 text: save the list as "CSV UTF-8"`);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // A line feed is never inside a UTF-8 sequence: the lines can be checked one by one.
    let line = 1;
    for (let start = 0; start < bytes.length; line++) {
      const end = bytes.indexOf(0x0a, start);
      const stop = end === -1 ? bytes.length : end;
      if (!isUtf8(bytes.subarray(start, stop))) break;
      start = stop + 1;
    }
    throw new SettlementConfigError(`${file}: line ${line}: this is not UTF-8 text: save the list as "CSV UTF-8"`);
  }
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Control characters (but tab and line ends, which a quoted cell may hold): a NUL pasted into a cell, say. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A class-member list checked row by row; `file` names it in errors. */
export function parseClassMembers(text: string, file: string): ClassMembers {
  const members: ClassMembers = { byClaimId: new Map(), byVin: new Map() };
  let parsed: CsvRow[];
  try {
    parsed = parseCsvRows(text);
  } catch (error) {
    if (error instanceof CsvFormatError) throw new SettlementConfigError(`${file}: ${error.message}`);
    throw error;
  }
  const [first, ...rows] = parsed;
  const header = first?.fields;
  if (!header) return members;
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new SettlementConfigError(`${file}: the header must name ${missing.join(", ")}`);
  const twice = header.find((column, at) => header.indexOf(column) !== at);
  if (twice !== undefined) throw new SettlementConfigError(`${file}: the header names ${twice} twice`);
  rows.forEach(({ fields: row, line }) => {
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
    if (members.byClaimId.has(claimId!))
      throw new SettlementConfigError(`${file}: line ${line}: ClaimId ${claimId} appears twice`);
    // Several members may share a vehicle (co-owners, successive owners): a VIN only says it is covered.
    if (vin && !/^[A-HJ-NPR-Z0-9]{17}$/i.test(vin))
      throw new SettlementConfigError(
        `${file}: line ${line}: VIN must be 17 letters and digits, without I, O or Q (or empty)`,
      );
    const member: ClassMember = {
      claimId: claimId!,
      pinHash: hashPin(pin!),
      vin: vin ? vin.toUpperCase() : undefined,
      prepopulated: { ...prepopulated, ...(vin ? { VIN: vin.toUpperCase() } : {}) },
    };
    members.byClaimId.set(member.claimId, member);
    if (member.vin) members.byVin.set(member.vin, member);
  });
  return members;
}

/** The member with this Claim ID and PIN. Hashes of equal length are compared in constant time. */
export function memberByClaimIdAndPin(members: ClassMembers, claimId: string, pin: string): ClassMember | undefined {
  const member = members.byClaimId.get(claimId);
  // Compare against a stand-in when the Claim ID is unknown, so both cases take the same time.
  const expected = member?.pinHash ?? hashPin("\u0000no member");
  const matches = timingSafeEqual(expected, hashPin(pin));
  return member && matches ? member : undefined;
}

export function memberByVin(members: ClassMembers, vin: string): ClassMember | undefined {
  return members.byVin.get(vin.toUpperCase());
}
