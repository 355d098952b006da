import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { readClaims } from "#tests/support/backends.ts";
import { withBrowserAndPortal } from "#tests/support/browser.ts";
import { answerStep, signAndSubmit, signInToStandard, submitStep } from "#tests/support/browser-flows.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { blankMember } from "#tests/support/members.ts";
import { settlementWith } from "#tests/support/settlement.ts";

/**
 * Several claims per member (claims.perMember "many") in Chromium: a claimant files, starts another
 * claim, and goes back to the confirmation to note the first claim's code: it is still there.
 */
const started = withBrowserAndPortal({ settlementDir: settlementWith({ claims: { perMember: "many" } }) });

const path = (page: Page) => new URL(page.url()).pathname;

describe.each([false, true])("JavaScript %s", (javaScript) => {
  test("after 'File another claim', Back shows the claim just filed, with its code", async () => {
    const member = blankMember();
    const page = await signInToStandard(started.browser, started.portal.url, javaScript, member);
    await answerStep(page, javaScript, STANDARD_CLAIMANT);
    await answerStep(page, javaScript, STANDARD_DETAILS);
    await answerStep(page, javaScript, { "paymentElection.paymentMethod": "check" });
    await submitStep(page); // supporting documents: optional
    await signAndSubmit(page, javaScript);
    expect(path(page)).toBe("/standard/confirmation");
    const code = (await page.locator(".reference-code").textContent())!.trim();
    const [stored] = (await readClaims(started.portal)).filter(
      (claim) => claim.claim_id === member["credentials.claimId"],
    );
    expect(stored?.reference_code).toBe(code);

    await page.getByRole("button", { name: "File another claim" }).click();
    await page.waitForURL(/\/standard\/claimant-info$/);
    await page.goBack();
    await page.waitForURL(/\/standard\/confirmation\?/);
    await expect.poll(() => page.locator(".reference-code").textContent()).toBe(code);
    await page.reload();
    expect((await page.locator(".reference-code").textContent())?.trim()).toBe(code);
    await page.context().close();
  });
});
