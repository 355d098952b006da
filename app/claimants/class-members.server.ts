import { createHash, type Hash, hkdfSync, timingSafeEqual } from "node:crypto";
import { fieldKeys, FieldKeysError } from "#app/security/field-keys.server.ts";
import type { MemberList, StoredMember } from "#app/storage/store.ts";
import { getStore } from "#app/storage/store.server.ts";

/**
 * Who may file: the settlement's class-member list, kept in the store (a list of millions is no
 * one process's to hold), made current by an import (member-list-import.server.ts) and seen by
 * every instance at once. A PIN is kept only as a keyed hash: HMAC-SHA-256 of the Claim ID and PIN
 * under a key derived from a field key (FIELD_ENCRYPTION_KEYS or DATA_DIR/field-keys), which is
 * never in the database. Six digits hashed without a key would be read back from a stolen
 * database by trying all million; with the key elsewhere, they cannot be. Each list records the
 * field key its PINs were hashed with, so a rotation of the field keys leaves it readable while
 * that key is kept (docs/operating.md "Sensitive answers").
 */
export interface ClassMember {
  claimId: string;
  vin: string | null;
  prepopulated: Record<string, string>;
}

/** HMAC-SHA-256's two hashes with the key already in them (RFC 2104), per field key id. */
interface PinHmac {
  inner: Hash;
  outer: Hash;
}

const pinHmacs = new Map<string, PinHmac>();

/** The HMAC for PINs under the field key `keyId`; a list hashed with a key this process lacks cannot be read. */
function pinHmac(keyId: string): PinHmac {
  let hmac = pinHmacs.get(keyId);
  if (!hmac) {
    const { byId, source } = fieldKeys();
    const fieldKey = byId.get(keyId);
    if (!fieldKey) throw missingListKey(keyId, source);
    const key = Buffer.from(hkdfSync("sha256", fieldKey, "", "class-member PIN", 32));
    const padded = (pad: number) => Buffer.alloc(64, pad).map((byte, at) => byte ^ (key[at] ?? 0));
    hmac = { inner: createHash("sha256").update(padded(0x36)), outer: createHash("sha256").update(padded(0x5c)) };
    pinHmacs.set(keyId, hmac);
  }
  return hmac;
}

export const missingListKey = (keyId: string, source: string) =>
  new FieldKeysError(
    `The class-member list's PINs were hashed with field key ${keyId}, which is not among the keys of ${source}: no member could sign in. Restore that key (docs/operating.md, "Sensitive answers"), or import the list again with the current keys (npm run portal -- import-members).`,
  );

/**
 * The keyed hash a PIN is kept as: bound to its Claim ID, so equal PINs of two members differ.
 * HMAC-SHA-256 from copies of the keyed hashes, as createHmac computes it but a third of the work
 * per PIN (an import hashes millions).
 */
export function pinHash(keyId: string, claimId: string, pin: string): Buffer {
  const { inner, outer } = pinHmac(keyId);
  return outer
    .copy()
    .update(inner.copy().update(`${claimId}\0${pin}`).digest())
    .digest();
}

/** The current list's key, checked at start-up: a list no PIN of which can be checked stops the server there. */
export function checkMemberListKey(list: MemberList | undefined): void {
  if (list) pinHmac(list.pinKeyId);
}

const STAND_IN: StoredMember = { claimId: "00000000", pinHash: Buffer.alloc(32), vin: null, prepopulated: {} };

/** The member of the current list with this Claim ID and PIN. The hashes are compared in constant time. */
export async function memberByClaimIdAndPin(claimId: string, pin: string): Promise<ClassMember | undefined> {
  const store = getStore();
  const list = await store.currentMemberList();
  if (!list) return undefined;
  const member = await store.findMember(list.id, claimId);
  // Compare against a stand-in when the Claim ID is unknown, so both cases take the same time.
  const expected = (member ?? STAND_IN).pinHash;
  const matches = timingSafeEqual(expected, pinHash(list.pinKeyId, claimId, pin));
  return member && matches ? publicPart(member) : undefined;
}

/** The member of the current list with this Claim ID (one already proved by its PIN at sign-in). */
export async function listedMember(claimId: string): Promise<ClassMember | undefined> {
  const store = getStore();
  const list = await store.currentMemberList();
  const member = list && (await store.findMember(list.id, claimId));
  return member && publicPart(member);
}

/** A member of the current list whose vehicle has this VIN (several may share one: any says it is covered). */
export async function memberByVin(vin: string): Promise<ClassMember | undefined> {
  const store = getStore();
  const list = await store.currentMemberList();
  const member = list && (await store.findMemberByVin(list.id, vin.toUpperCase()));
  return member && publicPart(member);
}

const publicPart = ({ claimId, vin, prepopulated }: StoredMember): ClassMember => ({ claimId, vin, prepopulated });
