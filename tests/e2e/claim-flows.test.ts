import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { axeViolations, fillForm, openPage, withBrowserAndPortal, untilEnhanced } from "#tests/support/browser.ts";
import { readClaims } from "#tests/support/backends.ts";
import { addRecord, answerSecurityQuestion, submitStep, uploadDocument } from "#tests/support/browser-flows.ts";
import { PDF, PNG } from "#tests/support/documents.ts";
import { blankMember, testMember } from "#tests/support/members.ts";
import { withStore } from "#tests/support/server-state.ts";
import {
  AUTOMOTIVE_CLAIMANT,
  AUTOMOTIVE_DETAILS,
  inCultureOrder,
  STANDARD_CLAIMANT,
  STANDARD_DETAILS,
} from "#tests/support/demo-answers.ts";

const started = withBrowserAndPortal();

const FLOWS = {
  automotive: {
    /** A member of their own each run (a member files one claim), with Ana García's data to start from. */
    member: testMember,
    steps: {
      "claimant-info": AUTOMOTIVE_CLAIMANT,
      "claim-details": AUTOMOTIVE_DETAILS,
      "payment-election": {
        "paymentElection.paymentMethod": "zelle",
        "paymentElection.zelleContact": "ana@example.com",
      },
    },
    /** Proof of ownership is required. */
    documents: async (page: Page) => {
      expect(
        await uploadDocument(
          page,
          { name: "title.pdf", mimeType: "application/pdf", buffer: PDF },
          { "documentContexts.documentKind": "title" },
        ),
      ).toBe("saved");
    },
    expected: {
      claimantInfo: { lastName: "García", phoneNumber: "(555) 123-4567", mailingPostalCode: "98111-0042" },
      claimDetails: { vehicleVin: "1HGCM82633A004352", disposalDate: "06/30/2023" },
      paymentElection: { paymentMethod: "zelle", zelleContact: "ana@example.com" },
    },
  },
  reimbursement: {
    member: blankMember,
    steps: {
      "claimant-info": { ...AUTOMOTIVE_CLAIMANT, "claimantInfo.firstName": "Carmen", "claimantInfo.lastName": "Ruiz" },
      "claim-details": {
        "claimDetails.repairShopName": "Main St Garage",
        "claimDetails.repairDate": "5/1/2024",
        "claimDetails.odometerMiles": "48210",
        "claimDetails.repairAmount": "480.5",
      },
      "payment-election": {
        "paymentElection.paymentMethod": "directDeposit",
        "paymentElection.routingNumber": "021000021",
        "paymentElection.accountNumber": "40961357",
        "paymentElection.accountType": "checking",
      },
    },
    /** An expense, and its receipt. */
    documents: async (page: Page) => {
      await addRecord(page, "claimTransactions", {
        "claimTransactions.expenseDate": "5/1/2024",
        "claimTransactions.description": "Tow",
        "claimTransactions.amount": "95",
      });
      const expense = (await page
        .locator("#field-documentContexts-claimTransactionId option")
        .nth(1)
        .getAttribute("value"))!;
      expect(
        await uploadDocument(
          page,
          { name: "tow receipt.png", mimeType: "image/png", buffer: PNG },
          { "documentContexts.documentKind": "receipt", "documentContexts.claimTransactionId": expense },
        ),
      ).toBe("saved");
    },
    expected: {
      claimantInfo: { lastName: "Ruiz" },
      claimDetails: { repairDate: "05/01/2024", repairAmount: "480.50" },
      paymentElection: {
        paymentMethod: "directDeposit",
        routingNumber: "021000021",
        accountNumber: "40961357",
        accountType: "checking",
      },
    },
    /** Bank numbers are read back by their last 4 only, on the summary and the confirmation (decision 015). */
    masked: { "Routing number": "Ending in 0021", "Account number": "Ending in 1357" },
  },
  standard: {
    member: blankMember,
    steps: {
      "claimant-info": STANDARD_CLAIMANT,
      "claim-details": STANDARD_DETAILS,
      "payment-election": {
        "paymentElection.paymentMethod": "paypal",
        "paymentElection.paypalEmail": "bo@example.com",
      },
    },
    /** Documents are optional in the standard flow. */
    documents: async () => {},
    expected: {
      claimantInfo: { lastName: "Lee", mailingSubDivision: "TX" },
      claimDetails: { unitPrice: "1250.50", serviceDates: "03/02/2022; 09/14/2022" },
      paymentElection: { paymentMethod: "paypal", paypalEmail: "bo@example.com" },
    },
  },
} as const;

/** Each answer a page reads back ("dt" question, "dd" answer). */
async function answersShown(page: Page): Promise<Record<string, string>> {
  return Object.fromEntries(
    await page
      .locator(".answers .answer")
      .evaluateAll((rows) =>
        rows.map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]),
      ),
  );
}

/** A sensitive answer shows only masked (last 4), and nowhere in the page's HTML in full, loader data included. */
async function expectMasked(page: Page, flow: keyof typeof FLOWS) {
  const masked = (FLOWS[flow] as { masked?: Record<string, string> }).masked ?? {};
  expect(await answersShown(page)).toMatchObject(masked);
  const html = await page.content();
  for (const full of ["40961357", "021000021"]) expect(html).not.toContain(full);
}

/** Files a claim as a claimant would, from the flow's start page to its confirmation. */
async function fileClaim(flow: keyof typeof FLOWS, javaScript: boolean, culture: "en" | "es") {
  const page = await openPage(started.browser, javaScript);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const { member, steps } = FLOWS[flow];
  await page.goto(`${started.portal.url}/${flow}${culture === "es" ? "?culture=es" : ""}`);
  if (javaScript) await untilEnhanced(page);
  await fillForm(page, member());
  if (!javaScript) await answerSecurityQuestion(page);
  await submitStep(page);
  for (const [step, answers] of Object.entries(steps)) {
    expect(new URL(page.url()).pathname).toBe(`/${flow}/${step}`);
    if (javaScript) await page.waitForFunction(() => !document.querySelector(".field-applies"));
    await fillForm(page, inCultureOrder(answers, culture));
    await submitStep(page);
  }
  expect(new URL(page.url()).pathname).toBe(`/${flow}/supporting-documents`);
  await FLOWS[flow].documents(page);
  await submitStep(page);
  expect(new URL(page.url()).pathname).toBe(`/${flow}/claim-summary`);
  expect(await page.locator("html").getAttribute("lang")).toBe(culture);
  // axe runs with JavaScript only (it is a script); the scripts-off rendering is the same HTML.
  if (javaScript) expect(await axeViolations(page), `${flow} summary`).toEqual([]);
  await expectMasked(page, flow);
  await fillForm(page, { "signature.attestation": "on", "signature.signature": "Test Claimant" });
  if (!javaScript) await answerSecurityQuestion(page);
  await submitStep(page);
  expect(new URL(page.url()).pathname).toBe(`/${flow}/confirmation`);
  const code = (await page.locator(".reference-code").textContent())!;
  if (javaScript) expect(await axeViolations(page), `${flow} confirmation`).toEqual([]);
  await expectMasked(page, flow);
  expect(errors).toEqual([]);
  await page.context().close();
  return code;
}

describe.each([false, true])("JavaScript %s: filing a claim", (javaScript) => {
  test.each(Object.keys(FLOWS) as Array<keyof typeof FLOWS>)(
    "%s, from the start page to the confirmation",
    async (flow) => {
      const culture = flow === "standard" ? "es" : "en";
      const code = await fileClaim(flow, javaScript, culture);
      const claim = (await readClaims(started.portal)).find((row) => row.reference_code === code)!;
      expect(claim.form_type).toBe(flow);
      expect(claim.culture).toBe(culture);
      // As stored, the bank numbers are encrypted; the store reads them back as typed.
      if (flow === "reimbursement")
        expect(claim.models.paymentElection).toMatchObject({
          routingNumber: { sealed: "aes-256-gcm" },
          accountNumber: { sealed: "aes-256-gcm" },
        });
      const stored = (await withStore(started.portal, (store) => store.getClaim(code)))!;
      expect(stored.models).toMatchObject(FLOWS[flow].expected);
      expect(stored.models.signature).toMatchObject({ attestation: true, signature: "Test Claimant" });
    },
    90_000,
  );

  test("the VIN lookup", async () => {
    const page = await openPage(started.browser, javaScript);
    await page.goto(`${started.portal.url}/lookup`);
    if (javaScript) await untilEnhanced(page);
    await fillForm(page, { "vinLookup.vin": "5yjsa1e26hf123456" });
    if (!javaScript) await answerSecurityQuestion(page);
    await page.locator("form.step-form button[type=submit]").click();
    await page.locator(".lookup-result").waitFor();
    expect(await page.locator(".lookup-result").textContent()).toBe(
      "The vehicle with VIN 5YJSA1E26HF123456 is covered by the settlement.",
    );
    await page.context().close();
  });
});

describe("the session timer with JavaScript", () => {
  test("counts from what the server was told: activity in the page's first minute is told at the minute; a keep-alive the server refuses sends the claimant on", async () => {
    const page = await openPage(started.browser, true);
    await page.clock.install();
    await page.goto(`${started.portal.url}/standard`);
    await untilEnhanced(page);
    await fillForm(page, testMember());
    await submitStep(page);
    await page.waitForFunction(
      () => location.pathname === "/standard/claimant-info" && document.documentElement.hasAttribute("data-enhanced"),
    );
    const keptAlive: number[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/session/keep-alive")) keptAlive.push(request.timing().startTime);
    });
    // Activity half a minute in: the server last heard of the claimant when the page loaded, and
    // hears of this activity once a minute has passed since.
    await page.clock.runFor(30_000);
    await page.locator("#field-claimantInfo-lastName").press("A");
    expect(keptAlive).toHaveLength(0);
    await page.clock.runFor(31_000);
    await expect.poll(() => keptAlive.length).toBe(1);
    // The warning comes a minute before 30 minutes from that keep-alive, not from the keystroke: the
    // page never counts time the server does not give.
    const warning = page.getByRole("dialog", { name: "Your session is about to expire" });
    await page.clock.runFor(28 * 60_000 + 10_000); // 29:11 after the keystroke, 28:10 after the keep-alive
    expect(await warning.count()).toBe(0);
    await page.clock.runFor(60_000);
    await warning.waitFor();
    expect(await page.locator("dialog .session-countdown").textContent()).toMatch(/^Time left: 0:(4\d|5\d)$/);
    // The server has ended the session meanwhile (another tab signed out, a clock ahead): Continue
    // cannot keep it, and the claimant is sent to the page that says so.
    await page.route("**/api/session/keep-alive", (route) =>
      route.fulfill({ status: 401, contentType: "application/json", body: '{"error":"session_expired"}' }),
    );
    await warning.getByRole("button", { name: "Continue" }).press("Enter");
    await page.waitForURL(/\/session-expired\?form=standard/);
    await page.context().close();
  }, 90_000);

  test("warns in the last minute with a countdown; Continue keeps the session; at zero the claimant is sent on", async () => {
    const page = await openPage(started.browser, true);
    await page.clock.install();
    await page.goto(`${started.portal.url}/standard?culture=es`);
    await untilEnhanced(page);
    await fillForm(page, FLOWS.standard.member());
    await submitStep(page);
    // The first step's timer runs from when its page is up: move the clock only once it is.
    await page.waitForFunction(
      () => location.pathname === "/standard/claimant-info" && document.documentElement.hasAttribute("data-enhanced"),
    );
    const dialog = page.getByRole("dialog", { name: "Su sesión está por caducar" });

    await page.clock.runFor(28 * 60_000);
    expect(await dialog.isVisible()).toBe(false);
    await page.clock.runFor(60_000 + 15_000); // 29:15 idle: 45 seconds left
    await dialog.waitFor();
    // The timer ticks each second from when it started, a moment after the page was drawn (Preact
    // runs effects after the paint): its last tick may have been up to a second ago. The page's
    // clock runs on between the page and the jump, a second or two on a loaded machine.
    const countdown = (await page.locator(".session-countdown").textContent())!;
    expect(countdown).toMatch(/0:4[3-6]$/);
    // A quarter minute (45 s) is announced; at 46 s, and once it is past, the announcement is empty.
    expect(await page.locator(".session-announcement").textContent()).toBe(
      countdown.endsWith("0:45") ? "Tiempo restante: 0:45" : "",
    );
    expect(await axeViolations(page)).toEqual([]);
    // Continue, from the keyboard (it has the focus): a pointer's way to it is activity already,
    // which restarts the clock and may close the warning before the click lands, as it should.
    await dialog.getByRole("button", { name: "Continuar" }).press("Enter");
    // Closed once the page has rendered the click (Preact renders after the event, not within it).
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // The session is ended once, and the claimant sent on once: a second tick after zero used to
    // end it again and start a second navigation, which cut the first short.
    let endings = 0;
    page.on("request", (request) => void (request.url().endsWith("/api/session-timeout") && endings++));
    await page.clock.runFor(30 * 60_000 + 2_000);
    await page.waitForURL(/\/session-expired\?form=standard&culture=es/);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Su sesión ha caducado");
    expect(endings).toBe(1);
    await page.context().close();
  }, 60_000);
});
