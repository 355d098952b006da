import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { claimantDay } from "#app/operator/import-statuses.server.ts";
import {
  axeViolations,
  openPage,
  openScriptlessPage,
  withBrowserAndPortal,
  untilEnhanced,
} from "#tests/support/browser.ts";
import { answerSecurityQuestion } from "#tests/support/browser-flows.ts";
import { fileStandardClaim } from "#tests/support/filing.ts";
import { browserErrors } from "#tests/support/page-tour.ts";
import { portalCommand } from "#tests/support/portal-command.ts";

/**
 * Claim status (issue 25) in Chromium, JavaScript on and off, English and Spanish: a filed claim
 * found by its code and last name shows Documents needed once the administrator imports it, and
 * the pages (the find form, its error, the status) pass axe.
 */
const started = withBrowserAndPortal();
let code: string;

beforeAll(async () => {
  code = await fileStandardClaim(started.portal);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "statuses-")), "statuses.csv");
  const today = claimantDay(Date.now());
  const due = claimantDay(Date.now() + 30 * 24 * 60 * 60_000);
  writeFileSync(
    file,
    `ReferenceCode,Status,Date,ReasonCode,DueDate\n${code},documents_needed,${today},PROOF_OF_PURCHASE,${due}\n`,
  );
  const imported = await portalCommand(started.portal, started.portal.settlementDir, "import-statuses", file);
  expect(imported.code, imported.stderr).toBe(0);
});

/** Fills the find form (and, without scripts, the security question) and sends it. */
async function findClaim(page: Page, javaScript: boolean, referenceCode: string, lastName: string) {
  await page.locator("#access-referenceCode").fill(referenceCode);
  await page.locator("#access-lastName").fill(lastName);
  if (!javaScript) await answerSecurityQuestion(page);
  await page.locator(".claim-access button[type=submit]").click();
}

describe.each([false, true])("JavaScript %s", (javaScript) => {
  test.each([
    ["en", "Check your claim status", "Documents needed", "We could not find a claim with these details."],
    ["es", "Consulte el estado de su reclamo", "Se necesitan documentos", "No encontramos ningún reclamo"],
  ])("in %s: a wrong name is refused, the right one shows what is needed", async (culture, title, needed, notFound) => {
    const page = javaScript ? await openPage(started.browser, true) : await openScriptlessPage(started.browser);
    const errors = browserErrors(page);
    await page.goto(`${started.portal.url}/claim/status${culture === "en" ? "" : `?culture=${culture}`}`);
    expect(await page.locator("h1").textContent()).toBe(title);
    if (javaScript) await untilEnhanced(page);
    expect(await axeViolations(page)).toEqual([]);

    await findClaim(page, javaScript, code, "Leeson");
    await page.locator(".error-summary").waitFor();
    expect(await page.locator(".error-summary").textContent()).toContain(notFound);
    expect(await axeViolations(page)).toEqual([]);

    await findClaim(page, javaScript, code, "lee");
    await page.locator(".claim-status").waitFor();
    expect(await page.locator(".claim-status-current strong").textContent()).toBe(needed);
    expect(await page.locator(".reference-code").textContent()).toBe(code);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
