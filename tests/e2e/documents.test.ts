import { describe, expect, test } from "vitest";
import { axeViolations, fillForm, openPage, withBrowserAndPortal, untilEnhanced } from "#tests/support/browser.ts";
import {
  addRecord,
  answerSecurityQuestion,
  savedRows,
  submitStep,
  uploadDocument,
} from "#tests/support/browser-flows.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { reimbursementAtDocuments } from "#tests/support/filing.ts";
import { pdfOfSize, PNG, RENAMED_EXECUTABLE, readAll } from "#tests/support/documents.ts";
import { openStoreOf } from "#tests/support/server-state.ts";

const started = withBrowserAndPortal();

const EXPENSES = [
  {
    "claimTransactions.expenseDate": "5/1/2024",
    "claimTransactions.description": "Tow truck",
    "claimTransactions.amount": "120",
  },
  {
    "claimTransactions.expenseDate": "5/2/2024",
    "claimTransactions.description": "Wrong entry",
    "claimTransactions.amount": "1",
  },
  {
    "claimTransactions.expenseDate": "5/3/2024",
    "claimTransactions.description": "Rental car",
    "claimTransactions.amount": "310.45",
  },
];

/** Issue 5's scenario in Chromium, with JavaScript off and on: the same page, the same outcome. */
describe.each([false, true])("JavaScript %s: expenses and their receipts", (javaScript) => {
  test("three expenses, one removed, a receipt for each other; duplicate, oversize and renamed files refused; all filed byte for byte", async () => {
    // The earlier steps over HTTP; the browser takes over the same session at the documents step.
    const claimant = await reimbursementAtDocuments(new Claimant(started.portal));
    const page = await openPage(started.browser, javaScript);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.context().addCookies([{ ...claimant.sessionCookie(), url: started.portal.url }]);
    await page.goto(`${started.portal.url}/reimbursement/supporting-documents`);
    if (javaScript) await untilEnhanced(page);

    await addRecord(page, "claimTransactions", EXPENSES[0]!);
    await addRecord(page, "claimTransactions", EXPENSES[1]!);
    // With JavaScript the third is saved by leaving its row once it is valid (SPEC §4), without pressing Save.
    await addRecord(page, "claimTransactions", EXPENSES[2]!, javaScript ? () => page.locator("h1").click() : undefined);
    expect(await savedRows(page, "claimTransactions").locator("td:nth-child(3)").allTextContents()).toEqual([
      "Tow truck",
      "Wrong entry",
      "Rental car",
    ]);
    await savedRows(page, "claimTransactions").nth(1).getByRole("button", { name: "Remove Expense 2" }).click();
    await expect.poll(() => savedRows(page, "claimTransactions").count()).toBe(2);
    // Focus lands on the list the removed row was in (the pressed button is gone), not on <body>.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest("section")?.id ?? document.activeElement?.tagName),
      )
      .toBe("records-claimTransactions");
    expect(await savedRows(page, "claimTransactions").locator("td:nth-child(3)").allTextContents()).toEqual([
      "Tow truck",
      "Rental car",
    ]);
    if (javaScript) expect(await axeViolations(page), "records page").toEqual([]);

    const expenses = (
      await page
        .locator("#field-documentContexts-claimTransactionId option")
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))
    ).slice(1);
    expect(expenses).toHaveLength(2);
    const towReceipt = pdfOfSize(150_000);
    const receipt = (expense: string) => ({
      "documentContexts.documentKind": "receipt",
      "documentContexts.claimTransactionId": expense,
    });
    expect(
      await uploadDocument(
        page,
        { name: "tow.pdf", mimeType: "application/pdf", buffer: towReceipt },
        receipt(expenses[0]!),
      ),
    ).toBe("saved");
    expect(
      await uploadDocument(
        page,
        { name: "tow.pdf", mimeType: "application/pdf", buffer: towReceipt },
        receipt(expenses[1]!),
      ),
    ).toBe("A file named tow.pdf already exists. Rename the file or choose another one.");
    if (javaScript) expect(await axeViolations(page), "records page with an error").toEqual([]);
    expect(
      await uploadDocument(
        page,
        { name: "rental.pdf", mimeType: "application/pdf", buffer: pdfOfSize(10 * 1024 * 1024 + 1) },
        receipt(expenses[1]!),
      ),
    ).toBe("rental.pdf is too large: each file can be at most 10 MB.");
    expect(
      await uploadDocument(
        page,
        { name: "rental.png", mimeType: "image/png", buffer: RENAMED_EXECUTABLE },
        receipt(expenses[1]!),
      ),
    ).toBe("rental.png is not a real PNG file. Choose the document itself, saved in the format its name says.");
    expect(
      await uploadDocument(page, { name: "rental.png", mimeType: "image/png", buffer: PNG }, receipt(expenses[1]!)),
    ).toBe("saved");
    expect(await savedRows(page, "documentContexts").locator("td:nth-child(2)").allTextContents()).toEqual([
      "tow.pdf",
      "rental.png",
    ]);
    expect(await savedRows(page, "documentContexts").locator("td:nth-child(4)").allTextContents()).toEqual([
      "Expense 1: 05/01/2024, Tow truck, $120.00",
      "Expense 2: 05/03/2024, Rental car, $310.45",
    ]);

    await submitStep(page);
    expect(new URL(page.url()).pathname).toBe("/reimbursement/claim-summary");
    await fillForm(page, { "signature.attestation": "on", "signature.signature": "Ana García" });
    if (!javaScript) await answerSecurityQuestion(page);
    await submitStep(page);
    expect(new URL(page.url()).pathname).toBe("/reimbursement/confirmation");
    const code = (await page.locator(".reference-code").textContent())!;
    expect(errors).toEqual([]);
    await page.context().close();

    const store = openStoreOf(started.portal);
    try {
      const claim = (await store.getClaim(code))!;
      expect(claim.records.claimTransactions?.map((record) => record.fields.description)).toEqual([
        "Tow truck",
        "Rental car",
      ]);
      const stored = await store.claimDocuments(code);
      const documents = (claim.records.documentContexts ?? []).map(
        (record) => stored.find((document) => document.id === record.documentId)!,
      );
      expect(documents.map((document) => document.name)).toEqual(["tow.pdf", "rental.png"]);
      expect(await readAll(store.readDocument(documents[0]!.id))).toEqual(towReceipt);
      expect(await readAll(store.readDocument(documents[1]!.id))).toEqual(PNG);
      expect(claim.records.documentContexts?.map((record) => record.fields.claimTransactionId)).toEqual(expenses);
    } finally {
      await store.close();
    }
  }, 120_000);
});

test("JavaScript true: an expense saved by going on to the documents list is in that list's menu at once, and what the claimant was doing there stays", async () => {
  const claimant = await reimbursementAtDocuments(new Claimant(started.portal));
  const page = await openPage(started.browser, true);
  // Nothing reported in the console: a list put in place is the server's markup, taken in whole.
  const reported: string[] = [];
  page.on("console", (message) => void (message.type() === "error" && reported.push(message.text())));
  await page.context().addCookies([{ ...claimant.sessionCookie(), url: started.portal.url }]);
  await page.goto(`${started.portal.url}/reimbursement/supporting-documents`);
  await untilEnhanced(page);
  await addRecord(page, "claimTransactions", EXPENSES[0]!);
  await untilEnhanced(page);
  const expenseMenu = page.locator("#field-documentContexts-claimTransactionId option");
  expect(await expenseMenu.count()).toBe(2);
  // The second expense, then straight on to the document's questions: leaving its row saves it.
  await addRecord(page, "claimTransactions", EXPENSES[1]!, async () => {
    await page.locator("#field-documentContexts-documentKind").focus();
    await page.locator("#field-documentContexts-documentKind").selectOption("receipt");
  });
  // No new page: the menu has the new expense, the answer just chosen and the focus stay.
  await expect.poll(() => expenseMenu.count()).toBe(3);
  expect((await expenseMenu.allTextContents()).filter((label) => label.includes("Wrong entry"))).toHaveLength(1);
  expect(await page.locator("#field-documentContexts-documentKind").inputValue()).toBe("receipt");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("field-documentContexts-documentKind");
  // Leaving a row, coming back to it and leaving again while it is being saved (a slow network)
  // saves it once; and a document's answers given meanwhile stay.
  await page.route(/\/reimbursement\/supporting-documents$/, async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.locator('#records-claimTransactions button[value="add"]').click();
  await page.locator("#records-claimTransactions .record-draft").waitFor();
  await untilEnhanced(page);
  await fillForm(page, EXPENSES[2]!);
  await page.locator("#field-documentContexts-documentKind").selectOption("invoice");
  const rowsBefore = await savedRows(page, "claimTransactions").count();
  await page.locator("h1").click();
  await page
    .locator("#field-claimTransactions-description")
    .click({ force: true, timeout: 2_000 })
    .catch(() => {});
  await page.keyboard.type(" again");
  await page.locator("h1").click();
  // The save is held a second (the route above), then the list is fetched again: more than
  // expect.poll's one second on a loaded machine.
  await expect.poll(() => savedRows(page, "claimTransactions").count(), { timeout: 10_000 }).toBe(rowsBefore + 1);
  await page.waitForTimeout(1_500);
  expect(await savedRows(page, "claimTransactions").count()).toBe(rowsBefore + 1);
  expect(await savedRows(page, "claimTransactions").locator("td:nth-child(3)").allTextContents()).not.toContain(
    "Rental car again",
  );
  expect(await page.locator("#field-documentContexts-documentKind").inputValue()).toBe("invoice");
  await page.unroute(/\/reimbursement\/supporting-documents$/);
  // The expenses' list has the next draft's button, its own draft enhanced in turn when opened.
  await page.locator('#records-claimTransactions button[value="add"]').click();
  await page.locator("#records-claimTransactions .record-draft .date-picker-toggle").click();
  // A day chosen in its calendar is not leaving the row: nothing is checked or saved yet.
  await page
    .locator(".date-picker-panel")
    .getByRole("button", { name: /^(Monday|Tuesday|Wednesday|Thursday|Friday), \w+ 1?[0-9], / })
    .first()
    .click();
  await expect.poll(() => page.locator("#field-claimTransactions-expenseDate").inputValue()).not.toBe("");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect(await page.locator("#records-claimTransactions .record-draft .field-error").count()).toBe(0);
  expect(reported).toEqual([]);
  await page.context().close();
});
