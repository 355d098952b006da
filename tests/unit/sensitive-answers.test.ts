import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { maskedAnswer } from "#app/forms/sensitive-fields.ts";
import { displayValue } from "#app/forms/display-value.ts";
import { loadFormDefinitions } from "#app/forms/form-definitions.server.ts";
import { sensitivePaths } from "#app/forms/sensitive-fields.ts";
import {
  checkFieldKeysSetting,
  FIELD_KEYS_FILE,
  loadFieldKeys,
  parseFieldKeys,
} from "#app/security/field-keys.server.ts";
import { isSealed, sensitiveAnswers } from "#app/storage/sensitive-answers.server.ts";
import { DEMO_SETTLEMENT } from "#tests/support/settlement.ts";
import { TEST_FIELD_KEYS } from "#tests/support/server-state.ts";

const text = (key: string, ...args: unknown[]) => `${key}(${args.join(",")})`;
const answers = sensitiveAnswers(TEST_FIELD_KEYS, {
  automotive: ["paymentElection.accountNumber", "claimTransactions.secret"],
});
const draft = {
  models: { paymentElection: { accountNumber: "987654321012", paymentMethod: "directDeposit", empty: null } },
  records: {
    claimTransactions: [
      {
        clientId: "txn-aaaaaaaa",
        status: "saved" as const,
        fields: { secret: "s3cret", description: "Tow" },
        savedFields: { secret: "older", description: "Tow" },
      },
    ],
  },
};

describe("sensitive answers", () => {
  test("the demo marks the bank routing and account numbers sensitive, in the flows that ask for them", () => {
    const forms = loadFormDefinitions(DEMO_SETTLEMENT);
    expect(sensitivePaths(forms.automotive)).toEqual([
      "paymentElection.routingNumber",
      "paymentElection.accountNumber",
    ]);
    expect(sensitivePaths(forms.reimbursement)).toEqual([
      "paymentElection.routingNumber",
      "paymentElection.accountNumber",
    ]);
    expect(sensitivePaths(forms.standard)).toEqual([]);
  });

  test("sealed: each sensitive value, in models and records, is AES-256-GCM under the current key; opened, the answers are as typed", () => {
    const sealed = answers.seal("automotive", draft);
    const account = sealed.models.paymentElection!.accountNumber as unknown;
    expect(account).toMatchObject({ sealed: "aes-256-gcm", key: TEST_FIELD_KEYS.current.id });
    expect(JSON.stringify(sealed)).not.toMatch(/987654321012|s3cret|older/);
    expect(sealed.models.paymentElection!.paymentMethod).toBe("directDeposit");
    expect(sealed.records.claimTransactions[0]!.fields.description).toBe("Tow");
    expect(answers.open(JSON.parse(JSON.stringify(sealed)))).toEqual(draft);
    // A random nonce each time: the same number never encrypts the same way twice.
    expect(answers.seal("automotive", draft).models.paymentElection!.accountNumber).not.toEqual(account);
    // Another form type with no sensitive fields is stored as it is.
    expect(answers.seal("standard", draft)).toBe(draft);
  });

  test("an encrypted answer moved to another field, or altered, does not decrypt; an unknown key is named", () => {
    const sealed = answers.seal("automotive", draft);
    const moved = { models: { paymentElection: { routingNumber: sealed.models.paymentElection!.accountNumber } } };
    expect(() => answers.open(moved)).toThrow("A sensitive answer (paymentElection.routingNumber) does not decrypt");
    const value = sealed.models.paymentElection!.accountNumber as unknown as { data: string };
    // Its first character changed (to "A", or "B" when it was an "A": a random ciphertext starts with "A" one time in 64).
    const changed = `${value.data.startsWith("A") ? "B" : "A"}${value.data.slice(1)}`;
    const altered = { models: { paymentElection: { accountNumber: { ...value, data: changed } } } };
    expect(() => answers.open(altered as never)).toThrow("does not decrypt");
    const other = sensitiveAnswers(parseFieldKeys(Buffer.alloc(32, 1).toString("base64"), "FIELD_ENCRYPTION_KEYS"), {});
    expect(() => other.open(sealed)).toThrow(
      `encrypted with field key ${TEST_FIELD_KEYS.current.id}, which is not among the keys of FIELD_ENCRYPTION_KEYS`,
    );
  });

  test("reseal: clear sensitive values and older keys are encrypted anew; what is already right is the same object", () => {
    const rotated = parseFieldKeys(
      `${Buffer.alloc(32, 2).toString("base64")}, ${TEST_FIELD_KEYS.current.key.toString("base64")}`,
      "rotated",
    );
    const withRotation = sensitiveAnswers(rotated, { automotive: ["paymentElection.accountNumber"] });
    const old = answers.seal("automotive", draft);
    const resealed = withRotation.reseal("automotive", old);
    expect(resealed).not.toBe(old);
    expect(JSON.stringify(resealed)).not.toContain(`"key":"${TEST_FIELD_KEYS.current.id}"`);
    // The record's field is encrypted still, though "claimTransactions.secret" is not sensitive to this reading: once encrypted, always.
    expect(isSealed(resealed.records.claimTransactions[0]!.fields.secret)).toBe(true);
    expect(withRotation.open(resealed)).toEqual(draft);
    expect(withRotation.reseal("automotive", resealed)).toBe(resealed);
    expect(isSealed(withRotation.reseal("automotive", draft).models.paymentElection!.accountNumber)).toBe(true);
  });

  test("read back masked: the last 4 characters, never more than half; empty is not answered", () => {
    expect(maskedAnswer("987654321012", text)).toBe("Value_EndingIn(1012)");
    expect(maskedAnswer("021000021", text)).toBe("Value_EndingIn(0021)");
    expect(maskedAnswer("123456", text)).toBe("Value_EndingIn(456)");
    expect(maskedAnswer("1", text)).toBe("Value_Hidden()");
    const field = loadFormDefinitions(DEMO_SETTLEMENT).automotive.models.find(
      (model) => model.metadata.dtoMapping === "PaymentElection",
    )!.fields.accountNumber!;
    expect(displayValue(field, "987654321012", text as never, "en")).toBe("Value_EndingIn(1012)");
    expect(displayValue(field, null, text as never, "en")).toBe("Value_NotAnswered()");
  });
});

describe("field keys", () => {
  test("keys are 32 bytes of base64, newest first; anything else stops the server with a message saying how to make one", () => {
    const keys = parseFieldKeys(
      `# a comment\n${Buffer.alloc(32, 3).toString("base64")}\n${Buffer.alloc(32, 4).toString("base64url")}\n`,
      "a file",
    );
    expect(keys.current.key).toEqual(Buffer.alloc(32, 3));
    expect([...keys.byId.values()]).toEqual([Buffer.alloc(32, 3), Buffer.alloc(32, 4)]);
    expect(() => parseFieldKeys(Buffer.alloc(16).toString("base64"), "FIELD_ENCRYPTION_KEYS")).toThrow(
      "FIELD_ENCRYPTION_KEYS: key 1 is not 32 bytes in base64 (AES-256 needs 32 random bytes; make one with: openssl rand -base64 32)",
    );
    expect(() => parseFieldKeys("# nothing\n", "a file")).toThrow("a file: no key.");
  });

  test("with no FIELD_ENCRYPTION_KEYS, a key file is made in the data folder, owner-only, and read again after", () => {
    const dataFolder = path.join(mkdtempSync(path.join(tmpdir(), "keys-")), "data");
    const made = loadFieldKeys({ env: {}, dataFolder });
    const file = path.join(dataFolder, FIELD_KEYS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataFolder).mode & 0o777).toBe(0o700);
    expect(readFileSync(file, "utf8")).toMatch(/^# Keys that encrypt sensitive answers/);
    expect(loadFieldKeys({ env: {}, dataFolder }).current).toEqual(made.current);
    // The environment wins over the file.
    const fromEnv = loadFieldKeys({
      env: { FIELD_ENCRYPTION_KEYS: Buffer.alloc(32, 5).toString("base64") },
      dataFolder,
    });
    expect(fromEnv.current.key).toEqual(Buffer.alloc(32, 5));
    expect(fromEnv.source).toBe("FIELD_ENCRYPTION_KEYS");
  });

  test("with PostgreSQL, outside tests and development, the keys must come from FIELD_ENCRYPTION_KEYS: no key file is made", () => {
    const dataFolder = path.join(mkdtempSync(path.join(tmpdir(), "keys-")), "data");
    for (const NODE_ENV of ["production", undefined]) {
      const env = { DATABASE_URL: "postgres://db/portal", NODE_ENV };
      expect(() => checkFieldKeysSetting(env)).toThrow(
        "FIELD_ENCRYPTION_KEYS is not set. With DATABASE_URL it is required",
      );
      expect(() => loadFieldKeys({ env, dataFolder })).toThrow("FIELD_ENCRYPTION_KEYS is not set");
    }
    expect(existsSync(dataFolder)).toBe(false);
    expect(() =>
      checkFieldKeysSetting({
        DATABASE_URL: "postgres://db/portal",
        NODE_ENV: "production",
        FIELD_ENCRYPTION_KEYS: Buffer.alloc(32).toString("base64"),
      }),
    ).not.toThrow();
    expect(() => checkFieldKeysSetting({ NODE_ENV: "production" })).not.toThrow(); // SQLite: the key file beside the database
    expect(loadFieldKeys({ env: { DATABASE_URL: "postgres://db/portal", NODE_ENV: "test" }, dataFolder }).source).toBe(
      path.join(dataFolder, FIELD_KEYS_FILE),
    );
  });
});
