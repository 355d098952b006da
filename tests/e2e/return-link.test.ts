import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { axeViolations, launchChromium, openPage, openScriptlessPage, untilEnhanced } from "#tests/support/browser.ts";
import { answerSecurityQuestion, answerStep, submitStep } from "#tests/support/browser-flows.ts";
import { STANDARD_CLAIMANT } from "#tests/support/demo-answers.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { openSettlement } from "#tests/support/settlement.ts";
import { type TestSmtp, testSmtp } from "#tests/support/smtp.ts";

/**
 * Decision 032 in Chromium, JavaScript on and off: an open claimant gives their e-mail address,
 * the next step says a link was sent, and the link opened in another browser brings them back to
 * their draft; a link that opens nothing says so. Both pages pass axe.
 */
const settlement = openSettlement((json) => {
  json.email = { from: "claims@acme-settlement.example", portalUrl: "https://claims.acme-settlement.example" };
});
let smtp: TestSmtp;
let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  smtp = await testSmtp();
  [browser, portal] = await Promise.all([
    launchChromium(),
    startPortal({ settlementDir: settlement, env: { SMTP_URL: smtp.url, EMAIL_POLL_MS: "100" } }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await smtp?.stop();
});

const path = (page: Page) => new URL(page.url()).pathname;
/** A browser page with scripts on, or one that sees what a claimant with scripts blocked sees (axe can still run in it). */
const newPage = (javaScript: boolean) => (javaScript ? openPage(browser, true) : openScriptlessPage(browser));

describe.each([false, true])("JavaScript %s", (javaScript) => {
  test("the step after the e-mail says a link was sent; the link brings another browser back to the draft", async () => {
    const email = `return-${javaScript ? "on" : "off"}@example.com`;
    const page = await newPage(javaScript);
    await page.goto(`${portal.url}/standard`);
    if (javaScript) await untilEnhanced(page);
    else await answerSecurityQuestion(page);
    await submitStep(page);
    await answerStep(page, javaScript, {
      ...STANDARD_CLAIMANT,
      "claimantInfo.emailAddress": email,
      "claimantInfo.confirmEmailAddress": email,
    });
    expect(path(page)).toBe("/standard/claim-details");
    const notice = page.locator(".return-link-sent");
    expect(await notice.textContent()).toContain(`We have emailed a link to ${email}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();

    const [message] = await smtp.waitFor(1, (received) => received.to.includes(email));
    const link = /\/return\?token=[A-Za-z0-9_-]{43}/.exec(message!.text)![0];
    const other = await newPage(javaScript);
    await other.goto(`${portal.url}${link}`);
    expect(path(other)).toBe("/standard/claim-details");
    expect(await other.locator(".return-link-sent").textContent()).toContain(email);
    await other.goto(`${portal.url}/standard/claimant-info`);
    expect(await other.locator("#field-claimantInfo-emailAddress").inputValue()).toBe(email);

    await other.goto(`${portal.url}/return?token=not-a-link`);
    expect(await other.locator("h1").textContent()).toBe("This link does not work");
    expect(await axeViolations(other)).toEqual([]);
    await other.context().close();
  });
});
