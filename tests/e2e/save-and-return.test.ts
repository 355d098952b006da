import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { readClaims } from "#tests/support/backends.ts";
import { withBrowserAndPortal } from "#tests/support/browser.ts";
import { answerStep, signAndSubmit, signInToStandard, submitStep } from "#tests/support/browser-flows.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { blankMember, type Credentials } from "#tests/support/members.ts";
import { settlementWith } from "#tests/support/settlement.ts";

/**
 * Issue 10 in Chromium: a claim is its member's, not the browser's. A claimant answers some steps,
 * closes the browser, signs in again in a new one and goes on; files; comes back and finds the
 * claim; and, where the settlement lets members amend, changes it.
 */
const started = withBrowserAndPortal({ settlementDir: settlementWith({ claims: { perMember: "amend" } }) });

const path = (page: Page) => new URL(page.url()).pathname;

/** A new browser (context) signing in to the standard flow as `member`; the page where it lands. */
const signIn = (javaScript: boolean, member: Credentials) =>
  signInToStandard(started.browser, started.portal.url, javaScript, member);

describe.each([false, true])("JavaScript %s", (javaScript) => {
  test("answers saved, browser closed, signed in again elsewhere: the claimant goes on, files, comes back to the claim and amends it", async () => {
    const member = blankMember();
    const first = await signIn(javaScript, member);
    expect(path(first)).toBe("/standard/claimant-info");
    await answerStep(first, javaScript, STANDARD_CLAIMANT);
    await answerStep(first, javaScript, STANDARD_DETAILS);
    await first.context().close();

    // A new browser: straight to the first step not done, the earlier answers kept.
    const second = await signIn(javaScript, member);
    expect(path(second)).toBe("/standard/payment-election");
    await answerStep(second, javaScript, { "paymentElection.paymentMethod": "check" });
    await submitStep(second); // supporting documents: optional
    expect(path(second)).toBe("/standard/claim-summary");
    expect(await second.locator(".answers").first().textContent()).toContain("Austin");
    await signAndSubmit(second, javaScript);
    expect(path(second)).toBe("/standard/confirmation");
    const code = (await second.locator(".reference-code").textContent())!;
    await second.context().close();

    // Another day, another browser: the claim as filed; then a change, filed as its new version.
    const third = await signIn(javaScript, member);
    expect(path(third)).toBe("/standard/confirmation");
    expect(await third.locator(".reference-code").textContent()).toBe(code);
    await third.getByRole("link", { name: "Change your answers" }).click();
    await third.waitForURL(/\/standard\/claim-summary$/);
    // Each answer has its own Change, named by its question.
    await third.getByRole("link", { name: /^Change .*city/i }).click();
    await third.waitForURL(/\/standard\/claimant-info\?return=summary$/);
    await answerStep(third, javaScript, { "claimantInfo.mailingCity": "Dallas" });
    expect(path(third)).toBe("/standard/claim-summary");
    await signAndSubmit(third, javaScript);
    expect(path(third)).toBe("/standard/confirmation");
    expect(await third.locator(".reference-code").textContent()).toBe(code);
    expect(await third.locator(".confirmation-panel").textContent()).toContain("Your claim was amended.");
    await third.context().close();

    const claims = (await readClaims(started.portal)).filter(
      (claim) => claim.claim_id === member["credentials.claimId"],
    );
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ reference_code: code, version: 2 });
    expect(claims[0]!.models.claimantInfo?.mailingCity).toBe("Dallas");
  }, 120_000);
});
