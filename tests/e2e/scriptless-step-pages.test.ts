import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { fillForm, withBrowserAndPortal, untilEnhanced } from "#tests/support/browser.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { AUTOMOTIVE_CLAIMANT, REIMBURSEMENT_DETAILS } from "#tests/support/demo-answers.ts";
import { blankMember } from "#tests/support/members.ts";

/**
 * Issue 13, items 5 and 7, in Chromium: without JavaScript a step page says when an idle session
 * ends (its refresh to /session-expired in the head, where HTML allows it), and a field asked only
 * in some cases is marked required only when the saved answers make it apply.
 *
 * The portal lives 45 minutes a session (SESSION_LIFETIME_HOURS): long enough for the 30-minute
 * time-out, short enough to reach the end of a session's life in one test.
 */
const started = withBrowserAndPortal({ env: { SESSION_LIFETIME_HOURS: "0.75" } });

/** 10:00 AM in the settlement's zone (Pacific), the portal's clock for these tests' requests. */
const SIGNED_IN_AT = Date.parse("2026-11-21T18:00:00Z");
const clock = (minutesLater = 0) => ({ "X-Test-Now": new Date(SIGNED_IN_AT + minutesLater * 60_000).toISOString() });

/** A browser page with JavaScript on or off, sharing the claimant's session and clock. */
async function pageOf(claimant: Claimant, javaScript: boolean, minutesLater = 0): Promise<Page> {
  const context = await started.browser.newContext({
    javaScriptEnabled: javaScript,
    extraHTTPHeaders: clock(minutesLater),
  });
  await context.addCookies([claimant.sessionCookie()]);
  return context.newPage();
}

describe("the idle time-out without JavaScript", () => {
  test("a step page says, in English, how long and until when it waits; its refresh is in the head", async () => {
    const claimant = new Claimant(started.portal, clock());
    await claimant.signIn("standard", blankMember());
    const page = await pageOf(claimant, false);
    await page.goto(`${started.portal.url}/standard/claimant-info`);

    const refresh = await page.evaluate(() =>
      [...document.querySelectorAll('meta[http-equiv="refresh"]')].map((meta) => ({
        inHead: document.head.contains(meta),
        content: meta.getAttribute("content"),
      })),
    );
    expect(refresh).toEqual([{ inHead: true, content: "1800; url=/session-expired?form=standard" }]);
    expect(await page.locator("main meta").count()).toBe(0);

    const notice = page.locator("main .idle-notice");
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect((await notice.textContent())?.replace(/\s+/g, " ").trim()).toBe(
      "For your security, we will sign you out if you do not save your answers or go to another page for 30 minutes. " +
        "If you stay on this page without saving, we will sign you out at 10:30 AM PST. " +
        "Anything you have not saved will be lost.",
    );
    await page.context().close();
  });

  test("in Spanish, with the time in the Spanish way; each page load restarts the 30 minutes", async () => {
    const claimant = new Claimant(started.portal, clock());
    await claimant.signIn("standard", blankMember());
    const page = await pageOf(claimant, false, 12);
    await page.goto(`${started.portal.url}/standard/claimant-info?culture=es`);
    const notice = (await page.locator("main .idle-notice").textContent())?.replace(/\s+/g, " ").trim();
    expect(notice).toContain("si no guarda sus respuestas ni va a otra página durante 30 minutos");
    expect(notice).toContain("cerraremos su sesión a esta hora: 10:42 a. m. PST");
    expect(await page.locator('head meta[http-equiv="refresh"]').getAttribute("content")).toBe(
      "1800; url=/session-expired?form=standard&culture=es",
    );
    await page.context().close();
  });

  test("near the end of a session's life the page says the earlier time, and refreshes then", async () => {
    const claimant = new Claimant(started.portal, clock());
    await claimant.signIn("standard", blankMember());
    await claimant.get("/standard/claimant-info");
    // 25 minutes on, the session has 20 of its 45 minutes left: less than the idle time-out.
    const page = await pageOf(claimant, false, 25);
    await page.goto(`${started.portal.url}/standard/claimant-info`);
    expect((await page.locator("main .idle-notice").textContent())?.replace(/\s+/g, " ").trim()).toBe(
      "For your security, we will sign you out at 10:45 AM PST, as you have been signed in for a long time. " +
        "Save your answers before then: anything you have not saved will be lost.",
    );
    expect(await page.locator('head meta[http-equiv="refresh"]').getAttribute("content")).toBe(
      "1200; url=/session-expired?form=standard",
    );
    await page.context().close();
  });

  test("with JavaScript the notice is not shown (the warning dialog comes instead) and nothing refreshes the page", async () => {
    const claimant = new Claimant(started.portal, clock());
    await claimant.signIn("standard", blankMember());
    const page = await pageOf(claimant, true);
    await page.goto(`${started.portal.url}/standard/claimant-info`);
    await untilEnhanced(page);
    expect(await page.locator(".idle-notice").count()).toBe(0);
    expect(await page.locator('meta[http-equiv="refresh"]').count()).toBe(0);
    await page.context().close();
  });

  test("the session-expired page says what happened and how to go on", async () => {
    // A session that timed out: the store has ended it, the browser keeps its cookie.
    const claimant = new Claimant(started.portal, clock());
    await claimant.signIn("standard", blankMember());
    await claimant.get("/standard/claimant-info");
    expect((await claimant.api("/api/session-timeout", { method: "POST" })).status).toBe(204);
    const page = await pageOf(claimant, false);
    await page.goto(`${started.portal.url}/session-expired?form=standard`);
    expect(await page.locator("h1").textContent()).toBe("Your session has expired");
    const text = (await page.locator("main").textContent())?.replace(/\s+/g, " ");
    expect(text).toContain("For your security, we sign you out after 30 minutes without activity");
    expect(text).toContain("Sign in again to your Standard claim");
    await page.context().close();
  });
});

/** Whether a field ("model.field") is marked required: `*` beside its label or legend, and aria-required on its input. */
async function requiredMarks(page: Page, path: string) {
  return {
    mark: await page.locator(`[data-field="${path}"] .required-mark`).count(),
    ariaRequired: await page.locator(`[name="${path}"]`).first().getAttribute("aria-required"),
  };
}

const MARKED = { mark: 1, ariaRequired: "true" };
const NOT_MARKED = { mark: 0, ariaRequired: null };

describe("fields asked only in some cases, without JavaScript", () => {
  test("routing and account numbers are required only once direct deposit is the saved payment method", async () => {
    const claimant = new Claimant(started.portal, clock());
    await claimant.signIn("reimbursement", blankMember());
    await claimant.complete("/reimbursement/claimant-info", AUTOMOTIVE_CLAIMANT);
    await claimant.complete("/reimbursement/claim-details", REIMBURSEMENT_DETAILS);
    await claimant.complete("/reimbursement/payment-election", { "paymentElection.paymentMethod": "check" });
    const page = await pageOf(claimant, false);
    await page.goto(`${started.portal.url}/reimbursement/payment-election`);
    for (const path of ["paymentElection.routingNumber", "paymentElection.accountNumber"]) {
      expect(await requiredMarks(page, path), path).toEqual(NOT_MARKED);
      expect(await page.locator(`[data-field="${path}"] .field-applies`).textContent()).toBe(
        "Answer only if “Payment method” is “Direct deposit to a US bank account”.",
      );
    }

    await claimant.complete("/reimbursement/payment-election", {
      "paymentElection.paymentMethod": "directDeposit",
      "paymentElection.routingNumber": "021000021",
      "paymentElection.accountNumber": "40961357",
      "paymentElection.accountType": "checking",
    });
    await page.reload();
    for (const path of ["paymentElection.routingNumber", "paymentElection.accountNumber"])
      expect(await requiredMarks(page, path), path).toEqual(MARKED);
    await page.context().close();
  });

  test("on the first step, a US address marks the US postal code and phone required, not the other countries' ones", async () => {
    const claimant = new Claimant(started.portal, clock());
    await claimant.signIn("reimbursement", blankMember());
    await claimant.complete("/reimbursement/claimant-info", AUTOMOTIVE_CLAIMANT);
    const page = await pageOf(claimant, false);
    await page.goto(`${started.portal.url}/reimbursement/claimant-info`);
    expect(await requiredMarks(page, "claimantInfo.mailingPostalCode")).toEqual(MARKED);
    expect(await requiredMarks(page, "claimantInfo.phoneNumber")).toEqual(MARKED);
    expect(await requiredMarks(page, "claimantInfo.mailingPostalCodeNonUS")).toEqual(NOT_MARKED);
    expect(await requiredMarks(page, "claimantInfo.phoneNumberInternational")).toEqual(NOT_MARKED);
    await page.context().close();
  });
});

test("with JavaScript, the required mark follows the payment method as it is chosen", async () => {
  const claimant = new Claimant(started.portal, clock());
  await claimant.signIn("reimbursement", blankMember());
  await claimant.complete("/reimbursement/claimant-info", AUTOMOTIVE_CLAIMANT);
  await claimant.complete("/reimbursement/claim-details", REIMBURSEMENT_DETAILS);
  await claimant.complete("/reimbursement/payment-election", { "paymentElection.paymentMethod": "check" });
  const page = await pageOf(claimant, true);
  await page.goto(`${started.portal.url}/reimbursement/payment-election`);
  await page.waitForFunction(() => !document.querySelector(".field-applies"));
  // The account type is disabled, not hidden, while it does not apply: then it is not required either.
  const accountType = page.locator('[data-field="paymentElection.accountType"]');
  expect(await accountType.locator(".required-mark").count()).toBe(0);
  await fillForm(page, { "paymentElection.paymentMethod": "directDeposit" });
  await expect.poll(() => accountType.locator(".required-mark").count()).toBe(1);
  expect(await requiredMarks(page, "paymentElection.routingNumber")).toEqual(MARKED);
  await fillForm(page, { "paymentElection.paymentMethod": "check" });
  await expect.poll(() => accountType.locator(".required-mark").count()).toBe(0);
  await page.context().close();
});
