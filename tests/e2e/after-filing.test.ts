import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { claimantDay } from "#app/operator/import-statuses.server.ts";
import { fillForm, openPage, openScriptlessPage, withBrowserAndPortal, untilEnhanced } from "#tests/support/browser.ts";
import { answerSecurityQuestion, answerStep, signAndSubmit, submitStep } from "#tests/support/browser-flows.ts";
import { inCultureOrder, STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { PDF } from "#tests/support/documents.ts";
import { blankMember } from "#tests/support/members.ts";
import { portalCommand } from "#tests/support/portal-command.ts";

/**
 * Issue 25's "Done when", whole, in Chromium, JavaScript on and off, English and Spanish: a claimant
 * files a claim; in another browser finds it by its code and last name ("Received"); the
 * administrator imports Documents needed for it; the claimant sees what is needed and adds a
 * document; the export shows the document on the claim with its time, and the status history.
 */
const started = withBrowserAndPortal();

const TEXTS = {
  en: { received: "Received", needed: "Documents needed", add: "Add documents", came: "Documents received" },
  es: {
    received: "Recibido",
    needed: "Se necesitan documentos",
    add: "Agregar documentos",
    came: "Documentos recibidos",
  },
};

const query = (culture: string) => (culture === "en" ? "" : `?culture=${culture}`);

/** A new browser, scripts on or off (then answering the security question as a person does). */
const browser = (javaScript: boolean) =>
  javaScript ? openPage(started.browser, true) : openScriptlessPage(started.browser);

async function ready(page: Page, javaScript: boolean) {
  if (javaScript) await untilEnhanced(page);
}

/** Files a standard claim through its pages as a member, in `culture`: the reference code. */
async function fileInBrowser(javaScript: boolean, culture: string): Promise<string> {
  const page = await browser(javaScript);
  await page.goto(`${started.portal.url}/standard${query(culture)}`);
  await ready(page, javaScript);
  await fillForm(page, blankMember());
  if (!javaScript) await answerSecurityQuestion(page);
  await submitStep(page);
  await answerStep(page, javaScript, inCultureOrder(STANDARD_CLAIMANT, culture));
  await answerStep(page, javaScript, inCultureOrder(STANDARD_DETAILS, culture));
  await answerStep(page, javaScript, { "paymentElection.paymentMethod": "check" });
  await submitStep(page); // supporting documents: optional
  await signAndSubmit(page, javaScript);
  await page.waitForURL(/\/standard\/confirmation/);
  const code = (await page.locator(".reference-code").textContent())!.trim();
  await page.context().close();
  return code;
}

/** The administrator's file of statuses, imported as the operator does. */
async function importDocumentsNeeded(referenceCode: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "statuses-")), "statuses.csv");
  const today = claimantDay(Date.now());
  const due = claimantDay(Date.now() + 30 * 24 * 60 * 60_000);
  writeFileSync(
    file,
    `ReferenceCode,Status,Date,ReasonCode,DueDate\n${referenceCode},under_review,${today},,\n${referenceCode},documents_needed,${today},PROOF_OF_PURCHASE,${due}\n`,
  );
  const imported = await portalCommand(started.portal, started.portal.settlementDir, "import-statuses", file);
  expect(imported.code, imported.stderr).toBe(0);
}

/** The claim as the export's JSON has it. */
async function exported(referenceCode: string) {
  const out = mkdtempSync(path.join(tmpdir(), "export-"));
  const run = await portalCommand(started.portal, started.portal.settlementDir, "export", "--out", out);
  expect(run.code, run.stderr).toBe(0);
  const claims = JSON.parse(readFileSync(path.join(out, "claims.json"), "utf8")) as Array<Record<string, unknown>>;
  return claims.find((claim) => claim.referenceCode === referenceCode)!;
}

describe.each([false, true])("JavaScript %s", (javaScript) => {
  test.each(["en", "es"] as const)(
    "in %s: file, find by code and last name, documents needed, add one, export",
    async (culture) => {
      const texts = TEXTS[culture];
      const referenceCode = await fileInBrowser(javaScript, culture);

      // Another browser, days later: the code from the confirmation and the last name, typed loosely.
      const page = await browser(javaScript);
      await page.goto(`${started.portal.url}/claim/status${query(culture)}`);
      await ready(page, javaScript);
      await page.locator("#access-referenceCode").fill(referenceCode.toLowerCase());
      await page.locator("#access-lastName").fill(" lee ");
      if (!javaScript) await answerSecurityQuestion(page);
      await page.locator(".claim-access button[type=submit]").click();
      await page.locator(".claim-status").waitFor();
      expect(await page.locator(".claim-status-current strong").textContent()).toBe(texts.received);

      await importDocumentsNeeded(referenceCode);
      await page.reload();
      await page.locator(".claim-status").waitFor();
      expect(await page.locator(".claim-status-current strong").textContent()).toBe(texts.needed);
      expect(await page.locator(".claim-status-current").textContent()).toContain(
        culture === "en" ? "a receipt or other proof that you bought the product" : "un recibo u otro comprobante",
      );

      // The status page leads to /documents, where the claim found takes the document asked for.
      await page.goto(`${started.portal.url}/documents${query(culture)}`);
      await ready(page, javaScript);
      await page
        .locator(`#documents-file-${referenceCode}`)
        .setInputFiles({ name: "receipt.pdf", mimeType: "application/pdf", buffer: PDF });
      await page.getByRole("button", { name: texts.add }).click();
      await page.locator(".added-documents li", { hasText: "receipt.pdf" }).waitFor();

      // The status says the documents came.
      await page.goto(`${started.portal.url}/claim/status${query(culture)}`);
      await page.locator(".claim-status").waitFor();
      expect(await page.locator(".claim-status-current").textContent()).toContain(texts.came);
      await page.context().close();

      // The export: the document on the claim with when it came, the current status and its history.
      const claim = await exported(referenceCode);
      expect(claim.documents).toEqual([
        expect.objectContaining({ name: "receipt.pdf", addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }),
      ]);
      expect(claim.status).toBe("documents_needed");
      expect((claim.statusHistory as Array<{ status: string }>).map((status) => status.status)).toEqual([
        "under_review",
        "documents_needed",
      ]);
    },
  );
});
