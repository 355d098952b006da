import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import path from "node:path";
import { FieldKeysError, fieldKeys } from "#app/security/field-keys.server.ts";
import { SettlementConfigError } from "#app/settlement/config-error.ts";
import { getStore } from "#app/storage/store.server.ts";
import { log } from "#app/log.server.ts";
import { ABANDONED_MEMBER_LIST_MS, type Store, type StoredMember } from "#app/storage/store.ts";
import { checkMemberListKey, pinHash } from "./class-members.server.ts";
import { checkListFile, readMemberList } from "./member-list-file.server.ts";

/** Members written per transaction: large enough to be fast, small enough to hold no lock for long. */
const BATCH = 5_000;

export const CLASS_MEMBERS_FILE = "class-members.csv";

export interface ImportedList {
  members: number;
  withVin: number;
  seconds: number;
}

/**
 * Reads a class-member list file into the store as a new list, checking every row, and makes it
 * current in one step once all of it is in: until then claimants sign in against the list before
 * it, and a list refused part-way (a row that fails a check) leaves that one serving, with
 * nothing of the new one kept. Memory stays flat however long the list (a slice of the file and a
 * batch of members at a time). The lists it replaces are removed afterwards.
 */
export async function importMemberList(
  store: Store,
  file: string,
  { fromSettlementFolder = false, now = Date.now } = {},
): Promise<ImportedList> {
  const started = performance.now();
  checkListFile(file);
  const keys = fieldKeys();
  const current = await store.currentMemberList();
  // The servers check PINs with the keys they have: a list import-members hashed with a key they
  // lack would refuse every claimant. Its keys must be theirs: it must have the list in use's key.
  // (A server reading its folder's list hashes with its own keys.)
  if (!fromSettlementFolder && current && !keys.byId.has(current.pinKeyId))
    throw otherKeys(current.pinKeyId, keys.source);
  const sha256 = await fileSha256(file);
  const pinKeyId = keys.current.id;
  const listId = await store.startMemberList({ source: file, sha256, fromSettlementFolder, pinKeyId }, now());
  let members = 0;
  let withVin = 0;
  try {
    let batch: StoredMember[] = [];
    for await (const { claimId, pin, vin, prepopulated } of readMemberList(file)) {
      batch.push({ claimId, pinHash: pinHash(pinKeyId, claimId, pin), vin, prepopulated });
      members++;
      if (vin) withVin++;
      if (batch.length === BATCH) {
        await store.addMembers(listId, batch);
        batch = [];
      }
    }
    if (batch.length) await store.addMembers(listId, batch);
    await store.completeMemberList(listId, { members, withVin }, now());
  } catch (error) {
    await store.removeMemberLists(now() - ABANDONED_MEMBER_LIST_MS, listId).catch(() => undefined);
    throw error;
  }
  await store.removeMemberLists(now() - ABANDONED_MEMBER_LIST_MS);
  return { members, withVin, seconds: (performance.now() - started) / 1000 };
}

const otherKeys = (keyId: string, source: string) =>
  new FieldKeysError(
    `The class-member list in use was hashed with field key ${keyId}, which ${source} does not have: this command is not given the servers' keys, and a list it imported would refuse every claimant. Run it with the servers' FIELD_ENCRYPTION_KEYS (or their DATA_DIR), the same on every instance (docs/operating.md, "Sensitive answers").`,
  );

async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * At start-up: the settlement folder's class-members.csv is read into the store when it changed
 * since it was last read (so the demo, and a settlement shipped with its list, work as they
 * are) or its PINs were hashed with a field key no longer among the keys, unless a list given to
 * import-members is current: an operator's import is never undone by a restart. Then the current
 * list's PIN key is checked, so a store restored without its field keys stops the server here
 * rather than refusing every claimant.
 */
export async function readSettlementFolderListInto(store: Store, settlementDir: string): Promise<void> {
  const file = path.join(settlementDir, CLASS_MEMBERS_FILE);
  let current = await store.currentMemberList();
  if (existsSync(file)) {
    if (current && !current.fromSettlementFolder) {
      log.warn(
        `${file} is not read: the class-member list imported from ${current.source} (npm run portal -- import-members) is the one in use`,
      );
    } else if (current?.sha256 !== (await fileSha256(file)) || !fieldKeys().byId.has(current.pinKeyId)) {
      // Changed, or hashed with a key since retired: the folder has the PINs to hash them again.
      const imported = await importMemberList(store, file, { fromSettlementFolder: true });
      log.info(`class-member list read from ${file}`, { ...imported });
      current = await store.currentMemberList();
    }
  }
  checkMemberListKey(current);
}

/** How long a server that could not reach its store at start waits before reading the folder's list again. */
const RETRY_MS = 10_000;

/**
 * readSettlementFolderListInto at start-up. A list with a problem, or a key missing, stops the
 * server (the caller lets it throw); a store that cannot be reached does not: the server starts as it
 * survives the database going away later, and reads the list in once the store answers.
 */
export async function readSettlementFolderList(settlementDir: string): Promise<void> {
  try {
    await readSettlementFolderListInto(getStore(), settlementDir);
  } catch (error) {
    if (error instanceof SettlementConfigError || error instanceof FieldKeysError) throw error;
    log.error(
      `could not read the settlement folder's class-member list: the store cannot be read; trying again in ${RETRY_MS / 1000} s`,
      { error },
    );
    setTimeout(() => {
      readSettlementFolderList(settlementDir).catch((later: unknown) =>
        log.error("the settlement folder's class-member list cannot be used", { error: later }),
      );
    }, RETRY_MS).unref();
  }
}
