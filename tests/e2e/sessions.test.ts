import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { fillForm, openPage, withBrowserAndPortal, untilEnhanced } from "#tests/support/browser.ts";
import { answerSecurityQuestion, submitStep } from "#tests/support/browser-flows.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT } from "#tests/support/demo-answers.ts";
import { pdfOfSize } from "#tests/support/documents.ts";
import { addExpense, reimbursementAtDocuments } from "#tests/support/filing.ts";
import { blankMember } from "#tests/support/members.ts";

/**
 * Issue 12 in Chromium: signing out on a shared computer leaves nothing to go Back to, and a
 * session that ends while a large upload is on its way gets its page, not a reset connection.
 */
const started = withBrowserAndPortal();

const path = (page: Page) => new URL(page.url()).pathname;

describe.each([false, true])("JavaScript %s", (javaScript) => {
  test("Sign out lands on the start page, which says so; Back then shows nothing of the claim", async () => {
    const page = await openPage(started.browser, javaScript);
    await page.goto(`${started.portal.url}/standard`);
    if (javaScript) await untilEnhanced(page);
    await fillForm(page, blankMember());
    if (!javaScript) await answerSecurityQuestion(page);
    await submitStep(page);
    expect(path(page)).toBe("/standard/claimant-info");
    if (javaScript) await page.waitForFunction(() => !document.querySelector(".field-applies"));
    await fillForm(page, STANDARD_CLAIMANT);
    await submitStep(page);
    // The page with the claimant's answers, loaded as a page of its own: what Back would return to.
    await page.goto(`${started.portal.url}/standard/claimant-info`);
    expect(await page.locator('[name="claimantInfo.emailAddress"]').inputValue()).toBe("bo@acmemotors.example");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.searchParams.get("signedOut") === "1");
    expect(path(page)).toBe("/standard");
    expect(await page.locator(".signed-out").textContent()).toContain("You have signed out.");
    expect(await page.getByRole("button", { name: "Sign out" }).count()).toBe(0);

    await page.goBack();
    await page.waitForLoadState();
    expect(path(page)).toBe("/session-expired");
    expect(await page.content()).not.toContain("bo@acmemotors.example");
    await page.context().close();
  });
});

test("JavaScript false: a session that ends while a 5 MB upload is sent gets the session-expired page, not a reset connection", async () => {
  const claimant = await reimbursementAtDocuments(new Claimant(started.portal));
  const expense = await addExpense(claimant);
  const page = await openPage(started.browser, false);
  await page.context().addCookies([{ ...claimant.sessionCookie(), url: started.portal.url }]);
  await page.goto(`${started.portal.url}/reimbursement/supporting-documents`);
  // The session ends while the page is open (signed out in another tab, timed out).
  expect((await claimant.api("/api/session-timeout", { method: "POST" })).status).toBe(204);

  await page
    .locator("#field-documentContexts-file")
    .setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: pdfOfSize(5 * 1024 * 1024) });
  await fillForm(page, { "documentContexts.documentKind": "receipt", "documentContexts.claimTransactionId": expense });
  const failures: string[] = [];
  page.on(
    "requestfailed",
    (request) =>
      request.isNavigationRequest() &&
      failures.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`),
  );
  await page.locator('#records-documentContexts .record-draft button[value="upload"]').click();
  await page.waitForURL((url) => url.pathname === "/session-expired", { timeout: 15_000 });
  expect(failures).toEqual([]);
  expect(await page.locator("h1").textContent()).toBe("Your session has expired");
  await page.context().close();
});
