import { createHash, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
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
  return parseClassMembers(readFileSync(file, "utf8"), file);
}

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
  rows.forEach(({ fields: row, line }) => {
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
