import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { readClaims } from "#tests/support/backends.ts";
import { fillForm, openPage, withBrowserAndPortal, untilEnhanced } from "#tests/support/browser.ts";
import { answerSecurityQuestion, answerStep, signAndSubmit, submitStep } from "#tests/support/browser-flows.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { openSettlement } from "#tests/support/settlement.ts";

/**
 * Issue 24's open sign-in in Chromium, with JavaScript on and off: a settlement whose class got no
 * notice offers the standard flow alone; a claimant starts from the portal's start page with no
 * Claim ID, files, and a second claim with the same e-mail address is refused where it is typed.
 */
const started = withBrowserAndPortal({ settlementDir: openSettlement() });

const path = (page: Page) => new URL(page.url()).pathname;
const withEmail = (email: string) => ({
  ...STANDARD_CLAIMANT,
  "claimantInfo.emailAddress": email,
  "claimantInfo.confirmEmailAddress": email,
});

/** A new browser at the start page, into the standard flow and past its sign-in page: the first step. */
async function startClaim(javaScript: boolean): Promise<Page> {
  const page = await openPage(started.browser, javaScript);
  await page.goto(`${started.portal.url}/`);
  await page
    .getByRole("link", { name: /standard/i })
    .first()
    .click();
  await page.waitForURL(/\/standard$/);
  if (javaScript) await untilEnhanced(page);
  expect(await page.locator('input[name^="credentials."]').count()).toBe(0);
  if (!javaScript) await answerSecurityQuestion(page);
  await submitStep(page);
  expect(path(page)).toBe("/standard/claimant-info");
  return page;
}

describe.each([false, true])("JavaScript %s", (javaScript) => {
  test("a claimant with no notice files from the start page; the same e-mail address again is refused at its step", async () => {
    const email = `open-${javaScript ? "on" : "off"}@example.com`;
    const page = await startClaim(javaScript);
    await answerStep(page, javaScript, withEmail(email));
    await answerStep(page, javaScript, STANDARD_DETAILS);
    await answerStep(page, javaScript, { "paymentElection.paymentMethod": "check" });
    await submitStep(page); // supporting documents: optional
    expect(path(page)).toBe("/standard/claim-summary");
    await signAndSubmit(page, javaScript);
    expect(path(page)).toBe("/standard/confirmation");
    const code = (await page.locator(".reference-code").textContent())!;
    expect((await readClaims(started.portal)).find((claim) => claim.reference_code === code)).toMatchObject({
      verified: false,
      sign_in_method: "open",
      claim_id: null,
    });
    await page.context().close();

    const again = await startClaim(javaScript);
    await fillForm(again, withEmail(email.toUpperCase()));
    await again.locator("form.step-form button[type=submit]").click();
    const summary = again.locator(".error-summary");
    await summary.waitFor();
    expect(await summary.textContent()).toContain(
      "A claim has already been filed in this form with this email address.",
    );
    expect(path(again)).toBe("/standard/claimant-info");
    await again.context().close();
  });
});
