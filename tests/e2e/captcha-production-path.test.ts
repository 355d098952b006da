import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { fillForm, launchChromium, openPage, untilEnhanced } from "#tests/support/browser.ts";
import { startFakeSiteverify } from "#tests/support/fake-siteverify.ts";
import { blankMember } from "#tests/support/members.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

/**
 * Issue 26: the captcha as a settlement in production has it (Turnstile with a site key of its own,
 * not a test key, and CAPTCHA_SECRET_KEY), in a browser with JavaScript on whose network blocks
 * Cloudflare's script (a content blocker, a firewall): the claimant is offered the sum, a wrong
 * answer is refused with its message, the right one signs them in. Siteverify is never asked, as
 * no widget ever gave a token.
 */
let browser: Browser;
let portal: PortalServer;
let siteverify: Awaited<ReturnType<typeof startFakeSiteverify>>;
beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  const settlementDir = settlementWith(
    {
      captcha: {
        enabled: true,
        provider: "turnstile",
        siteKey: "0x4AAAAAAADnPIDROrmt1Wwj",
        verifyUrl: siteverify.url,
        fallbackChallenge: true,
      },
    },
    { testCaptcha: false },
  );
  [browser, portal] = await Promise.all([
    launchChromium(),
    startPortal({ settlementDir, env: { CAPTCHA_SECRET_KEY: "0x4AAAAAAADnPIDROrmt1Wwj-secret" } }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await siteverify?.close();
});

/** The sum the page offers, answered right or, with `off`, that far wrong. */
async function answerSum(page: Page, off = 0) {
  const question = (await page.locator('label[for="captcha-answer"]').textContent())!;
  const [, first, second] = /(\d+) \+ (\d+)/.exec(question)!;
  await page.locator("#captcha-answer").fill(String(Number(first) + Number(second) + off));
}

describe.each([
  ["en", "The security check was not passed. Please try again."],
  ["es", "No se superó el control de seguridad. Inténtelo de nuevo."],
])("Turnstile configured, its script blocked, JavaScript on (%s)", (culture, rejected) => {
  test("the claimant sees the sum; a wrong answer is refused with its message, the right one signs in", async () => {
    const page = await openPage(browser, true);
    const blocked: string[] = [];
    await page.route("https://challenges.cloudflare.com/**", (route: Route) => {
      blocked.push(route.request().url());
      return route.abort("blockedbyclient");
    });
    await page.goto(`${portal.url}/automotive?culture=${culture}`);
    await untilEnhanced(page);
    await page.locator("#captcha-answer").waitFor();
    // The page asked for Cloudflare's script, with the settlement's own site key to render.
    await expect.poll(() => blocked.length).toBeGreaterThan(0);
    const member = blankMember();
    await fillForm(page, member);
    await answerSum(page, 1);
    await page.locator("form.step-form button[type=submit]").click();
    await page.locator("#captcha-error", { hasText: rejected }).waitFor();
    expect(await page.locator(".error-summary").textContent()).toContain(rejected);
    expect(new URL(page.url()).pathname).toBe("/automotive");
    // A new sum is offered (the one answered is used up); answered right, the claimant is in.
    await fillForm(page, member);
    await answerSum(page);
    await page.locator("form.step-form button[type=submit]").click();
    await page.waitForURL(/\/automotive\/claimant-info/);
    expect(siteverify.requests).toEqual([]);
    await page.context().close();
  });
});
