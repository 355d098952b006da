import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS } from "#tests/support/backends.ts";
import { Claimant, signInStatus } from "#tests/support/claimant.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { type PortalServer, startFailure, startPortal } from "#tests/support/portal-server.ts";
import { withStore } from "#tests/support/server-state.ts";
import { settlementWith } from "#tests/support/settlement.ts";
import { newFieldKey } from "#app/security/field-keys.server.ts";

/** The class_members rows of a server's store, as stored: the current list's, or every list's. */
async function storedMembers(portal: PortalServer, currentOnly = true): Promise<Array<Record<string, unknown>>> {
  const sql = `SELECT m.claim_id, m.pin_hash, m.vin, m.prepopulated FROM class_members m JOIN class_member_lists l ON l.id = m.list_id${currentOnly ? " AND l.current" : ""}`;
  if (portal.databaseUrl) {
    const client = new pg.Client({ connectionString: portal.databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }
  const db = new DatabaseSync(path.join(portal.dataDir, "portal.sqlite"), { readOnly: true });
  try {
    return db.prepare(sql).all() as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

describe.each(BACKENDS)("the class-member list in the store, on %s", (backend) => {
  let portal: PortalServer;
  const settlement = settlementWith();
  const file = (name: string, content: string | Buffer) => {
    const at = path.join(settlement, name);
    writeFileSync(at, content);
    return at;
  };
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlement });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("the settlement folder's list is read into the store at start; its PINs are kept only as keyed hashes", async () => {
    expect(await signInStatus(portal, "10000001", "123456")).toBe(303);
    expect(await signInStatus(portal, "10000001", "654321")).toBe(401);
    const rows = await storedMembers(portal);
    expect(rows.length).toBeGreaterThan(4000);
    const ana = rows.find((row) => row.claim_id === "10000001")!;
    const hash = Buffer.from(ana.pin_hash as Uint8Array);
    expect(hash).toHaveLength(32);
    // Neither the PIN nor its plain SHA-256 (a million guesses away from the PIN) is anywhere in the row.
    expect(hash.equals(createHash("sha256").update("123456").digest())).toBe(false);
    expect(JSON.stringify(ana)).not.toContain("123456");
  });

  test("import-members: a checked list serves at once, without a restart; a list with a problem changes nothing", async () => {
    const refusals: Array<[string, string]> = [
      [
        file("bad.csv", "ClaimId,Pin,VIN,FirstName\n40000001,111111,,Ana\n1234,12,,Bo\n"),
        "line 3: ClaimId must be 8 digits and Pin 6 digits",
      ],
      [file("empty.csv", ""), "has no class members: it is empty"],
      [file("header-only.csv", "ClaimId,Pin,VIN,FirstName\r\n"), "has no class members: only a header"],
      // Excel's "CSV (Comma delimited)" writes Windows-1252: "García" with an í of one byte, 0xED.
      [
        file("ansi.csv", Buffer.from("ClaimId,Pin,VIN,LastName\n40000001,111111,,Garc\xeda\n", "latin1")),
        'line 2: this is not UTF-8 text: save the list as "CSV UTF-8"',
      ],
      [
        file("utf16.csv", Buffer.from("\uFEFFClaimId,Pin,VIN\n40000001,111111,\n", "utf16le")),
        'is UTF-16 text: save the list as "CSV UTF-8"',
      ],
      [
        file("nul.csv", "ClaimId,Pin,VIN,LastName\n40000001,111111,,Lee\u0000\n"),
        "line 2: LastName holds a control character (U+0000)",
      ],
      [
        file("twice.csv", "ClaimId,Pin,VIN,FirstName,FirstName\n40000001,111111,,Ana,Bo\n"),
        "the header names FirstName twice",
      ],
      [
        file(
          "unclosed.csv",
          'ClaimId,Pin,VIN,FirstName\n40000001,111111,,Ana\n40000002,222222,,"Bo\n40000003,333333,,Carmen\n',
        ),
        'line 3: a field opens a quote (") that is never closed',
      ],
      [
        file("ragged.csv", "ClaimId,Pin,VIN,FirstName\n40000001,111111,,Ana\n40000002,222222,,Bo,Lee\n"),
        "line 3: this row has a different number of columns than the header (expect 4, got 5)",
      ],
    ];
    for (const [source, message] of refusals) {
      const refused = await portalCommand(portal, settlement, "import-members", source);
      expect(refused.code, source).toBe(1);
      expect(refused.stderr, source).toContain(`${source}: ${message}`);
      expect(refused.stderr, source).not.toMatch(/\bat \S+ \(/);
    }
    // The list before still serves, and nothing of the refused ones does.
    expect(await signInStatus(portal, "10000001", "123456")).toBe(303);
    expect(await signInStatus(portal, "40000001", "111111")).toBe(401);

    const listBefore = readFileSync(path.join(settlement, "class-members.csv"));
    const excel = file(
      "excel.csv",
      "\uFEFFClaimId,Pin,VIN,FirstName,LastName\r\n40000001,111111,,José,Núñez\r\n40000002,222222,1HGCM82633A004352,Bo,Lee\r\n",
    );
    const imported = await portalCommand(portal, settlement, "import-members", excel);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(
      new RegExp(
        `^Imported 2 class members \\(1 with a VIN\\) from ${excel} in [\\d.]+ s \\(\\d+ a second\\): every server signs claimants in against them now\\.\\n$`,
      ),
    );
    // The running server uses it at once: the new members sign in, with their data; the old list is gone.
    const claimant = new Claimant(portal);
    await claimant.signIn("standard", { "credentials.claimId": "40000001", "credentials.pin": "111111" });
    expect((await claimant.get("/standard/claimant-info")).html).toContain("Núñez");
    expect(await signInStatus(portal, "10000001", "123456")).toBe(401);
    // The settlement folder is not written: the list is the store's.
    expect(readFileSync(path.join(settlement, "class-members.csv")).equals(listBefore)).toBe(true);
    expect(await storedMembers(portal)).toHaveLength(2);
  });

  test("import-members given other keys than the servers' is refused: its list would refuse every claimant", async () => {
    const other = file("other-keys.csv", "ClaimId,Pin,VIN\n40000009,999999,\n");
    const refused = await portalCommand(
      { ...portal, env: { ...portal.env, FIELD_ENCRYPTION_KEYS: newFieldKey() } },
      settlement,
      "import-members",
      other,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /The class-member list in use was hashed with field key [0-9a-f]{12}, which FIELD_ENCRYPTION_KEYS does not have/,
    );
    expect(await signInStatus(portal, "40000001", "111111")).toBe(303);
    expect(await signInStatus(portal, "40000009", "999999")).toBe(401);
  });

  test("a list an import killed part-way leaves is removed by the purge once a day has passed", async () => {
    const day = 24 * 60 * 60_000;
    await withStore(portal, async (store) => {
      const listId = await store.startMemberList(
        { source: "killed.csv", sha256: "", fromSettlementFolder: false, pinKeyId: "x" },
        Date.now() - day - 60_000,
      );
      await store.addMembers(listId, [{ claimId: "40000077", pinHash: Buffer.alloc(32), vin: null, prepopulated: {} }]);
    });
    const rows = async () => (await storedMembers(portal, false)).length;
    const before = await rows();
    expect((await portalCommand(portal, settlement, "purge")).code).toBe(0);
    expect(await rows()).toBe(before - 1);
    expect(await signInStatus(portal, "40000001", "111111")).toBe(303);
  });

  test("a restart keeps the imported list; the settlement folder's list is read again only while it is the one in use and changed", async () => {
    const sameStore = portal.env;
    await portal.stop();
    portal = await startPortal({ settlementDir: settlement, env: sameStore });
    expect(portal.output()).toContain("class-members.csv is not read: the class-member list imported from");
    expect(await signInStatus(portal, "40000002", "222222")).toBe(303);
    expect(await signInStatus(portal, "10000001", "123456")).toBe(401);
  });

  test("100,000 members are imported into a running server's store, and the last of them signs in", async () => {
    const rows = ["ClaimId,Pin,VIN,FirstName,LastName,City"];
    for (let at = 0; at < 100_000; at++) rows.push(`${50_000_000 + at},${String(100_000 + at)},,Member,${at},Seattle`);
    const source = file("hundred-thousand.csv", `${rows.join("\n")}\n`);
    const imported = await portalCommand(portal, settlement, "import-members", source);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain("Imported 100000 class members (0 with a VIN)");
    console.log(`${backend}: ${imported.stdout.trim()}`);
    expect(await signInStatus(portal, "50099999", "199999")).toBe(303);
    expect(await signInStatus(portal, "50099999", "199998")).toBe(401);
    expect(await storedMembers(portal)).toHaveLength(100_000);
  });
});

describe("a store restored without the key its list's PINs were hashed with", () => {
  test("the server refuses to start, naming the key, rather than refusing every claimant; the folder's own list is hashed again", async () => {
    const settlement = settlementWith();
    const first = await startPortal({ settlementDir: settlement });
    const list = path.join(settlement, "imported.csv");
    writeFileSync(list, "ClaimId,Pin,VIN\n40000001,111111,\n");
    expect((await portalCommand(first, settlement, "import-members", list)).code).toBe(0);
    await first.stop();
    const otherKeys = { DATA_DIR: first.dataDir, FIELD_ENCRYPTION_KEYS: newFieldKey() };
    const refused = await startFailure({ settlementDir: settlement, env: otherKeys });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(
      /The class-member list's PINs were hashed with field key [0-9a-f]{12}, which is not among the keys of FIELD_ENCRYPTION_KEYS/,
    );
    // A list from the settlement folder is read again instead: the folder has its PINs.
    const folderOnly = settlementWith();
    const second = await startPortal({ settlementDir: folderOnly });
    await second.stop();
    const restarted = await startPortal({
      settlementDir: folderOnly,
      env: { DATA_DIR: second.dataDir, FIELD_ENCRYPTION_KEYS: newFieldKey() },
    });
    try {
      expect(await signInStatus(restarted, "10000001", "123456")).toBe(303);
    } finally {
      await restarted.stop();
    }
  });
});
