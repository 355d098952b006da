import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { fillForm, horizontalOverflow, openPage, withBrowserAndPortal, untilEnhanced } from "#tests/support/browser.ts";
import { submitStep } from "#tests/support/browser-flows.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { AUTOMOTIVE_CLAIMANT, STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { blankMember, testMember } from "#tests/support/members.ts";
import { withStore } from "#tests/support/server-state.ts";

/**
 * Issue 26, words (pages), in Chromium: what a page shows as the claimant answers with JavaScript
 * (errors only after submitting, answers kept when a question goes and comes back, "saved" told
 * to screen readers) and the reference code kept whole on a narrow phone. The server's side is in
 * tests/integration/pages-say-what-happened.test.ts.
 */
const started = withBrowserAndPortal();

/** Once the step form is enhanced (its dependent-field hints are then gone). */
async function enhanced(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector("form.step-form .required-note") && document.documentElement.hasAttribute("data-enhanced"),
  );
  await page.waitForFunction(() => !document.querySelector(".field-applies"));
}

/** A browser signed in (through HTTP) to the standard flow as a new member, the steps before `step` answered. */
async function standardAt(step: "claimant-info" | "payment-election", culture: string) {
  const claimant = new Claimant(started.portal);
  await claimant.signIn("standard", blankMember());
  if (step === "payment-election") {
    await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
    await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  }
  const page = await openPage(started.browser, true);
  await page.context().addCookies([claimant.sessionCookie()]);
  await page.goto(`${started.portal.url}/standard/${step}?culture=${culture}`);
  await enhanced(page);
  return { page, claimant };
}

const errorOf = (page: Page, path: string) => page.locator(`[data-field="${path}"] .field-error`);

describe.each(["en", "es"])("with JavaScript (%s)", (culture) => {
  test("a follow-up question revealed after a failed submit shows no error until the claimant submits again", async () => {
    const { page } = await standardAt("payment-election", culture);
    await page.locator("form.step-form button[type=submit]").click();
    await errorOf(page, "paymentElection.paymentMethod").waitFor();
    // The answer that reveals the PayPal address: the choice's own error goes, the new question has none yet.
    await fillForm(page, { "paymentElection.paymentMethod": "paypal" });
    await page.locator('[data-field="paymentElection.paypalEmail"]').waitFor({ state: "visible" });
    await expect.poll(() => errorOf(page, "paymentElection.paymentMethod").count()).toBe(0);
    expect(await errorOf(page, "paymentElection.paypalEmail").count()).toBe(0);
    expect(await page.locator(".error-summary").count()).toBe(0);
    // Submitted again, it is asked for.
    await page.locator("form.step-form button[type=submit]").click();
    await errorOf(page, "paymentElection.paypalEmail").waitFor();
    expect(await page.locator(".error-summary").textContent()).toMatch(/PayPal/);
    await page.context().close();
  });

  test("the country changed away from the US and back: state, ZIP and phone are as they were, prefilled ones included", async () => {
    // A member whose state and ZIP the class list fills in (Ana García of Seattle, WA 98111).
    const claimant = new Claimant(started.portal);
    await claimant.signIn("automotive", testMember());
    const page = await openPage(started.browser, true);
    await page.context().addCookies([claimant.sessionCookie()]);
    await page.goto(`${started.portal.url}/automotive/claimant-info?culture=${culture}`);
    await enhanced(page);
    await fillForm(page, { "claimantInfo.phoneNumber": "5551234567" });
    const shown = async () => ({
      state: await page.locator('[name="claimantInfo.mailingSubDivision"]').inputValue(),
      zip: await page.locator('[name="claimantInfo.mailingPostalCode"]').inputValue(),
      phone: await page.locator('[name="claimantInfo.phoneNumber"]').inputValue(),
    });
    const before = await shown();
    expect(before).toEqual({ state: "WA", zip: "98111", phone: expect.stringMatching(/555.*123.*4567/) });
    await fillForm(page, { "claimantInfo.mailingCountry": "CA" });
    await page.locator('[data-field="claimantInfo.mailingSubDivision"]').waitFor({ state: "hidden" });
    await fillForm(page, { "claimantInfo.mailingCountry": "US" });
    await page.locator('[data-field="claimantInfo.mailingSubDivision"]').waitFor({ state: "visible" });
    expect(await shown()).toEqual(before);
    const { "claimantInfo.mailingCountry": _country, ...answers } = AUTOMOTIVE_CLAIMANT;
    await fillForm(page, {
      ...answers,
      "claimantInfo.mailingSubDivision": "WA",
      "claimantInfo.mailingPostalCode": "98111",
      "claimantInfo.phoneNumber": "5551234567",
    });
    await submitStep(page);
    const draft = await withStore(started.portal, (store) =>
      store.getDraft(`member:${claimant.claimId}`, "automotive"),
    );
    expect(draft?.models.claimantInfo).toMatchObject({
      mailingCountry: "US",
      mailingSubDivision: "WA",
      mailingPostalCode: "98111",
      phoneNumber: "(555) 123-4567",
    });
    await page.context().close();
  });

  test("'saved' arrives in a live region already on the page, after Save and continue", async () => {
    const { page } = await standardAt("claimant-info", culture);
    // Each status region as first seen in each new document, and what it said then: its text as
    // shown and read (a <noscript> is neither, in a browser running scripts).
    await page.addInitScript(() => {
      const firstSeen = new Map<HTMLElement, string>();
      const look = () => {
        for (const region of document.querySelectorAll<HTMLElement>('[role="status"]'))
          if (!firstSeen.has(region)) firstSeen.set(region, region.innerText ?? "");
      };
      new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
      (window as { firstSaid?: () => string[] }).firstSaid = () =>
        [...firstSeen]
          .filter(([region]) => region.isConnected && /\S/.test(region.innerText ?? ""))
          .map(([, said]) => said);
    });
    await fillForm(page, STANDARD_CLAIMANT);
    await submitStep(page);
    const saved = culture === "es" ? "Se guardaron sus respuestas." : "Your answers were saved.";
    await page.locator(".toast", { hasText: saved }).waitFor();
    // The region the words are in was on the page, empty, before them.
    expect(await page.evaluate(() => (window as { firstSaid?: () => string[] }).firstSaid!())).toEqual([""]);
    await page.context().close();
  });
});

test.each(["en", "es"])(
  "with JavaScript, a flow's start page opened while signed in leads back to the claim (%s)",
  async (culture) => {
    const claimant = new Claimant(started.portal);
    await claimant.signIn("standard", blankMember());
    await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
    const page = await openPage(started.browser, true);
    await page.context().addCookies([claimant.sessionCookie()]);
    await page.goto(`${started.portal.url}/standard?culture=${culture}`);
    await untilEnhanced(page);
    expect(await page.locator('[name="credentials.claimId"]').count()).toBe(0);
    expect(await page.locator("form.sign-out button").count()).toBe(1);
    await page.getByRole("link", { name: culture === "es" ? "Continuar su reclamo" : "Continue your claim" }).click();
    await page.waitForURL(/\/standard\/claim-details/);
    await page.locator("form.step-form").waitFor();
    await page.context().close();
  },
);

test("a claim's reference code never breaks across lines on a narrow phone, and nothing scrolls sideways", async () => {
  const filer = new Claimant(started.portal);
  await filer.signIn("standard", blankMember());
  await filer.complete("/standard/claimant-info", STANDARD_CLAIMANT);
  await filer.complete("/standard/claim-details", STANDARD_DETAILS);
  await filer.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
  await filer.complete("/standard/supporting-documents", {});
  await filer.get("/standard/claim-summary");
  const filed = await filer.post("/standard/claim-summary", {
    "signature.attestation": "on",
    "signature.signature": "Bo Lee",
    captchaToken: filer.captchaToken,
  });
  expect(filed.status).toBe(303);
  for (const javaScript of [false, true]) {
    const page = await openPage(started.browser, javaScript);
    await page.context().addCookies([filer.sessionCookie()]);
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`${started.portal.url}/standard/confirmation`);
      const code = page.locator(".reference-code strong");
      expect(await code.textContent()).toMatch(/^STD-\w{4}-\w{4}-\w{4}$/);
      // An inline element broken across lines has a box per line.
      expect(await code.evaluate((element) => element.getClientRects().length), `${width} px`).toBe(1);
      expect(await horizontalOverflow(page), `${width} px`).toBe(0);
    }
    await page.context().close();
  }
});
