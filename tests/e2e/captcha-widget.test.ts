import type { Browser, Route } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { fillForm, launchChromium, openPage } from "#tests/support/browser.ts";
import { startFakeSiteverify } from "#tests/support/fake-siteverify.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

/**
 * The Turnstile widget with JavaScript. Cloudflare is off this machine, so its script is answered
 * by a stand-in implementing the part of the widget API the portal uses (render, reset, remove),
 * and tokens are verified by a local stand-in of siteverify.
 */
const FAKE_TURNSTILE = (onload: string) => `
  window.turnstile = {
    render(container, options) {
      setTimeout(() => options.callback("pass-from-widget"), 100);
      return "widget-1";
    },
    reset() {}, remove() {}, execute() {}, isExpired() { return false; },
    getResponse() { return "pass-from-widget"; },
    ready(callback) { callback(); },
  };
  if (window[${JSON.stringify(onload)}]) window[${JSON.stringify(onload)}]();
`;

let browser: Browser;
let portal: PortalServer;
let siteverify: Awaited<ReturnType<typeof startFakeSiteverify>>;
beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  const settlementDir = settlementWith((s) => void (s.captcha = { provider: "turnstile", siteKey: "0x4AAAAAAAtest", verifyUrl: siteverify.url, fallbackChallenge: true }), { testCaptcha: false });
  [browser, portal] = await Promise.all([launchChromium(), startPortal({ settlementDir, env: { CAPTCHA_SECRET_KEY: "secret" } })]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await siteverify?.close();
});

const MEMBER = { "credentials.claimId": "10000001", "credentials.pin": "123456" };

test("the widget's token signs the claimant in, verified by the server", async () => {
  const page = await openPage(browser, true);
  await page.route("https://challenges.cloudflare.com/**", (route: Route) => {
    const onload = new URL(route.request().url()).searchParams.get("onload") ?? "onloadTurnstileCallback";
    return route.fulfill({ contentType: "text/javascript", body: FAKE_TURNSTILE(onload) });
  });
  await page.goto(`${portal.url}/automotive`);
  await expect.poll(() => page.locator('input[name="captchaToken"]').inputValue().catch(() => "")).toBe("pass-from-widget");
  expect(await page.locator("#captcha-answer").count()).toBe(0); // no sum once the widget works
  await fillForm(page, MEMBER);
  await page.locator("form.step-form button[type=submit]").click();
  await page.waitForURL(/\/automotive\/claimant-info/);
  expect(siteverify.requests.at(-1)?.get("response")).toBe("pass-from-widget");
  await page.context().close();
});

test("when the widget's script cannot load, the claimant gets the sum instead", async () => {
  const page = await openPage(browser, true);
  await page.route("https://challenges.cloudflare.com/**", (route: Route) => route.abort());
  await page.goto(`${portal.url}/automotive`);
  await page.locator("#captcha-answer").waitFor();
  const question = (await page.locator('label[for="captcha-answer"]').textContent())!;
  const [, first, second] = /(\d+) \+ (\d+)/.exec(question)!;
  await fillForm(page, { ...MEMBER });
  await page.locator("#captcha-answer").fill(String(Number(first) + Number(second)));
  await page.locator("form.step-form button[type=submit]").click();
  await page.waitForURL(/\/automotive\/claimant-info/);
  await page.context().close();
});
