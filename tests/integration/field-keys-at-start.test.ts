import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { type FieldKeys, newFieldKey, parseFieldKeys } from "#app/security/field-keys.server.ts";
import { openPostgresStore } from "#app/storage/postgres-store.server.ts";
import { openSqliteStore } from "#app/storage/sqlite-store.server.ts";
import { emptyDraft } from "#app/storage/store.ts";
import { BACKENDS, freshDatabaseUrl } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { AUTOMOTIVE_CLAIMANT, REIMBURSEMENT_DETAILS } from "#tests/support/demo-answers.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { startFailure, startPortal } from "#tests/support/portal-server.ts";
import { demoAnswers, fieldKeysOf, TEST_FIELD_KEYS, withStore } from "#tests/support/server-state.ts";

/**
 * Issue 23, finding 7: a data folder restored without its field keys made a new key, reported
 * healthy, and then failed every sensitive answer. A store now knows which keys its answers are
 * under; a server (or a store command) without one of them refuses to start, naming it.
 */
const ACCOUNT = "4417123456789012";
const DIRECT_DEPOSIT = {
  "paymentElection.paymentMethod": "directDeposit",
  "paymentElection.routingNumber": "021000021",
  "paymentElection.accountNumber": ACCOUNT,
  "paymentElection.accountType": "checking",
};

describe.each(BACKENDS)("a %s store holding answers under a key the portal lacks", (backend) => {
  test("restored without its key file, or given other keys: the server and the store commands refuse, naming the key; with it back, all is read", async () => {
    // Keys from the data folder's key file, on PostgreSQL too (not the tests' fixed FIELD_ENCRYPTION_KEYS).
    const keyFileOnly = { FIELD_ENCRYPTION_KEYS: undefined };
    const first = await startPortal({ backend, env: keyFileOnly });
    const claimant = new Claimant(first);
    await claimant.signIn("reimbursement");
    await claimant.complete("/reimbursement/claimant-info", AUTOMOTIVE_CLAIMANT);
    await claimant.complete("/reimbursement/claim-details", REIMBURSEMENT_DETAILS);
    await claimant.complete("/reimbursement/payment-election", DIRECT_DEPOSIT);
    await first.stop();
    const keyFile = path.join(first.dataDir, "field-keys");
    const { id } = fieldKeysOf(first).current;
    const backedUpKeys = readFileSync(keyFile, "utf8");

    // The data folder comes back without its key file.
    rmSync(keyFile);
    const env = {
      ...keyFileOnly,
      DATA_DIR: first.dataDir,
      ...(first.databaseUrl ? { DATABASE_URL: first.databaseUrl } : {}),
    };
    const restored = await startFailure({ env });
    expect(restored.code).toBe(1);
    expect(restored.output).toContain("The portal could not start.\nThe database holds sensitive answers");
    expect(restored.output).toContain(`field key ${id}`);
    expect(restored.output).toContain(`${keyFile} was missing`);
    expect(restored.output).not.toMatch(/\n\s+at /);
    // Started again as it is (with the key made then): still refused.
    expect((await startFailure({ env })).output).toContain(`field key ${id}`);
    const report = await portalCommand(first, first.settlementDir, "report");
    expect(report.code).toBe(1);
    expect(report.stderr).toContain(`field key ${id}`);
    expect(report.stdout).toBe("");

    // Other keys in the variable: refused as well.
    const otherKeys = await startFailure({ env: { ...env, FIELD_ENCRYPTION_KEYS: newFieldKey() } });
    expect(otherKeys.code).toBe(1);
    expect(otherKeys.output).toContain(`field key ${id}`);
    expect(otherKeys.output).toContain("FIELD_ENCRYPTION_KEYS");

    // The key file put back: the server starts, and the answer reads back as typed.
    writeFileSync(keyFile, backedUpKeys, { mode: 0o600 });
    const again = await startPortal({ env });
    try {
      expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
      const draft = await withStore(again, (store) => store.getDraft(`member:${claimant.claimId}`, "reimbursement"));
      expect(draft?.models.paymentElection?.accountNumber).toBe(ACCOUNT);
    } finally {
      await again.stop();
    }
  }, 60_000);
});

test("a database that cannot be reached at start: the server starts all the same, says it could not check the keys, and is unhealthy", async () => {
  const portal = await startPortal({ env: { DATABASE_URL: "postgres://portal@127.0.0.1:1/portal" } });
  try {
    expect(portal.output()).toContain("could not check that the field keys of the stored answers are all here");
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(503);
  } finally {
    await portal.stop();
  }
});

describe.each(BACKENDS)("the field keys a %s store's answers are under", (backend) => {
  const newKey = parseFieldKeys(Buffer.alloc(32, 9).toString("base64"), "the new key");
  const rotated = parseFieldKeys(
    `${Buffer.from(newKey.current.key).toString("base64")}\n${Buffer.from(TEST_FIELD_KEYS.current.key).toString("base64")}`,
    "the new and the old key",
  );
  const payment = (account: string) => ({
    paymentElection: { paymentMethod: "directDeposit", routingNumber: "021000021", accountNumber: account },
  });

  test("recorded as a key first encrypts an answer; after a rotation and reencrypt, only the new key", async () => {
    const dataFolder = mkdtempSync(path.join(tmpdir(), "field-key-ids-"));
    const databaseUrl = backend === "postgresql" ? await freshDatabaseUrl() : undefined;
    const open = (keys: FieldKeys) =>
      databaseUrl
        ? openPostgresStore(databaseUrl, demoAnswers(keys))
        : openSqliteStore(path.join(dataFolder, "portal.sqlite"), demoAnswers(keys));
    const store = open(TEST_FIELD_KEYS);
    try {
      expect(await store.fieldKeyIds()).toEqual([]);
      // Answers with nothing sensitive in them name no key.
      await store.updateDraft("member:plain", "automotive", () => ({ ...emptyDraft("d-plain"), models: {} }), 1);
      expect(await store.fieldKeyIds()).toEqual([]);
      await store.updateDraft(
        "member:bank",
        "automotive",
        () => ({ ...emptyDraft("d-bank"), models: payment("11112222") }),
        2,
      );
      expect(await store.fieldKeyIds()).toEqual([TEST_FIELD_KEYS.current.id]);
    } finally {
      await store.close();
    }
    const after = open(rotated);
    try {
      await after.submitClaim(
        "member:new",
        "automotive",
        {
          draftId: "d-new",
          member: { claimId: "10000002", vin: null, verified: true, signInMethod: "claimIdPin" },
          models: payment("33334444"),
          records: {},
          documentIds: [],
          culture: "en",
        },
        "one",
        () => "AUT-KEYS-0001",
        3,
      );
      expect(await after.fieldKeyIds()).toEqual([newKey.current.id, TEST_FIELD_KEYS.current.id].sort());
      await after.reencryptAnswers();
      expect(await after.fieldKeyIds()).toEqual([newKey.current.id]);
    } finally {
      await after.close();
    }
  });
});
