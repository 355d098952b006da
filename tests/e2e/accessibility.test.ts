import { describe, expect, test } from "vitest";
import { AxeAudit, openPage, openScriptlessPage, THEMES, withBrowserAndThemedPortals } from "#tests/support/browser.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { blankMember } from "#tests/support/members.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import type { PortalServer } from "#tests/support/portal-server.ts";

/**
 * The accessibility audit's remaining pages (issue 6): the sign-in page and the summary, each with
 * and without validation errors, the confirmation and the lookup's answer, in every theme, with
 * JavaScript on and off. The utility pages (shell.test), the step and documents pages
 * (forms.test) are audited beside their features.
 */
const portals = withBrowserAndThemedPortals();

async function atSummary(server: PortalServer): Promise<Claimant> {
  const claimant = new Claimant(server);
  await claimant.signIn("standard", blankMember());
  await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
  await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
  await claimant.complete("/standard/supporting-documents", {});
  return claimant;
}

const PAGES = ["sign-in", "sign-in with errors", "lookup answer", "summary", "summary with errors", "confirmation"];

describe.each(THEMES)("%s", (theme) => {
  test.each([false, true])(
    "JavaScript %s: sign-in, summary (with errors), confirmation and lookup have no axe violations",
    async (javaScript) => {
      const server = portals.servers.get(theme)!;
      const claimant = await atSummary(server);
      const audit = new AxeAudit(`${theme}, JavaScript ${javaScript ? "on" : "off"}`);
      const page = javaScript ? await openPage(portals.browser, true) : await openScriptlessPage(portals.browser);
      const ready = async () => {
        if (javaScript)
          await page.waitForFunction(
            () => (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined,
          );
        await page.locator("h1").first().waitFor();
      };

      await page.goto(`${server.url}/automotive`);
      await ready();
      await audit.check(page, "sign-in");
      await page.locator("form.step-form button[type=submit]").click();
      await page.locator(".error-summary").waitFor();
      await audit.check(page, "sign-in with errors");

      await page.goto(`${server.url}/lookup`);
      await ready();
      await page.locator('[name="vinLookup.vin"]').fill("5YJSA1E26HF123456");
      if (!javaScript) {
        const question = (await page.locator('label[for="captcha-answer"]').textContent())!;
        const [, first, second] = /(\d+) \+ (\d+)/.exec(question)!;
        await page.locator("#captcha-answer").fill(String(Number(first) + Number(second)));
      }
      await page.locator("form.step-form button[type=submit]").click();
      await page.locator(".lookup-result").waitFor();
      await audit.check(page, "lookup answer");

      await page.context().addCookies([claimant.sessionCookie()]);
      await page.goto(`${server.url}/standard/claim-summary`);
      await ready();
      await audit.check(page, "summary");
      await page.locator("form.step-form button[type=submit]").click();
      await page.locator(".error-summary").waitFor();
      await audit.check(page, "summary with errors");

      await claimant.get("/standard/claim-summary");
      expect(
        (
          await claimant.post("/standard/claim-summary", {
            "signature.attestation": "on",
            "signature.signature": "Bo Lee",
            captchaToken: "test-pass",
          })
        ).status,
      ).toBe(303);
      await page.goto(`${server.url}/standard/confirmation`);
      await ready();
      await audit.check(page, "confirmation");
      if (javaScript) {
        // Printed, the page keeps the panel, its code and what happens next, without buttons or sign-out.
        const print = page.getByRole("button", { name: "Print this page" });
        expect(await print.isVisible()).toBe(true);
        await page.emulateMedia({ media: "print" });
        expect(await print.isVisible()).toBe(false);
        expect(await page.locator(".sign-out").isVisible()).toBe(false);
        expect(await page.locator(".confirmation-panel .reference-code").isVisible()).toBe(true);
        expect(await page.locator(".what-next").isVisible()).toBe(true);
        await page.emulateMedia({ media: "screen" });
      }
      await page.context().close();
      audit.expectNoViolations(PAGES);
    },
  );
});
