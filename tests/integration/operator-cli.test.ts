import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseCsv } from "#app/claimants/csv.ts";
import { BACKENDS } from "#tests/support/backends.ts";
import { pdfOfSize, PNG } from "#tests/support/documents.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { fileReimbursementClaim } from "#tests/support/filing.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

describe.each(BACKENDS)("the operator's command line, on %s", (backend) => {
  let portal: PortalServer;
  const settlement = settlementWith();
  const receipt = pdfOfSize(120_000);
  let referenceCode: string;
  let claimId: string;
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlement });
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
    expect(claim.records.claimTransactions.map((record: { fields: { description: string } }) => record.fields.description)).toEqual(["Expense 1", "Expense 2"]);
    expect(claim.documents.map((document: { name: string; file: string }) => [document.name, document.file])).toEqual([
      ["tow, receipt.pdf", `documents/${referenceCode}/1-tow, receipt.pdf`],
      ["=rental.png", `documents/${referenceCode}/2-=rental.png`],
    ]);
    expect(readFileSync(path.join(out, claim.documents[0].file))).toEqual(receipt);
    expect(readFileSync(path.join(out, claim.documents[1].file))).toEqual(PNG);

    // A byte-order mark first, so Excel shows García as García.
    const claimsCsv = readFileSync(path.join(out, "claims-reimbursement.csv"));
    expect([...claimsCsv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = parseCsv(claimsCsv.toString("utf8"));
    expect(header!.slice(0, 10)).toEqual(["referenceCode", "claimId", "vin", "verified", "signInMethod", "culture", "submittedAt", "version", "versionAt", "claimantInfo.firstName"]);
    expect(row!.slice(0, 6)).toEqual([referenceCode, claimId, "", "true", "claimIdPin", "en"]);
    expect(row![header!.indexOf("claimantInfo.lastName")]).toBe("García");
    const records = parseCsv(readFileSync(path.join(out, "records-reimbursement-documentContexts.csv"), "utf8"));
    expect(records[0]).toEqual(["referenceCode", "clientId", "name", "size", "type", "documentKind", "claimTransactionId", "documentFile"]);
    // A value a spreadsheet would run as a formula is defused.
    expect(records[2]![2]).toBe("'=rental.png");
  });

  test("report: claims by day and form type; purge: expired sessions", async () => {
    const report = await portalCommand(portal, settlement, "report", "--json");
    expect(report.code, report.stderr).toBe(0);
    expect(JSON.parse(report.stdout)).toMatchObject({ total: 1, totals: { reimbursement: 1 }, severalClaims: [], unverified: [] });
    const table = await portalCommand(portal, settlement, "report");
    expect(table.stdout).toMatch(/^day \(Los Angeles\)\s+automotive\s+reimbursement\s+standard\s+total\n/);
    expect(table.stdout).toMatch(/\ntotal\s+0\s+1\s+0\s+1\n\nMembers with more than one claim of a form type: 0\n\nClaims without a verified member: 0\n$/);
    const purge = await portalCommand(portal, settlement, "purge");
    expect(purge.stdout).toMatch(/^Removed \d+ expired sessions, \d+ drafts past their flow's deadline and retention, and \d+ unfiled documents\.\n$/);
  });
});

describe("the operator's command line: the settlement folder", () => {
  test("validate: a valid settlement is summarised; a broken one is refused with the server's message", async () => {
    const good = await portalCommand(undefined, settlementWith(), "validate");
    expect(good.code).toBe(0);
    expect(good.stdout).toContain("is valid: In re Acme Motors Transmission Litigation");
    const broken = await portalCommand(undefined, settlementWith((config) => ({ ...config, theme: "neon" })), "validate");
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("neon");
  });

  test("import-members: a checked list replaces the settlement's; a bad one changes nothing", async () => {
    const dir = settlementWith();
    const before = readFileSync(path.join(dir, "class-members.csv"), "utf8");
    const bad = path.join(dir, "bad.csv");
    writeFileSync(bad, "ClaimId,Pin,VIN,FirstName\n1234,12,,Ana\n");
    const refused = await portalCommand(undefined, dir, "import-members", bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("line 2: ClaimId must be 8 digits and Pin 6 digits");
    expect(readFileSync(path.join(dir, "class-members.csv"), "utf8")).toBe(before);
    const good = path.join(dir, "good.csv");
    writeFileSync(good, "ClaimId,Pin,VIN,FirstName\n20000001,111111,,Ana\n20000002,222222,1HGCM82633A004352,Bo\n");
    const imported = await portalCommand(undefined, dir, "import-members", good);
    expect(imported.stdout).toBe(`Imported 2 class members (1 with a VIN) into ${dir}. Restart the portal's servers to use them.\n`);
    expect(readFileSync(path.join(dir, "class-members.csv"), "utf8")).toBe(readFileSync(good, "utf8"));
    expect(existsSync(path.join(dir, "class-members.csv.importing"))).toBe(false);
  });

  test("an unknown command or a missing argument is a usage error (exit 2)", async () => {
    const unknown = await portalCommand(undefined, settlementWith(), "frobnicate");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
  });
});
