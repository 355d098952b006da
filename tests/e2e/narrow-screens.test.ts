import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  axeViolations,
  horizontalOverflow,
  openPage,
  THEMES,
  withBrowserAndThemedPortals,
  untilEnhanced,
} from "#tests/support/browser.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { PDF } from "#tests/support/documents.ts";
import { addExpense, DOCUMENTS_STEP, reimbursementAtDocuments, uploadReceipt } from "#tests/support/filing.ts";

/**
 * Issue 13 items 2 and 8: at 320 CSS px (WCAG 1.4.10 reflow) no page scrolls sideways, in any
 * theme, with JavaScript on and off; the records tables stack as cards, their amounts and Remove
 * buttons on screen. The documents page offers an upload only once there is an expense to attach
 * it to, has one primary button, and no picker toggle that does nothing without scripts.
 */
const portals = withBrowserAndThemedPortals();
const WIDTH = 320;

async function open(page: Page, url: string, javaScript: boolean) {
  await page.goto(url);
  if (javaScript) await untilEnhanced(page);
  await page.locator("h1").first().waitFor();
}

/** The visible buttons styled as primary: neither secondary nor outlined (the header's own controls aside). */
const primaryButtons = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("main button")]
      .filter((button) => !button.matches(".secondary, .outline, .contrast"))
      .filter((button) => (button as HTMLElement).offsetParent !== null)
      .map((button) => button.textContent?.trim()),
  );

/** Whether an element lies wholly within the viewport's width. */
async function withinWidth(page: Page, selector: string): Promise<boolean[]> {
  return page.locator(selector).evaluateAll(
    (elements, width) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.left >= 0 && box.right <= width;
      }),
    WIDTH,
  );
}

describe.each(THEMES)("%s at 320 px", (theme) => {
  test.each([false, true])(
    "JavaScript %s: nothing scrolls sideways; documents page as item 8 asks",
    async (javaScript) => {
      const server = portals.servers.get(theme)!;
      const claimant = await reimbursementAtDocuments(new Claimant(server));
      const page = await openPage(portals.browser, javaScript);
      await page.setViewportSize({ width: WIDTH, height: 740 });
      await page.context().addCookies([{ ...claimant.sessionCookie(), url: server.url }]);

      // Before any expense: no upload form (it could only fail), a note saying why, one primary button.
      await open(page, `${server.url}${DOCUMENTS_STEP}`, javaScript);
      expect(await page.locator('#records-documentContexts input[type="file"]').count()).toBe(0);
      expect(await page.locator("#records-documentContexts .records-awaiting").textContent()).toContain(
        "Save an expense first",
      );
      expect(await primaryButtons(page)).toHaveLength(1);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      // One expense and its receipt saved: the cards fit, the amount and Remove on screen.
      const expense = await addExpense(claimant, "Towing from the highway to the nearest authorised dealer", "1234.56");
      await uploadReceipt(claimant, expense, {
        name: "a-rather-long-receipt-file-name-from-the-tow-company.pdf",
        content: PDF,
      });
      await open(page, `${server.url}${DOCUMENTS_STEP}`, javaScript);
      expect(await page.locator('#records-documentContexts input[type="file"]').count()).toBe(1);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const amount = page.locator("#records-claimTransactions tbody td", { hasText: "$1,234.56" });
      expect(await amount.count()).toBe(1);
      expect(await withinWidth(page, "#records-claimTransactions tbody td:has-text('$1,234.56')")).toEqual([true]);
      const removes = await withinWidth(page, ".records tbody button[value=remove]");
      expect(removes).toHaveLength(2);
      expect(removes.every(Boolean)).toBe(true);
      expect(await primaryButtons(page)).toHaveLength(1);
      // The rows as stacked cards are as accessible as the table was.
      if (javaScript) expect(await axeViolations(page)).toEqual([]);

      // A second expense's draft: its date has an example hint; the picker toggle only once scripts run.
      await page.locator("#records-claimTransactions button[value=add]").click();
      const date = page.locator('.record-draft [name="claimTransactions.expenseDate"]');
      await date.waitFor();
      // Without scripts "Add" loads a new page: its buttons stream in after the draft's date field.
      await page.waitForLoadState("load");
      const hintId = (await date.getAttribute("aria-describedby"))!.split(" ")[0]!;
      expect(await page.locator(`[id="${hintId}"]`).textContent()).toBe("Month, day and year, for example 03/27/2021");
      // With scripts the calendar is fetched once a date field shows: its toggle comes a moment later.
      if (javaScript) await page.locator(".record-draft .date-picker-toggle").waitFor();
      expect(await page.locator(".record-draft .date-picker-toggle").count()).toBe(javaScript ? 1 : 0);
      expect(await primaryButtons(page)).toHaveLength(1);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      if (javaScript) {
        // The picker's month list is whole (not "Novemb") and the panel fits.
        await page.locator(".record-draft .date-picker-toggle").click();
        const month = page.locator(".date-picker-header select").first();
        await month.waitFor();
        expect(
          await month.evaluate((select) => {
            const box = select.getBoundingClientRect();
            const probe = document.createElement("span");
            probe.style.cssText = `font: ${getComputedStyle(select).font}; position: absolute; white-space: nowrap`;
            probe.textContent = "September";
            document.body.append(probe);
            const needed = probe.getBoundingClientRect().width;
            probe.remove();
            return box.width >= needed && box.right <= window.innerWidth;
          }),
        ).toBe(true);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      }

      // The other pages of the flow.
      for (const step of ["claimant-info", "claim-details", "payment-election", "claim-summary"]) {
        await open(page, `${server.url}/reimbursement/${step}`, javaScript);
        expect(await horizontalOverflow(page), step).toBeLessThanOrEqual(0);
      }
      await page.context().close();
    },
  );
});
