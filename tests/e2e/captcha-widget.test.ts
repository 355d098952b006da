import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { fillForm, launchChromium, openPage } from "#tests/support/browser.ts";
import { submitStep } from "#tests/support/browser-flows.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { blankMember } from "#tests/support/members.ts";
import { startFakeSiteverify } from "#tests/support/fake-siteverify.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

/**
 * The Turnstile widget with JavaScript. Cloudflare is off this machine, so its script is answered
 * by a stand-in implementing the part of the widget API the portal uses (render, reset, remove),
 * and tokens are verified by a local stand-in of siteverify.
 */
const FAKE_TURNSTILE = (onload: string, token = "pass-from-widget", afterMs = 100) => `
  window.turnstile = {
    render(container, options) {
      setTimeout(() => options.callback(${JSON.stringify(token)}), ${afterMs});
      return "widget-1";
    },
    reset() {}, remove() {}, execute() {}, isExpired() { return false; },
    getResponse() { return ${JSON.stringify(token)}; },
    ready(callback) { callback(); },
  };
  if (window[${JSON.stringify(onload)}]) window[${JSON.stringify(onload)}]();
`;

let browser: Browser;
let portal: PortalServer;
let siteverify: Awaited<ReturnType<typeof startFakeSiteverify>>;
beforeAll(async () => {
  siteverify = await startFakeSiteverify();
  const settlementDir = settlementWith(
    {
      captcha: { provider: "turnstile", siteKey: "0x4AAAAAAAtest", verifyUrl: siteverify.url, fallbackChallenge: true },
    },
    { testCaptcha: false },
  );
  [browser, portal] = await Promise.all([
    launchChromium(),
    startPortal({ settlementDir, env: { CAPTCHA_SECRET_KEY: "secret" } }),
  ]);
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
  await expect
    .poll(() =>
      page
        .locator('input[name="captchaToken"]')
        .inputValue()
        .catch(() => ""),
    )
    .toBe("pass-from-widget");
  expect(await page.locator("#captcha-answer").isVisible()).toBe(false); // no sum once the widget works
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

test("with the sum in place of the widget, a wrong PIN comes back with a new sum, and the right PIN then signs in", async () => {
  const page = await openPage(browser, true);
  await page.route("https://challenges.cloudflare.com/**", (route: Route) => route.abort());
  await page.goto(`${portal.url}/automotive`);
  await page.locator("#captcha-answer").waitFor();
  await fillForm(page, { ...MEMBER, "credentials.pin": "999999" });
  await answerSum(page);
  await page.locator("form.step-form button[type=submit]").click();
  await page.locator(".error-summary", { hasText: "do not match our records" }).waitFor();
  // The sum answered was used up by that try: the page offers a new one.
  await fillForm(page, MEMBER);
  await answerSum(page);
  await page.locator("form.step-form button[type=submit]").click();
  await page.waitForURL(/\/automotive\/claimant-info/);
  await page.context().close();
});

/** Cloudflare's script answered by the stand-in, its widget giving `token` after `afterMs`. */
async function fakeWidget(page: Page, token?: string, afterMs?: number) {
  await page.route("https://challenges.cloudflare.com/**", (route: Route) => {
    const onload = new URL(route.request().url()).searchParams.get("onload") ?? "onloadTurnstileCallback";
    return route.fulfill({ contentType: "text/javascript", body: FAKE_TURNSTILE(onload, token, afterMs) });
  });
}

test("when the widget's token cannot be checked (the provider down), the claimant is told at the security check and offered the sum, which signs them in", async () => {
  const page = await openPage(browser, true);
  // The stand-in siteverify answers the token "down" with a 500, as a provider that is down.
  await fakeWidget(page, "down");
  await page.goto(`${portal.url}/automotive`);
  await expect.poll(() => page.locator('input[name="captchaToken"]').inputValue()).toBe("down");
  expect(await page.locator("#captcha-answer").isVisible()).toBe(false);
  await fillForm(page, MEMBER);
  await page.locator("form.step-form button[type=submit]").click();
  await page.locator("#captcha-error").waitFor();
  // The widget has a token again on the new page, and the sum stays offered beside it.
  await expect.poll(() => page.locator('input[name="captchaToken"]').inputValue()).toBe("down");
  expect(await page.locator("#captcha-answer").isVisible()).toBe(true);
  expect(await page.locator(".error-summary a", { hasText: "Security check" }).getAttribute("href")).toBe(
    "#captcha-answer",
  );
  await fillForm(page, MEMBER);
  await answerSum(page);
  await page.locator("form.step-form button[type=submit]").click();
  await page.waitForURL(/\/automotive\/claimant-info/);
  await page.context().close();
});

test("a sum the claimant has begun to answer stays when the widget's token comes, and either signs them in", async () => {
  const page = await openPage(browser, true);
  await fakeWidget(page, "pass-from-widget", 1_500);
  await page.goto(`${portal.url}/automotive`);
  await page.locator("#captcha-answer").click();
  await answerSum(page);
  await expect
    .poll(() => page.locator('input[name="captchaToken"]').inputValue(), { timeout: 5_000 })
    .toBe("pass-from-widget");
  expect(await page.locator("#captcha-answer").isVisible()).toBe(true);
  await fillForm(page, MEMBER);
  await page.locator("form.step-form button[type=submit]").click();
  await page.waitForURL(/\/automotive\/claimant-info/);
  await page.context().close();
});

/** Answers the sum the page offers in place of the widget. */
async function answerSum(page: Page) {
  const question = (await page.locator('label[for="captcha-answer"]').textContent())!;
  const [, first, second] = /(\d+) \+ (\d+)/.exec(question)!;
  await page.locator("#captcha-answer").fill(String(Number(first) + Number(second)));
}

/** Through the standard flow's steps by the pages' own buttons (client-side navigation), to its summary. */
async function toSummaryInApp(page: Page) {
  const steps: Array<Record<string, string>> = [
    STANDARD_CLAIMANT,
    STANDARD_DETAILS,
    { "paymentElection.paymentMethod": "check" },
    {},
  ];
  for (const answers of steps) {
    await page.waitForFunction(() => !document.querySelector(".field-applies"));
    await fillForm(page, answers);
    await submitStep(page);
  }
  expect(new URL(page.url()).pathname).toBe("/standard/claim-summary");
}

test("with the widget's script blocked, the summary reached in-app offers the sum, and a failed submission keeps the page and what was typed", async () => {
  const page = await openPage(browser, true);
  await page.route("https://challenges.cloudflare.com/**", (route: Route) => route.abort());
  await page.goto(`${portal.url}/standard`);
  await page.locator("#captcha-answer").waitFor();
  await fillForm(page, blankMember());
  await answerSum(page);
  await submitStep(page);
  await toSummaryInApp(page);

  // No dead end: the sum is there to answer, not an empty widget box.
  await page.locator("#captcha-answer").waitFor();
  await fillForm(page, { "signature.attestation": "on", "signature.signature": "Bo Lee" });
  await answerSum(page);
  // The network fails on Submit: the page stays, signature and all, and says what happened (SPEC §8).
  await page.route(
    "**/standard/claim-summary",
    (route: Route) => (route.request().method() === "POST" ? route.abort() : route.fallback()),
    { times: 1 },
  );
  await page.locator("form.step-form button[type=submit]").click();
  await page.getByRole("dialog").waitFor();
  expect(await page.getByRole("dialog").textContent()).toContain(
    "An error occured during your submission. Please try again.",
  );
  await page.getByRole("button", { name: "OK" }).click();
  expect(new URL(page.url()).pathname).toBe("/standard/claim-summary");
  expect(await page.locator('[name="signature.signature"]').inputValue()).toBe("Bo Lee");
  expect(await page.locator('[name="signature.attestation"]').isChecked()).toBe(true);
  // Submitting again goes through.
  await submitStep(page);
  expect(new URL(page.url()).pathname).toBe("/standard/confirmation");
  await page.context().close();
}, 90_000);

test("with the widget's script blocked, a second VIN lookup offers a fresh sum too", async () => {
  const page = await openPage(browser, true);
  await page.route("https://challenges.cloudflare.com/**", (route: Route) => route.abort());
  await page.goto(`${portal.url}/lookup`);
  for (const vin of ["5YJSA1E26HF123456", "1HGCM82633A000000"]) {
    await page.locator("#captcha-answer").waitFor();
    await fillForm(page, { "vinLookup.vin": vin });
    await answerSum(page);
    await page.locator("form.step-form button[type=submit]").click();
    await expect
      .poll(() =>
        page
          .locator(".lookup-result")
          .textContent()
          .catch(() => ""),
      )
      .toContain(vin);
  }
  await page.context().close();
}, 60_000);
