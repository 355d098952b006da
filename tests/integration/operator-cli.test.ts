import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseCsv } from "#app/claimants/csv.ts";
import { BACKENDS } from "#tests/support/backends.ts";
import { pdfOfSize, PNG } from "#tests/support/documents.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { fileReimbursementClaim } from "#tests/support/filing.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { withStore } from "#tests/support/server-state.ts";
import { FIELD_KEYS_FILE, parseFieldKeys } from "#app/security/field-keys.server.ts";
import { emptyDraft } from "#app/storage/store.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith, writeSettlementFile } from "#tests/support/settlement.ts";

describe.each(BACKENDS)("the operator's command line, on %s", (backend) => {
  let portal: PortalServer;
  const settlement = settlementWith();
  const receipt = pdfOfSize(120_000);
  let referenceCode: string;
  let claimId: string;
  beforeAll(async () => {
    // Its keys in the data folder's key file on PostgreSQL too, which key rotation edits.
    portal = await startPortal({ backend, settlementDir: settlement, env: { FIELD_ENCRYPTION_KEYS: undefined } });
    const claimant = new Claimant(portal);
    claimId = claimant.member["credentials.claimId"];
    ({ referenceCode } = await fileReimbursementClaim(
      portal,
      [
        { name: "tow, receipt.pdf", content: receipt },
        { name: "=rental.png", content: PNG },
      ],
      claimant,
    ));
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("export: claims as JSON and CSV with their records, documents copied byte for byte", async () => {
    const out = mkdtempSync(path.join(tmpdir(), "export-"));
    const result = await portalCommand(portal, settlement, "export", "--out", out, "--documents");
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Exported 1 claims and 2 documents to /);

    const [claim] = JSON.parse(readFileSync(path.join(out, "claims.json"), "utf8"));
    expect(claim).toMatchObject({
      referenceCode,
      formType: "reimbursement",
      claimId,
      vin: null,
      verified: true,
      signInMethod: "claimIdPin",
      culture: "en",
      version: 1,
      answers: { claimantInfo: { lastName: "García" }, paymentElection: { paymentMethod: "check" } },
    });
    expect(
      claim.records.claimTransactions.map((record: { fields: { description: string } }) => record.fields.description),
    ).toEqual(["Expense 1", "Expense 2"]);
    expect(claim.documents.map((document: { name: string; file: string }) => [document.name, document.file])).toEqual([
      ["tow, receipt.pdf", `documents/${referenceCode}/1-tow, receipt.pdf`],
      ["=rental.png", `documents/${referenceCode}/2-=rental.png`],
    ]);
    expect(readFileSync(path.join(out, claim.documents[0].file))).toEqual(receipt);
    expect(readFileSync(path.join(out, claim.documents[1].file))).toEqual(PNG);

    // A byte-order mark first in every CSV file, so Excel shows García as García.
    const csvFiles = readdirSync(out).filter((name) => name.endsWith(".csv"));
    expect(csvFiles.sort()).toEqual([
      "claims-reimbursement.csv",
      "events.csv",
      "records-reimbursement-claimTransactions.csv",
      "records-reimbursement-documentContexts.csv",
    ]);
    for (const name of csvFiles)
      expect([...readFileSync(path.join(out, name)).subarray(0, 3)], name).toEqual([0xef, 0xbb, 0xbf]);
    const claimsCsv = readFileSync(path.join(out, "claims-reimbursement.csv"));
    const [header, row] = parseCsv(claimsCsv.toString("utf8"));
    expect(header!.slice(0, 10)).toEqual([
      "referenceCode",
      "claimId",
      "vin",
      "verified",
      "signInMethod",
      "culture",
      "submittedAt",
      "version",
      "versionAt",
      "claimantInfo.firstName",
    ]);
    expect(row!.slice(0, 6)).toEqual([referenceCode, claimId, "", "true", "claimIdPin", "en"]);
    expect(row![header!.indexOf("claimantInfo.lastName")]).toBe("García");
    const records = parseCsv(readFileSync(path.join(out, "records-reimbursement-documentContexts.csv"), "utf8"));
    expect(records[0]).toEqual([
      "referenceCode",
      "clientId",
      "name",
      "size",
      "type",
      "documentKind",
      "claimTransactionId",
      "documentFile",
    ]);
    // A value a spreadsheet would run as a formula is defused.
    expect(records[2]![2]).toBe("'=rental.png");
    // Each expense's row names the receipt attached to it (docs/operating.md): the data paid from is complete.
    const expenses = parseCsv(readFileSync(path.join(out, "records-reimbursement-claimTransactions.csv"), "utf8"));
    const documentFile = expenses[0]!.indexOf("documentFile");
    expect(expenses.slice(1).map((row) => [row[expenses[0]!.indexOf("description")], row[documentFile]])).toEqual([
      ["Expense 1", `documents/${referenceCode}/1-tow, receipt.pdf`],
      ["Expense 2", `documents/${referenceCode}/2-=rental.png`],
    ]);
  });

  test("report: claims by day and form type; purge: expired sessions", async () => {
    const report = await portalCommand(portal, settlement, "report", "--json");
    expect(report.code, report.stderr).toBe(0);
    expect(JSON.parse(report.stdout)).toMatchObject({
      total: 1,
      totals: { reimbursement: 1 },
      severalClaims: [],
      unverified: [],
    });
    const table = await portalCommand(portal, settlement, "report");
    expect(table.stdout).toMatch(/^day \(Los Angeles\)\s+automotive\s+reimbursement\s+standard\s+total\n/);
    expect(table.stdout).toMatch(
      /\ntotal\s+0\s+1\s+0\s+1\n\nMembers with more than one claim of a form type: 0\n\nClaims without a verified member: 0\n\nClaims sharing a bank account, an e-mail address, a phone number or a mailing address \(clusters\): 0\n\nNetworks that filed 10 or more claims within an hour \(bursts\): 0\n\n/,
    );
    // Filed by a test's HTTP client within seconds of signing in: faster than a person types.
    expect(table.stdout).toContain(
      `Claims filed less than 60 s after signing in (faster than a person types): 1\n  ${referenceCode}\n`,
    );
    const purge = await portalCommand(portal, settlement, "purge");
    expect(purge.stdout).toMatch(
      /^Removed \d+ expired sessions, \d+ drafts past their flow's deadline and retention, and \d+ unfiled documents\.\n$/,
    );
  });

  test("key rotation: a new key first in the key file, reencrypt, and the old key may go", async () => {
    const account = {
      paymentElection: {
        paymentMethod: "directDeposit",
        routingNumber: "021000021",
        accountNumber: "31415926535",
        accountType: "savings",
      },
    };
    await withStore(portal, (store) =>
      store.updateDraft(
        "member:rotation",
        "automotive",
        () => ({ ...emptyDraft("d-rotation"), models: account }),
        Date.now(),
      ),
    );
    const keyFile = path.join(portal.dataDir, FIELD_KEYS_FILE);
    const oldKeys = readFileSync(keyFile, "utf8");
    const created = await portalCommand(portal, settlement, "new-field-key");
    expect(created.stdout).toMatch(/^[A-Za-z0-9+/]{43}=\n$/);
    writeFileSync(keyFile, `${created.stdout}${oldKeys}`);

    const rotated = await portalCommand(portal, settlement, "reencrypt");
    expect(rotated.code, rotated.stderr).toBe(0);
    const newKey = parseFieldKeys(created.stdout, "the new key");
    expect(rotated.stdout).toBe(
      `Sensitive answers now all encrypted with field key ${newKey.current.id}, the first of ${keyFile}: rewrote 1 drafts, 0 claims, 0 claim versions and 0 contact changes. Keys after the first may be removed once every server has the new one first.\n`,
    );
    writeFileSync(keyFile, created.stdout);
    expect((await withStore(portal, (store) => store.getDraft("member:rotation", "automotive")))?.models).toEqual(
      account,
    );
  });

  // Last: it files a claim of its own, which the tests above do not count.
  test("export: a document whose name is long in bytes is written under a bounded name, extension kept", async () => {
    const names = [`${"ñ".repeat(200)}.pdf`, `${"文".repeat(118)}.pdf`];
    const { referenceCode: code } = await fileReimbursementClaim(
      portal,
      names.map((name) => ({ name, content: receipt })),
      new Claimant(portal),
    );
    const out = mkdtempSync(path.join(tmpdir(), "export-"));
    const result = await portalCommand(portal, settlement, "export", "--out", out, "--documents");
    expect(result.code, result.stderr).toBe(0);
    const claim = JSON.parse(readFileSync(path.join(out, "claims.json"), "utf8")).find(
      (candidate: { referenceCode: string }) => candidate.referenceCode === code,
    );
    const files = readdirSync(path.join(out, "documents", code));
    expect(files.filter((file) => file.endsWith(".partial"))).toEqual([]);
    expect(files).toHaveLength(2);
    for (const [index, document] of (claim.documents as Array<{ name: string; file: string }>).entries()) {
      // Stored names are at most 255 bytes (UTF-8); the exported file's too, its number before it.
      expect(Buffer.byteLength(document.name)).toBeLessThanOrEqual(255);
      const file = path.basename(document.file);
      expect(Buffer.byteLength(file)).toBeLessThanOrEqual(255);
      expect(file).toMatch(new RegExp(`^${index + 1}-${names[index]!.slice(0, 10)}.*\\.pdf$`));
      expect(readFileSync(path.join(out, document.file))).toEqual(receipt);
    }
  });
});

describe("the operator's command line: the settlement folder", () => {
  test("validate: a valid settlement is summarised; a broken one is refused with the server's message", async () => {
    const good = await portalCommand(undefined, settlementWith(), "validate");
    expect(good.code).toBe(0);
    expect(good.stdout).toContain("is valid: In re Acme Motors Transmission Litigation");
    const broken = await portalCommand(
      undefined,
      settlementWith((config) => ({ ...config, theme: "neon" })),
      "validate",
    );
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("neon");
  });

  test("validate: a class-member list with a quote never closed is refused with its file and line", async () => {
    const dir = settlementWith();
    writeSettlementFile(
      dir,
      "class-members.csv",
      'ClaimId,Pin,VIN,FirstName\r\n10000001,123456,,Ana\r\n10000002,654321,,"Bo\r\n10000003,111222,,Carmen\r\n',
    );
    const refused = await portalCommand(undefined, dir, "validate");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain(
      `${path.join(dir, "class-members.csv")}: line 3: a field opens a quote (") that is never closed`,
    );
  });

  test("a file or folder the command cannot use, or an option it does not take: one line saying so, no stack", async () => {
    const dir = settlementWith();
    const existing = path.join(dir, "settlement.json");
    const cases: Array<[string[], number, string]> = [
      [["import-members", path.join(dir, "no-such.csv")], 1, `${path.join(dir, "no-such.csv")}: no such file`],
      [["import-members", dir], 1, `${dir}: a folder, not a file`],
      [["export", "--out", existing], 1, `${existing}: not a folder`],
      [["export", "--bogus"], 2, "Unknown option '--bogus'"],
      [["report", "--out"], 2, "Option '--out <value>' argument missing"],
    ];
    for (const [args, code, message] of cases) {
      const answer = await portalCommand(undefined, dir, ...args);
      expect(answer.code, args.join(" ")).toBe(code);
      expect(answer.stderr, args.join(" ")).toContain(message);
      expect(answer.stderr, args.join(" ")).not.toMatch(/\bat \S+ \(|ERR_|Error:/);
    }
  });

  test("an unknown command or a missing argument is a usage error (exit 2)", async () => {
    const unknown = await portalCommand(undefined, settlementWith(), "frobnicate");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
  });
});
