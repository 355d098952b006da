import { createHash, randomBytes } from "node:crypto";
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { dataDir, PRIVATE_FILE, privateFolder } from "#app/storage/data-dir.server.ts";
import { log } from "#app/log.server.ts";

/**
 * The keys that encrypt sensitive answers at rest (decision 015). Several may be known: the first
 * encrypts everything written from now on, the others are kept to read what older keys encrypted
 * (key rotation). Each ciphertext names the key that made it by the key's id.
 *
 * FIELD_ENCRYPTION_KEYS when the operator sets it, else DATA_DIR/field-keys, made on first start
 * so the demo runs with no set-up. Both hold the same thing: keys of 32 random bytes in base64,
 * newest first. With PostgreSQL the variable is required (outside tests and development): the
 * database outlives any one machine's disk and is shared by several instances, so a key file on
 * one of them would leave the others, or a replacement machine, unable to read what it encrypted.
 */
export interface FieldKey {
  /** Derived from the key itself (a hash: it reveals nothing of it), so two keys never share an id. */
  id: string;
  key: Buffer;
}

export interface FieldKeys {
  /** The key new ciphertexts are made with. */
  current: FieldKey;
  byId: ReadonlyMap<string, Buffer>;
  /** Where they came from, for messages: "FIELD_ENCRYPTION_KEYS" or the key file. */
  source: string;
  /** Set when the key file was not there and this process made it, with a new key. */
  made?: true;
}

export const FIELD_KEYS_VARIABLE = "FIELD_ENCRYPTION_KEYS";
export const FIELD_KEYS_FILE = "field-keys";

/** A start-up problem with the keys: the server prints the message (no stack) and stops. */
export class FieldKeysError extends Error {
  override name = "ConfigurationError";
}

export function fieldKeyId(key: Buffer): string {
  return createHash("sha256").update("portal field key id\0").update(key).digest("hex").slice(0, 12);
}

/** A new random key as an operator writes it: what `openssl rand -base64 32` prints. */
export function newFieldKey(): string {
  return randomBytes(32).toString("base64");
}

/** Keys in base64, separated by commas, spaces or lines; lines starting with # are comments. */
export function parseFieldKeys(text: string, source: string): FieldKeys {
  const encoded = text
    .split("\n")
    .filter((line) => !line.trim().startsWith("#"))
    .join(" ")
    .split(/[\s,]+/)
    .filter(Boolean);
  if (encoded.length === 0) throw new FieldKeysError(`${source}: no key. Make one with: openssl rand -base64 32`);
  const keys = encoded.map((value, index): FieldKey => {
    const key = Buffer.from(value, "base64");
    if (key.length !== 32 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) {
      throw new FieldKeysError(
        `${source}: key ${index + 1} is not 32 bytes in base64 (AES-256 needs 32 random bytes; make one with: openssl rand -base64 32)`,
      );
    }
    return { id: fieldKeyId(key), key };
  });
  return { current: keys[0]!, byId: new Map(keys.map(({ id, key }) => [id, key])), source };
}

/** Where the keys must come from the environment: a shared database, outside tests and development. */
function keysMustBeSet(env: NodeJS.ProcessEnv): boolean {
  return !!env.DATABASE_URL && env.NODE_ENV !== "test" && env.NODE_ENV !== "development";
}

/**
 * Checks FIELD_ENCRYPTION_KEYS at start-up, so a mistyped key, or none where one is required,
 * stops the server there and not at a claimant's first answer.
 */
export function checkFieldKeysSetting(env: NodeJS.ProcessEnv = process.env): void {
  if (env[FIELD_KEYS_VARIABLE]) parseFieldKeys(env[FIELD_KEYS_VARIABLE], FIELD_KEYS_VARIABLE);
  else if (keysMustBeSet(env)) throw missingKeys();
}

const missingKeys = () =>
  new FieldKeysError(
    `${FIELD_KEYS_VARIABLE} is not set. With DATABASE_URL it is required, the same on every instance and on the machine running npm run portal: a key file made on one machine would leave every other unable to read the bank numbers it encrypted. Make a key with: openssl rand -base64 32 (docs/operating.md, "Sensitive answers")`,
  );

/**
 * The keys, from FIELD_ENCRYPTION_KEYS or the data folder's key file. With neither, a key file is
 * made (owner-only), or refused where the variable is required.
 */
export function loadFieldKeys({ env = process.env, dataFolder = dataDir() } = {}): FieldKeys {
  if (env[FIELD_KEYS_VARIABLE]) return parseFieldKeys(env[FIELD_KEYS_VARIABLE], FIELD_KEYS_VARIABLE);
  if (keysMustBeSet(env)) throw missingKeys();
  const file = path.join(dataFolder, FIELD_KEYS_FILE);
  let made = false;
  if (!existsSync(file)) {
    privateFolder(dataFolder);
    const header = [
      "# Keys that encrypt sensitive answers (bank account and routing numbers) at rest: docs/operating.md, 'Sensitive answers'.",
      "# The first line's key encrypts; keep older keys below it so what they encrypted can still be read.",
      "# Losing this file loses those answers: back it up apart from the database.",
    ];
    // Written whole under a temporary name, then linked into place: two processes starting at
    // once do not each make a key (the second link fails, and it reads the first's), and neither
    // ever reads a half-written file.
    const temporary = `${file}.${process.pid}.new`;
    writeFileSync(temporary, `${header.join("\n")}\n${newFieldKey()}\n`, { mode: PRIVATE_FILE });
    try {
      linkSync(temporary, file);
      made = true;
      log.info(
        `made a new field key in ${file}: back it up apart from the database (docs/operating.md, "Sensitive answers")`,
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      rmSync(temporary, { force: true });
    }
  }
  const keys = parseFieldKeys(readFileSync(file, "utf8"), file);
  return made ? { ...keys, made } : keys;
}

let keys: FieldKeys | undefined;

/** The process's keys (loadFieldKeys), read on first use. */
export function fieldKeys(): FieldKeys {
  keys ??= loadFieldKeys();
  return keys;
}
