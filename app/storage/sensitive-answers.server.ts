import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { FormType } from "#app/flow-registry/form-type.ts";
import type { FieldValue } from "#app/forms/field-value.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import type { FieldKeys } from "#app/security/field-keys.server.ts";
import type { DraftRecords, RecordEntry } from "./store.ts";

/**
 * A sensitive answer as the store keeps it, in place of its text: AES-256-GCM of the text, the
 * nonce, and the id of the key that encrypted it (decision 015). An object, where a claimant's
 * answer is always text, a boolean or null, so nothing a claimant types can pass for one.
 */
export interface SealedAnswer {
  sealed: "aes-256-gcm";
  /** The key's id (app/security/field-keys.server.ts). */
  key: string;
  /** 12 random bytes, base64url: never reused with a key. */
  iv: string;
  /** The ciphertext and its 16-byte authentication tag, base64url. */
  data: string;
}

/** What of a draft or a claim holds answers: its models, and its records' fields. */
export interface Answers {
  models: ModelValues;
  records?: DraftRecords | null;
}

/**
 * Encrypts and decrypts the sensitive answers of drafts, claims and claim versions on their way
 * into and out of a store, so the rest of the portal works with answers as typed, and the
 * database and its backups hold no bank number in clear.
 */
export interface SensitiveAnswers {
  /** The id of the key answers are encrypted with from now on (the current key). */
  readonly keyId: string;
  /** The answers as stored: each of the form type's sensitive fields encrypted with the current key. */
  seal<T extends Answers>(formType: FormType, answers: T): T;
  /** The answers as typed: every encrypted one decrypted, whichever field and key it is. */
  open<T extends Answers>(answers: T): T;
  /**
   * Stored answers as they should now be stored, or the same object when they already are: a
   * sensitive answer kept in clear (before the field was marked sensitive, or before this release)
   * is encrypted, one encrypted with an older key is encrypted again with the current one (after
   * a rotation). An answer once encrypted stays encrypted. `npm run portal -- reencrypt` uses it.
   */
  reseal<T extends Answers>(formType: FormType, answers: T): T;
  /** The ids of the keys that stored answers' encrypted values are under: what a server needs to read them. */
  keyIds(answers: Answers): string[];
}

const ALGORITHM = "aes-256-gcm";
const TAG_BYTES = 16;

export function isSealed(value: unknown): value is SealedAnswer {
  return typeof value === "object" && value !== null && (value as SealedAnswer).sealed === ALGORITHM;
}

/**
 * The store's encryption of sensitive answers: `keys` to encrypt and decrypt with, `sensitive` the
 * "model.field" paths of each form type to encrypt. The path is bound to the ciphertext (GCM's
 * additional data), so an encrypted answer moved to another field no longer decrypts.
 */
export function sensitiveAnswers(
  keys: FieldKeys,
  sensitive: Partial<Record<FormType, readonly string[]>>,
): SensitiveAnswers {
  const encrypt = (path: string, text: string): SealedAnswer => {
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, keys.current.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(path));
    const data = Buffer.concat([cipher.update(text, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return { sealed: ALGORITHM, key: keys.current.id, iv: iv.toString("base64url"), data: data.toString("base64url") };
  };
  const decrypt = (path: string, sealed: SealedAnswer): string => {
    const key = keys.byId.get(sealed.key);
    if (!key) {
      throw new Error(
        `A sensitive answer (${path}) was encrypted with field key ${sealed.key}, which is not among the keys of ${keys.source}: add that key back (docs/operating.md, "Sensitive answers")`,
      );
    }
    const data = Buffer.from(sealed.data, "base64url");
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.iv, "base64url"), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(path));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]).toString(
        "utf8",
      );
    } catch {
      throw new Error(
        `A sensitive answer (${path}) does not decrypt with field key ${sealed.key}: it was altered, or moved from another field`,
      );
    }
  };

  /** `answers` with each field value passed through `change(path, value)`; the same objects where nothing changes. */
  const mapAnswers = <T extends Answers>(answers: T, change: (path: string, value: unknown) => unknown): T => {
    let changed = false;
    const mapFields = <F extends Record<string, unknown>>(model: string, fields: F): F => {
      let fieldsChanged = false;
      const mapped = Object.fromEntries(
        Object.entries(fields).map(([key, value]) => {
          const next = change(`${model}.${key}`, value);
          if (next !== value) fieldsChanged = true;
          return [key, next];
        }),
      ) as F;
      if (!fieldsChanged) return fields;
      changed = true;
      return mapped;
    };
    const models = Object.fromEntries(
      Object.entries(answers.models ?? {}).map(([model, fields]) => [model, mapFields(model, fields)]),
    ) as ModelValues;
    const records =
      answers.records &&
      (Object.fromEntries(
        Object.entries(answers.records).map(([model, list]) => [
          model,
          list.map((record): RecordEntry => {
            const fields = mapFields(model, record.fields);
            const savedFields = record.savedFields && mapFields(model, record.savedFields);
            return fields === record.fields && savedFields === record.savedFields
              ? record
              : { ...record, fields, ...(savedFields ? { savedFields } : {}) };
          }),
        ]),
      ) as DraftRecords);
    return changed ? { ...answers, models, ...(answers.records ? { records } : {}) } : answers;
  };

  const plain = (value: unknown): value is string => typeof value === "string" && value !== "";

  return {
    keyId: keys.current.id,
    seal(formType, answers) {
      const paths = sensitive[formType] ?? [];
      if (paths.length === 0) return answers;
      return mapAnswers(answers, (path, value) =>
        paths.includes(path) && plain(value) ? encrypt(path, value) : value,
      );
    },
    open(answers) {
      return mapAnswers(answers, (path, value) =>
        isSealed(value) ? (decrypt(path, value) satisfies FieldValue) : value,
      );
    },
    reseal(formType, answers) {
      const paths = sensitive[formType] ?? [];
      return mapAnswers(answers, (path, value) => {
        if (isSealed(value)) return value.key === keys.current.id ? value : encrypt(path, decrypt(path, value));
        return paths.includes(path) && plain(value) ? encrypt(path, value) : value;
      });
    },
    keyIds(answers) {
      const ids = new Set<string>();
      mapAnswers(answers, (_path, value) => {
        if (isSealed(value)) ids.add(value.key);
        return value;
      });
      return [...ids];
    },
  };
}
