import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseCsv } from "#app/claimants/csv.ts";
import { claimantDay } from "#app/operator/import-statuses.server.ts";
import { BACKENDS } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { AUTOMOTIVE_CLAIMANT, STANDARD_CLAIMANT } from "#tests/support/demo-answers.ts";
import { PDF } from "#tests/support/documents.ts";
import { fileReimbursementClaim, fileStandardClaim } from "#tests/support/filing.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

interface ReportedCluster {
  kind: string;
  claims: number;
  referenceCodes: string[];
}

interface ExportedClaim {
  referenceCode: string;
  events: Array<{ kind: string; actor: string; detail: Record<string, unknown> }>;
  signals: {
    filing: { network: string; userAgent: string; scripts: string; captcha: string; secondsToFile: number } | null;
    shared: Array<{ kind: string; cluster: string; claims: number }>;
    fast: boolean;
  };
}

/**
 * Issue 27: the administrator's signals across claims and the audit trail, tried as an
 * administrator's engineer would: claimants file through the pages (no JavaScript), the operator
 * runs `report`, `export` and `history`.
 */
describe.each(BACKENDS)("signals across claims and the audit trail, on %s", (backend) => {
  let portal: PortalServer;
  const settlement = settlementWith((json) => {
    json.claims = { ...(json.claims as object), perMember: "amend" };
  });
  const work = mkdtempSync(path.join(tmpdir(), "signals-"));
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlement });
  });
  afterAll(async () => {
    await portal.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const report = async () => {
    const run = await portalCommand(portal, settlement, "report", "--json");
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as { signals: { shared: ReportedCluster[]; fast: ReportedCluster | null } };
  };
  let exports = 0;
  const exported = async () => {
    const out = path.join(work, `export-${++exports}`);
    const run = await portalCommand(portal, settlement, "export", "--out", out, "--format", "json,csv");
    expect(run.code, run.stderr).toBe(0);
    const claims = JSON.parse(readFileSync(path.join(out, "claims.json"), "utf8")) as ExportedClaim[];
    const csv = (formType: string) => {
      const [header, ...rows] = parseCsv(readFileSync(path.join(out, `claims-${formType}.csv`), "utf8"));
      return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]])));
    };
    return { claims, csv, out };
  };

  /** The report's one cluster of `kind` holding `codes`: exactly them. */
  async function expectCluster(kind: string, codes: string[]) {
    const clusters = (await report()).signals.shared.filter(
      (cluster) => cluster.kind === kind && cluster.referenceCodes.some((code) => codes.includes(code)),
    );
    expect(clusters).toHaveLength(1);
    expect(clusters[0]!.claims).toBe(codes.length);
    expect([...clusters[0]!.referenceCodes].sort()).toEqual([...codes].sort());
    const text = (await portalCommand(portal, settlement, "report")).stdout;
    expect(text).toContain(`: ${codes.length} claims: `);
    expect(text).toContain("None of these refuses a claim by itself");
  }

  /** Each of `codes` marked in the export, JSON and CSV, as one of `codes.length` sharing `kind`. */
  async function expectMarked(formType: string, kind: string, column: string, codes: string[]) {
    const { claims, csv } = await exported();
    for (const code of codes) {
      const claim = claims.find((candidate) => candidate.referenceCode === code)!;
      expect(claim.signals.shared.filter((shared) => shared.kind === kind).map((shared) => shared.claims)).toEqual([
        codes.length,
      ]);
      expect(csv(formType).find((row) => row.referenceCode === code)?.[column]).toBe(String(codes.length));
    }
  }

  test("five members paid into one bank account: one cluster of 5 in the report, each claim marked in the export, the account never in clear", async () => {
    const codes: string[] = [];
    for (const index of [1, 2, 3, 4, 5]) {
      const { referenceCode } = await fileReimbursementClaim(
        portal,
        [{ name: "receipt.pdf", content: PDF }],
        undefined,
        {
          // Each otherwise their own: another address, e-mail address and phone.
          claimant: {
            "claimantInfo.mailingStreetLine1": `${index}0 Cedar Ave`,
            "claimantInfo.emailAddress": `payee${index}@example.com`,
            "claimantInfo.confirmEmailAddress": `payee${index}@example.com`,
            "claimantInfo.phoneNumber": `555123400${index}`,
            "claimantInfo.confirmPhoneNumber": `555123400${index}`,
          },
          payment: {
            "paymentElection.paymentMethod": "directDeposit",
            "paymentElection.routingNumber": "021000021",
            "paymentElection.accountNumber": "4417123456",
            "paymentElection.accountType": "checking",
          },
        },
      );
      codes.push(referenceCode);
    }
    await expectCluster("bankAccount", codes);
    await expectMarked("reimbursement", "bankAccount", "sharedBankAccount", codes);
    const text = (await portalCommand(portal, settlement, "report")).stdout;
    expect(text).not.toContain("4417123456");
    expect(text).toMatch(/bank account [0-9a-f]{8}: 5 claims: /);
  });

  test("five claims with one e-mail address, typed in other cases and with spaces: one cluster of 5, each marked", async () => {
    const codes: string[] = [];
    for (const [index, email] of [
      "river.stone@example.com",
      "River.Stone@example.com",
      "RIVER.STONE@EXAMPLE.COM",
      " river.stone@example.com ",
      "river.stone@Example.Com",
    ].entries())
      codes.push(
        await fileStandardClaim(portal, {
          ...STANDARD_CLAIMANT,
          "claimantInfo.mailingStreetLine1": `${index + 1}5 Birch Rd`,
          "claimantInfo.emailAddress": email,
          "claimantInfo.confirmEmailAddress": email,
        }),
      );
    await expectCluster("email", codes);
    await expectMarked("standard", "email", "sharedEmail", codes);
  });

  test("five claims with one mailing address written five ways (case, abbreviations, spacing): one cluster of 5, each marked", async () => {
    const codes: string[] = [];
    for (const [index, [line1, line2, zip]] of [
      ["123 North Main Street", "Apartment 4B", "73301"],
      ["123 N. Main St.", "Apt 4B", "73301-1234"],
      ["123 n main st", "#4b", "73301"],
      ["123  North   Main  ST", "apt. 4B", "733011234"],
      ["123 NORTH MAIN STREET APT 4B", "", "73301"],
    ].entries())
      codes.push(
        await fileStandardClaim(portal, {
          ...STANDARD_CLAIMANT,
          "claimantInfo.mailingStreetLine1": line1!,
          "claimantInfo.mailingStreetLine2": line2!,
          "claimantInfo.mailingPostalCode": zip!,
          "claimantInfo.emailAddress": `tenant${index}@example.com`,
          "claimantInfo.confirmEmailAddress": `tenant${index}@example.com`,
        }),
      );
    await expectCluster("mailingAddress", codes);
    await expectMarked("standard", "mailingAddress", "sharedMailingAddress", codes);
  });

  test("history: a claim filed, amended, given a document and a status, each event with when and by whom; the export carries them", async () => {
    // A phone's browser, without JavaScript.
    const claimant = new Claimant(portal, {
      "User-Agent": "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0",
    });
    const { referenceCode: code } = await fileReimbursementClaim(
      portal,
      [{ name: "receipt.pdf", content: PDF }],
      claimant,
    );
    // Amended: the city changed, filed again.
    await claimant.complete("/reimbursement/claimant-info?return=summary", {
      ...AUTOMOTIVE_CLAIMANT,
      "claimantInfo.mailingCity": "Tacoma",
    });
    await claimant.get("/reimbursement/claim-summary");
    const again = await claimant.post("/reimbursement/claim-summary", {
      "signature.attestation": "on",
      "signature.signature": "Ana García",
      captchaToken: claimant.captchaToken,
    });
    expect(again.status, again.text(".error-summary")).toBe(303);
    // A document added after filing, by a claimant who found the claim by its code and last name.
    const finder = new Claimant(portal);
    await finder.get("/documents?find=code");
    const found = await finder.post("/documents?find=code", {
      intent: "find",
      method: "code",
      referenceCode: code,
      lastName: AUTOMOTIVE_CLAIMANT["claimantInfo.lastName"],
      captchaToken: finder.captchaToken,
    });
    expect(found.status, found.text(".error-summary")).toBe(303);
    await finder.get("/documents");
    const added = await finder.postMultipart(
      `/documents?claim=${code}`,
      {},
      { documents: { name: "late receipt.pdf", content: PDF } },
    );
    expect(added.status, added.text(".error-summary")).toBe(303);
    // A status the administrator imports.
    const statuses = path.join(work, "statuses.csv");
    writeFileSync(
      statuses,
      `ReferenceCode,Status,Date,ReasonCode,ReasonText,DueDate,PaymentMethod\n${code},approved,${claimantDay(Date.now())},,,,\n`,
    );
    const imported = await portalCommand(portal, settlement, "import-statuses", statuses, "--no-email");
    expect(imported.code, imported.stderr).toBe(0);

    const history = await portalCommand(portal, settlement, "history", code.toLowerCase());
    expect(history.code, history.stderr).toBe(0);
    const lines = history.stdout.trim().split("\n");
    expect(lines[0]).toMatch(new RegExp(`^${code} \\(reimbursement\\): member \\d{8}; 2 versions, first filed `));
    const events = lines.slice(1).map((line) => line.split(/\s{2,}/));
    expect(events.map(([, kind, actor]) => [kind, actor])).toEqual([
      ["filed", "claimant"],
      ["amended", "claimant"],
      ["documentsAdded", "claimant"],
      ["statusImported", "operator"],
    ]);
    for (const [at] of events) expect(Date.parse(at!)).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(events[0]![3]).toMatch(
      /^version 1, 1 document; from (127\.0\.0\.0\/24|::\/48|unknown), Firefox \(mobile\), scripts off, captcha turnstile, \d+ s after signing in$/,
    );
    expect(events[1]![3]).toMatch(/^version 2, 1 document: claimantInfo\.mailingCity; /);
    expect(events[2]![3]).toBe(`late receipt.pdf (${PDF.length} bytes)`);
    expect(events[3]![3]).toBe(`approved on ${claimantDay(Date.now())}`);
    // The export carries the trail, and the filing's signals.
    const { claims, out } = await exported();
    const claim = claims.find((candidate) => candidate.referenceCode === code)!;
    expect(claim.events.map((event) => event.kind)).toEqual(["filed", "amended", "documentsAdded", "statusImported"]);
    expect(claim.signals.filing).toMatchObject({ scripts: "off", captcha: "turnstile" });
    const [header, ...rows] = parseCsv(readFileSync(path.join(out, "events.csv"), "utf8"));
    expect(header).toEqual(["referenceCode", "at", "kind", "actor", "detail"]);
    expect(rows.filter((row) => row[0] === code).map((row) => row[2])).toEqual([
      "filed",
      "amended",
      "documentsAdded",
      "statusImported",
    ]);
    // An unknown code says so.
    const unknown = await portalCommand(portal, settlement, "history", "STD-0000-0000-0000");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No claim has the reference code STD-0000-0000-0000.");
  });
});
