import { describe, expect, test } from "vitest";
import {
  axeViolations,
  fillForm,
  horizontalOverflow,
  openPage,
  openScriptlessPage,
  withBrowserAndPortal,
  untilEnhanced,
} from "#tests/support/browser.ts";
import { answerStep } from "#tests/support/browser-flows.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { blankMember } from "#tests/support/members.ts";
import { withStore } from "#tests/support/server-state.ts";

/**
 * Issue 25, item 4 in Chromium, JavaScript on and off, English and Spanish: a member who filed
 * changes the claim's address at /coa; the page is axe-clean and does not scroll sideways at 320 px.
 */
const started = withBrowserAndPortal();

/** A member's standard claim, filed over HTTP as a browser without JavaScript: the signed-in claimant and its code. */
async function filedClaim() {
  const claimant = new Claimant(started.portal);
  await claimant.signIn("standard", blankMember());
  await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
  await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
  await claimant.complete("/standard/supporting-documents", {});
  await claimant.get("/standard/claim-summary");
  await claimant.post("/standard/claim-summary", {
    "signature.attestation": "on",
    "signature.signature": "Bo Lee",
    captchaToken: claimant.captchaToken,
  });
  return { claimant, code: (await claimant.get("/standard/confirmation")).text(".reference-code") };
}

describe.each([false, true])("JavaScript %s", (javaScript) => {
  test.each(["en", "es"])(
    "in %s: the current address, a refused change, the change and its confirmation",
    async (culture) => {
      const { claimant, code } = await filedClaim();
      // Without JavaScript: scripts blocked, as a script-less browser (axe can still be injected).
      const page = javaScript ? await openPage(started.browser, true) : await openScriptlessPage(started.browser);
      await page.setViewportSize({ width: 320, height: 740 });
      await page.context().addCookies([claimant.sessionCookie()]);
      const query = culture === "en" ? "" : "?culture=es";
      await page.goto(`${started.portal.url}/coa${query}`);
      // One claim: its page at once.
      await page.waitForURL(new RegExp(`/coa/${code}`));
      if (javaScript) await untilEnhanced(page);
      expect(await page.locator("h1").textContent()).toBe(
        culture === "en" ? "Change your address" : "Cambiar su dirección",
      );
      expect(await page.locator(".summary-list").first().textContent()).toContain("Austin");
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);

      // A street left empty: the step's own message, at the field and in the summary.
      await fillForm(page, { "claimantInfo.mailingStreetLine1": "", "claimantInfo.mailingCity": "Tacoma" });
      await page.locator("form.step-form button[type=submit]").click();
      await page.locator(".error-summary").waitFor();
      expect(await page.locator(".error-summary").textContent()).toContain(
        culture === "en" ? "Enter your street address" : "Ingrese su dirección",
      );
      expect(await axeViolations(page)).toEqual([]);

      await answerStep(page, javaScript, { "claimantInfo.mailingStreetLine1": "77 Harbor Ave" });
      await page.waitForURL(/result=changed/);
      // With JavaScript the address changes as the new page's data comes: its heading follows.
      await page
        .locator("h1", {
          hasText:
            culture === "en" ? "Your contact details have been changed" : "Sus datos de contacto se han cambiado",
        })
        .waitFor();
      expect(await page.locator(".summary-list").textContent()).toContain("77 Harbor Ave");
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();

      const changes = await withStore(started.portal, (store) => store.contactChanges(code));
      expect(changes.map((change) => [change.models.claimantInfo?.mailingCity, change.culture])).toEqual([
        ["Tacoma", culture],
      ]);
    },
  );
});
