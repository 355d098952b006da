import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS, countDocuments, readClaims } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { AUTOMOTIVE_CLAIMANT } from "#tests/support/demo-answers.ts";
import { PDF, pdfOfSize, PNG, RENAMED_EXECUTABLE, readAll } from "#tests/support/documents.ts";
import { fileReimbursementClaim } from "#tests/support/filing.ts";
import { at, type Page } from "#tests/support/http.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { type PortalServer, startFailure, startPortal } from "#tests/support/portal-server.ts";
import { withStore } from "#tests/support/server-state.ts";
import { DEMO_SETTLEMENT, settlementWith, writeSettlementFile } from "#tests/support/settlement.ts";

const PAGE = "/documents";
/** The day the claims are filed and added to: a Monday afternoon in Los Angeles. */
const CLOCK = at("2026-05-04T20:00:00Z");

const addedRows = (page: Page) =>
  page.document.querySelectorAll(".added-documents li").map((item) => item.textContent.replace(/\s+/g, " ").trim());

/**
 * Documents for a filed claim (issue 25, decision 029): /documents lists the settlement's important
 * documents, and lets a claimant who may see a filed claim add documents to it, with the filing's
 * limits and type checks, each recorded with when it came and listed back; the filing never changes.
 */
describe.each(BACKENDS)("documents for a filed claim, on %s", (backend) => {
  let portal: PortalServer;
  // Small limits, so a refusal for size costs a few kilobytes.
  const settlement = settlementWith((json) => {
    json.uploads = { maxFileBytes: 4096, maxClaimBytes: 8192, maxFiles: 3 };
  });
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlement });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("the settlement's important documents come first, each served from the settlement folder; nothing else is", async () => {
    const page = await new Claimant(portal).get(PAGE);
    expect(page.status).toBe(200);
    const links = page.document.querySelectorAll(".important-documents a");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Long Form Notice", "/documents/long-form-notice.pdf"],
      ["Settlement Agreement", "/documents/settlement-agreement.pdf"],
      ["Preliminary Approval Order", "/documents/preliminary-approval-order.pdf"],
    ]);
    const spanish = await new Claimant(portal).get(`${PAGE}?culture=es`);
    expect(
      spanish.document.querySelectorAll(".important-documents a").map((link) => link.getAttribute("href")),
    ).toEqual([
      "/documents/aviso-detallado.pdf",
      "/documents/settlement-agreement.pdf",
      "/documents/preliminary-approval-order.pdf",
    ]);
    expect(spanish.text("h1")).toBe("Documentos");

    const notice = await fetch(`${portal.url}/documents/long-form-notice.pdf`);
    expect(notice.status).toBe(200);
    expect(notice.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await notice.arrayBuffer())).toEqual(
      readFileSync(path.join(DEMO_SETTLEMENT, "documents", "long-form-notice.pdf")),
    );
    for (const other of ["/documents/unknown.pdf", "/documents/..%2Fsettlement.json", "/documents/class-members.csv"])
      expect((await fetch(`${portal.url}${other}`)).status, other).toBe(404);
  });

  test("without a claim found the page offers claim access's find form, no upload; a post for a claim not found adds nothing (403)", async () => {
    const claimant = new Claimant(portal, CLOCK);
    const page = await claimant.get(PAGE);
    expect(page.document.querySelector('form input[name="referenceCode"]')).not.toBeNull();
    expect(page.document.querySelector("form.add-documents")).toBeNull();
    const { referenceCode } = await fileReimbursementClaim(portal, [{ name: "receipt.pdf", content: PDF }]);
    const before = await countDocuments(portal);
    const posted = await claimant.postMultipart(
      `${PAGE}?claim=${referenceCode}`,
      {},
      {
        documents: { name: "late.pdf", content: PDF },
      },
    );
    expect(posted.status).toBe(403);
    expect(posted.text(".field-error")).toContain("Find your claim again");
    expect(await countDocuments(portal)).toBe(before);
  });

  test("a claim found by its reference code and last name takes documents too (adding takes nothing away)", async () => {
    const { referenceCode } = await fileReimbursementClaim(portal, [{ name: "receipt.pdf", content: PDF }]);
    const finder = new Claimant(portal, CLOCK);
    await finder.get(`${PAGE}?find=code`);
    const found = await finder.post(`${PAGE}?find=code`, {
      intent: "find",
      method: "code",
      referenceCode,
      lastName: AUTOMOTIVE_CLAIMANT["claimantInfo.lastName"],
      captchaToken: finder.captchaToken,
    });
    expect(found.status, found.text(".error-summary")).toBe(303);
    const page = await finder.get(PAGE);
    expect(page.text(".claim-documents h3")).toContain(referenceCode);
    const added = await finder.postMultipart(
      `${PAGE}?claim=${referenceCode}`,
      {},
      {
        documents: { name: "proof of address.pdf", content: PDF },
      },
    );
    expect(added.status).toBe(303);
    expect(addedRows(await finder.get(added.headers.get("location")!))).toEqual([
      "proof of address.pdf received May 4, 2026",
    ]);
  });

  test("a document added after filing is the claim's, with the day it came; the filing is unchanged; refusals keep nothing", async () => {
    // The clock moves on between filing and adding (its header is read at each request).
    const clock = { ...CLOCK };
    const claimant = new Claimant(portal, clock);
    const { referenceCode } = await fileReimbursementClaim(portal, [{ name: "receipt.pdf", content: PDF }], claimant);
    const filed = (await readClaims(portal)).find((claim) => claim.reference_code === referenceCode)!;

    const page = await claimant.get(PAGE);
    expect(page.text(".claim-documents h3")).toBe(`Repair reimbursement claim: ${referenceCode}`);
    expect(page.document.querySelector('form.add-documents input[type="file"]')?.getAttribute("accept")).toContain(
      ".pdf",
    );
    const ADD = `${PAGE}?claim=${referenceCode}`;

    clock["X-Test-Now"] = "2026-05-04T20:05:00Z";
    const added = await claimant.postMultipart(ADD, {}, { documents: { name: "bank statement.pdf", content: PDF } });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(`/documents?claim=${referenceCode}&added=1#claim-${referenceCode}`);
    const after = await claimant.get(added.headers.get("location")!);
    expect(after.text('[role="status"]')).toBe("Thank you: we received your documents.");
    expect(addedRows(after)).toEqual(["bank statement.pdf received May 4, 2026"]);

    // What was filed is as it was; the addition is the claim's, marked with when it came.
    const claims = await readClaims(portal);
    expect(claims.find((claim) => claim.reference_code === referenceCode)).toEqual(filed);
    await withStore(portal, async (store) => {
      const documents = await store.claimDocuments(referenceCode);
      expect(documents.map((document) => [document.name, document.addedAt])).toEqual([
        ["receipt.pdf", null],
        ["bank statement.pdf", Date.parse("2026-05-04T20:05:00Z")],
      ]);
      expect(await readAll(store.readDocument(documents[1]!.id))).toEqual(PDF);
      expect(await store.claimVersions(referenceCode)).toHaveLength(1);
    });

    // Refused by the filing's checks: a clear message, a 400, and nothing stored.
    const stored = await countDocuments(portal);
    const refusals: Array<[{ name: string; content: Uint8Array<ArrayBuffer> }, string]> = [
      [{ name: "notice.pdf", content: RENAMED_EXECUTABLE }, "notice.pdf is not a real PDF file."],
      [{ name: "setup.exe", content: RENAMED_EXECUTABLE }, "setup.exe is not a type of file you can upload."],
      [{ name: "large.pdf", content: pdfOfSize(5000) }, "large.pdf is too large: each file can be at most 4 KB."],
      [{ name: "bank statement.pdf", content: PDF }, "A file named bank statement.pdf already exists."],
    ];
    for (const [file, message] of refusals) {
      await claimant.get(PAGE);
      const refused = await claimant.postMultipart(ADD, {}, { documents: file });
      expect(refused.status, file.name).toBe(400);
      expect(refused.text(".error-summary"), file.name).toContain(message);
      expect(refused.text(".field-error"), file.name).toContain(message);
    }
    await claimant.get(PAGE);
    const none = await claimant.postMultipart(ADD, {}, { documents: { name: "", content: new Uint8Array(0) } });
    expect(none.status).toBe(400);
    expect(none.text(".error-summary")).toContain("Choose a file to upload.");
    // A forged form (no CSRF token) stores nothing either.
    const forged = await fetch(`${portal.url}${ADD}`, {
      method: "POST",
      headers: { ...CLOCK, Cookie: claimant.cookieHeader(), Origin: portal.url },
      body: (() => {
        const form = new FormData();
        form.append("documents", new File([PDF], "forged.pdf"));
        return form;
      })(),
    });
    expect(forged.status).toBe(403);
    expect(await countDocuments(portal)).toBe(stored);

    // Several at once, in Spanish: all or none (the last is one too many for the claim's additions).
    await claimant.get(`${PAGE}?culture=es`);
    const tooMany = await claimant.postMultipartFiles(`${ADD}&culture=es`, "documents", [
      { name: "a.png", content: PNG },
      { name: "b.pdf", content: PDF },
      { name: "c.pdf", content: PDF },
    ]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.text(".error-summary")).toContain(
      "No se agregó c.pdf: un reclamo puede tener como máximo 3 documentos.",
    );
    expect(await countDocuments(portal)).toBe(stored);
    await claimant.get(`${PAGE}?culture=es`);
    clock["X-Test-Now"] = "2026-05-04T20:10:00Z";
    const two = await claimant.postMultipartFiles(`${ADD}&culture=es`, "documents", [
      { name: "a.png", content: PNG },
      { name: "b.pdf", content: PDF },
    ]);
    expect(two.status).toBe(303);
    expect(two.headers.get("location")).toBe(
      `/documents?claim=${referenceCode}&added=1&culture=es#claim-${referenceCode}`,
    );
    const spanish = await claimant.get(two.headers.get("location")!);
    expect(spanish.text('[role="status"]')).toBe("Gracias: recibimos sus documentos.");
    const rows = addedRows(spanish);
    expect(rows[0]).toBe("bank statement.pdf recibido el 4 de mayo de 2026");
    // Added in one request, at one time: in either order.
    expect(rows.slice(1).sort()).toEqual([
      "a.png recibido el 4 de mayo de 2026",
      "b.pdf recibido el 4 de mayo de 2026",
    ]);

    // The export: each added document on the claim with its time, marked as an addition.
    const out = mkdtempSync(path.join(tmpdir(), "export-"));
    const exported = await portalCommand(portal, settlement, "export", "--out", out, "--documents");
    expect(exported.code, exported.stderr).toBe(0);
    const claim = (
      JSON.parse(readFileSync(path.join(out, "claims.json"), "utf8")) as Array<{
        referenceCode: string;
        documents: Array<{ name: string; addedAt: string | null; file: string }>;
      }>
    ).find((candidate) => candidate.referenceCode === referenceCode)!;
    const inExport = claim.documents.map((document) => [document.name, document.addedAt]);
    expect(inExport.slice(0, 2)).toEqual([
      ["receipt.pdf", null],
      ["bank statement.pdf", "2026-05-04T20:05:00.000Z"],
    ]);
    expect(inExport.slice(2).sort()).toEqual([
      ["a.png", "2026-05-04T20:10:00.000Z"],
      ["b.pdf", "2026-05-04T20:10:00.000Z"],
    ]);
    expect(readFileSync(path.join(out, claim.documents[1]!.file))).toEqual(PDF);
    const csv = readFileSync(path.join(out, "documents-added-reimbursement.csv"), "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe("referenceCode,name,mediaType,size,sha256,addedAt,documentFile");
    const fileOf = (name: string) => claim.documents.find((document) => document.name === name)!.file;
    // This claim's rows (the other tests' claims have additions too).
    const rowsOfCsv = csv
      .slice(1)
      .filter((line) => line.startsWith(`${referenceCode},`))
      .map((line) => [...line.split(",").slice(0, 2), ...line.split(",").slice(5)]);
    expect(rowsOfCsv[0]).toEqual([
      referenceCode,
      "bank statement.pdf",
      "2026-05-04T20:05:00.000Z",
      fileOf("bank statement.pdf"),
    ]);
    expect(rowsOfCsv.slice(1).sort()).toEqual([
      [referenceCode, "a.png", "2026-05-04T20:10:00.000Z", fileOf("a.png")],
      [referenceCode, "b.pdf", "2026-05-04T20:10:00.000Z", fileOf("b.pdf")],
    ]);
  });
});

describe("the settlement's important documents at start-up", () => {
  test("a file not in the settlement's documents folder, or not what its name says, stops the server naming the setting", async () => {
    const withDocument = (file: string) =>
      settlementWith((json) => {
        json.importantDocuments = [{ title: { en: "Notice", es: "Aviso" }, file }];
      });
    const missing = await startFailure({ settlementDir: withDocument("missing.pdf") });
    expect(missing.output).toMatch(/at importantDocuments\.0\.file: missing\.pdf is not a file in \S*documents/);
    const pretending = withDocument("notice.pdf");
    writeSettlementFile(pretending, "documents/notice.pdf", "MZ this is no PDF");
    expect((await startFailure({ settlementDir: pretending })).output).toContain(
      "at importantDocuments.0.file: notice.pdf does not hold what its name says (its content is not a PDF file)",
    );
    expect((await startFailure({ settlementDir: withDocument("../settlement.json") })).output).toContain(
      "at importantDocuments.0.file: Expected a file name in the settlement's documents folder",
    );
  });
});
