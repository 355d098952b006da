import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  AxeAudit,
  axeViolations,
  fillForm,
  openPage,
  openScriptlessPage,
  THEMES,
  withBrowserAndThemedPortals,
} from "#tests/support/browser.ts";
import { Claimant, fieldError } from "#tests/support/claimant.ts";
import { blankMember } from "#tests/support/members.ts";
import {
  AUTOMOTIVE_CLAIMANT,
  AUTOMOTIVE_DETAILS,
  STANDARD_CLAIMANT,
  STANDARD_DETAILS,
} from "#tests/support/demo-answers.ts";
import { PDF } from "#tests/support/documents.ts";
import { addExpense, DOCUMENTS_STEP, reimbursementAtDocuments, uploadReceipt } from "#tests/support/filing.ts";
import type { PortalServer } from "#tests/support/portal-server.ts";

const portals = withBrowserAndThemedPortals();
const servers = portals.servers;

const portal = () => servers.get("jnd-7-0-default")!;

/** Waits until the form's checks, which a step form asks for once it is enhanced (decision 041), have come and run. */
async function checksLoaded(page: Page) {
  const checks = () =>
    performance.getEntriesByType("resource").find((entry) => /\/browser-checks-[\w-]+\.js$/.test(entry.name))?.name;
  await page.waitForFunction(checks);
  // As a string: the test's own transform would rewrite an import() in a function.
  await page.evaluate(`import(${JSON.stringify(await page.evaluate(checks))}).then(() => {})`);
}

async function enhanced(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector("form.step-form .required-note") && document.documentElement.hasAttribute("data-enhanced"),
  );
  // Enhanced, the step form has taken its dependent-field hints away.
  await page.waitForFunction(() => !document.querySelector(".field-applies"));
}

/** The demo member with nothing prepopulated, so forms start empty. */

/** A browser page whose session is signed in to a flow (through HTTP, as the claimant helper does). */
async function signedInPage(formType: string, server: PortalServer = portal(), scriptless = false) {
  const claimant = new Claimant(server);
  await claimant.signIn(formType, blankMember());
  const page = scriptless ? await openScriptlessPage(portals.browser) : await openPage(portals.browser, true);
  await page.context().addCookies([claimant.sessionCookie()]);
  return { page, claimant };
}

/** A browser page whose session has already completed the standard flow up to `step`. */
async function standardPageAt(
  server: PortalServer,
  step: "claimant-info" | "claim-details" | "payment-election",
  scriptless: boolean,
) {
  const claimant = new Claimant(server);
  await claimant.signIn("standard", blankMember());
  if (step !== "claimant-info") await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
  if (step === "payment-election") await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  await claimant.get(`/standard/${step}`);
  const page = scriptless ? await openScriptlessPage(portals.browser) : await openPage(portals.browser, true);
  await page.context().addCookies([claimant.sessionCookie()]);
  return page;
}

describe("with JavaScript", () => {
  test("an invalid value, submitted, shows the same message the server gives", async () => {
    const { page } = await signedInPage("automotive");
    await page.goto(`${portal().url}/automotive/claimant-info`);
    await enhanced(page);
    const email = page.locator("#field-claimantInfo-emailAddress");
    await email.fill("ana@");
    const city = page.locator("#field-claimantInfo-mailingCity");
    await city.fill("Seattle <b>");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect
      .poll(() => page.locator("#field-claimantInfo-emailAddress-error").textContent())
      .toBe("Error: Enter an email address like name@example.com");
    await expect
      .poll(() => page.locator("#field-claimantInfo-mailingCity-error").textContent())
      .toBe("Error: These characters are not allowed: < >");

    // The server, given the same values without JavaScript, says the same.
    const claimant = new Claimant(portal());
    await claimant.signIn("automotive", blankMember());
    await claimant.get("/automotive/claimant-info");
    const server = await claimant.post("/automotive/claimant-info", {
      ...AUTOMOTIVE_CLAIMANT,
      "claimantInfo.emailAddress": "ana@",
      "claimantInfo.mailingCity": "Seattle <b>",
    });
    expect(fieldError(server, "claimantInfo.emailAddress")).toBe("Enter an email address like name@example.com");
    expect(fieldError(server, "claimantInfo.mailingCity")).toBe("These characters are not allowed: < >");
    await page.context().close();
  });

  test("pressing Save and continue straight from a field with a mistake submits: no message moves the button away under the finger", async () => {
    const { page, claimant } = await signedInPage("automotive");
    await claimant.complete("/automotive/claimant-info", AUTOMOTIVE_CLAIMANT);
    await page.goto(`${portal().url}/automotive/claim-details`);
    await enhanced(page);
    const month = page.locator("#field-claimDetails-firstNoticedMonth");
    await month.click();
    await month.pressSequentially("7/2020x");
    // No message yet: GOV.UK validates when the claimant submits, not as they leave a field.
    expect(await page.locator("#field-claimDetails-firstNoticedMonth-error").count()).toBe(0);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe("error-summary");
    expect(await page.locator(".error-summary").textContent()).toContain("Month you first noticed");
    // Fixing it clears its message as the claimant types.
    await month.fill("");
    await month.pressSequentially("07/2020");
    await expect.poll(() => page.locator("#field-claimDetails-firstNoticedMonth-error").count()).toBe(0);
    await page.context().close();
  });

  test("'not in the future' follows the portal's clock, not a device whose clock is years behind", async () => {
    const { page, claimant } = await signedInPage("automotive");
    await claimant.complete("/automotive/claimant-info", AUTOMOTIVE_CLAIMANT);
    await page.clock.setSystemTime(new Date("2019-06-01T12:00:00Z"));
    await page.goto(`${portal().url}/automotive/claim-details`);
    await enhanced(page);
    await fillForm(page, { ...AUTOMOTIVE_DETAILS, "claimDetails.firstNoticedMonth": "07/2020" });
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.waitForURL((url) => !url.pathname.endsWith("/claim-details"));
    await page.context().close();
  });

  test("a submission with errors stays on the page, lists them in the summary and focuses it", async () => {
    const { page } = await signedInPage("automotive");
    const requests: string[] = [];
    page.on("request", (request) => request.method() === "POST" && requests.push(request.url()));
    await page.goto(`${portal().url}/automotive/claimant-info`);
    await enhanced(page);
    // The browser's own checks come after the page is enhanced (decision 041): until then the server answers.
    await checksLoaded(page);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe("error-summary");
    expect(await page.locator(".error-summary li").count()).toBe(11);
    expect(requests).toEqual([]); // the browser refused it: nothing was sent
    // The definitions' own messages, as the server words them (form-steps.test.ts), not "Value is required".
    expect(await page.locator("#field-claimantInfo-firstName-error").textContent()).toBe(
      "Error: Enter your first name",
    );
    // The summary line: its question, then the message beside the field, as the server words it.
    expect(await page.locator(".error-summary li").first().textContent()).toBe("First name: Enter your first name");
    expect(await page.locator("#field-claimantInfo-mailingSubDivision-error").textContent()).toBe(
      "Error: Select your state",
    );
    await page.locator(".error-summary a", { hasText: "Last name" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-claimantInfo-lastName");
    await page.context().close();
  });

  test("after a submission, a message that depends on another answer goes once that answer puts it right", async () => {
    const { page } = await signedInPage("automotive");
    await page.goto(`${portal().url}/automotive/claimant-info`);
    await enhanced(page);
    await fillForm(page, {
      ...AUTOMOTIVE_CLAIMANT,
      "claimantInfo.confirmEmailAddress": "someone.else@example.com",
      "claimantInfo.phoneNumber": "",
      "claimantInfo.confirmPhoneNumber": "",
    });
    await page.getByRole("button", { name: "Save and continue" }).click();
    const summary = () => page.locator(".error-summary li").allTextContents();
    await expect.poll(summary).toContain("Phone number: Enter your phone number");
    expect((await summary()).some((line) => /do not match/.test(line))).toBe(true);
    // The e-mail typed again to match the confirmation; a country whose phone numbers are not asked.
    await page.locator('[name="claimantInfo.emailAddress"]').fill("someone.else@example.com");
    await page.locator('[name="claimantInfo.mailingCountry"]').selectOption("CA");
    await expect.poll(summary).not.toContain("Phone number: Enter your phone number");
    expect((await summary()).some((line) => /do not match/.test(line))).toBe(false);
    await page.context().close();
  });

  test("the browser gives a field's own message in the claimant's language, as the server does", async () => {
    const { page } = await signedInPage("automotive");
    await page.goto(`${portal().url}/automotive/claimant-info?culture=es`);
    await enhanced(page);
    await page.getByRole("button", { name: "Guardar y continuar" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe("error-summary");
    expect(await page.locator("#field-claimantInfo-firstName-error").textContent()).toBe("Error: Ingrese su nombre");
    expect(await page.locator("#field-claimantInfo-contactPreference-error").textContent()).toBe(
      "Error: Seleccione cómo prefiere que nos comuniquemos con usted",
    );
    await page.context().close();
  });

  test("masks keep what is typed, and show a value they can read in its usual form once the claimant leaves the field", async () => {
    const page = await standardPageAt(portal(), "claim-details", false);
    await page.goto(`${portal().url}/standard/claim-details`);
    await enhanced(page);
    /** What the field holds while typing, and after Tab. */
    const typeInto = async (id: string, text: string) => {
      const input = page.locator(`#${id}`);
      await input.fill("");
      await input.pressSequentially(text);
      const typed = await input.inputValue();
      await page.keyboard.press("Tab");
      return [typed, await input.inputValue()];
    };
    expect(await typeInto("field-claimDetails-unitPrice", "1250.5")).toEqual(["1250.5", "1,250.50"]);
    // Nothing typed is dropped: what cannot be read stays, for the message to point at.
    expect(await typeInto("field-claimDetails-unitPrice", "12,30")).toEqual(["12,30", "12,30"]);
    expect(await typeInto("field-claimDetails-quantity", "12a3")).toEqual(["12a3", "12a3"]);
    expect(await typeInto("field-claimDetails-totalWeight", "12.5.1")).toEqual(["12.5.1", "12.5.1"]);
    expect(await typeInto("field-claimDetails-purchaseDate", "3/7/2021")).toEqual(["3/7/2021", "03/07/2021"]);
    // Tapped or clicked again, the field shows what was typed: what the claimant sees is what they
    // then edit (a Backspace at the end of "1,250.50" would otherwise delete a "5" they cannot see).
    for (const [id, typed] of [
      ["field-claimDetails-purchaseDate", "3/7/2021"],
      ["field-claimDetails-unitPrice", "1500.5"],
    ] as const) {
      await typeInto(id, typed);
      await page.locator(`#${id}`).click();
      expect(await page.locator(`#${id}`).inputValue()).toBe(typed);
      await page.keyboard.press("End");
      await page.keyboard.press("Backspace");
      expect(await page.locator(`#${id}`).inputValue()).toBe(typed.slice(0, -1));
    }
    await page.goto(`${portal().url}/standard/claimant-info`);
    await enhanced(page);
    expect(await typeInto("field-claimantInfo-mailingPostalCode", "98111 0042")).toEqual(["98111 0042", "98111-0042"]);
    await page.context().close();

    const { page: automotive } = await signedInPage("automotive");
    await automotive.goto(`${portal().url}/automotive/claimant-info`);
    await enhanced(automotive);
    const phone = automotive.locator("#field-claimantInfo-phoneNumber");
    await phone.fill("");
    await phone.pressSequentially("1 206 555 0100");
    await automotive.keyboard.press("Tab");
    expect(await phone.inputValue()).toBe("(206) 555-0100");
    // Editing in the middle: the edit applies to what was typed, at the same digit, and the caret
    // stays where the claimant is typing.
    await phone.evaluate((input: HTMLInputElement) => {
      input.focus();
      input.setSelectionRange(7, 7); // after "(206) 5"
    });
    await automotive.keyboard.press("Backspace");
    expect(await phone.inputValue()).toBe("1 206 55 0100");
    await automotive.keyboard.type("9");
    expect(await phone.inputValue()).toBe("1 206 955 0100");
    expect(await phone.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(7);
    // Back by keyboard, the whole value is selected, as in any field: typing replaces it.
    await automotive.keyboard.press("Tab");
    expect(await phone.inputValue()).toBe("(206) 955-0100");
    await automotive.keyboard.press("Shift+Tab");
    await automotive.keyboard.type("2065550199");
    expect(await phone.inputValue()).toBe("2065550199");
    await automotive.context().close();
  });

  test("dependent fields show, hide and reset as the claimant answers", async () => {
    const page = await standardPageAt(portal(), "payment-election", false);
    await page.goto(`${portal().url}/standard/payment-election`);
    await enhanced(page);
    const paypalEmail = page.locator('[data-field="paymentElection.paypalEmail"]');
    expect(await paypalEmail.isHidden()).toBe(true);
    await page.getByLabel("PayPal", { exact: true }).check();
    await expect.poll(() => paypalEmail.isVisible()).toBe(true);
    await page.locator("#field-paymentElection-paypalEmail").fill("bo@example.com");
    await page.getByLabel("Paper check by mail").check();
    await expect.poll(() => paypalEmail.isHidden()).toBe(true);
    // Reset when its dependency stopped holding (resetOnUnfulfilled, the default): hidden, it sends nothing.
    expect(await page.locator("#field-paymentElection-paypalEmail").inputValue()).toBe("");
    await page.getByLabel("PayPal", { exact: true }).check();
    // Shown again, it holds what the claimant typed (decision 035; resetOnFulfilled would give the default).
    expect(await page.locator("#field-paymentElection-paypalEmail").inputValue()).toBe("bo@example.com");
    await page.context().close();
  });

  test("a question a rule asks for only once another is answered is marked required as that answer is given", async () => {
    // The sign-in's PIN is required from the start since issue 26 (an empty sign-in names both
    // fields at once); the warranty's period is required once the warranty is ticked.
    const page = await standardPageAt(portal(), "claim-details", false);
    await page.goto(`${portal().url}/standard/claim-details`);
    await enhanced(page);
    const period = page.locator('[name="claimDetails.warrantyPeriod"]');
    expect(await period.getAttribute("aria-required")).toBeNull();
    await page.locator('[name="claimDetails.boughtWarranty"]').check();
    await expect.poll(() => period.getAttribute("aria-required")).toBe("true");
    await page.locator('[name="claimDetails.boughtWarranty"]').uncheck();
    await expect.poll(() => period.getAttribute("aria-required")).toBeNull();
    await page.context().close();
  });

  test("a dependent field defined to disable stays visible, disabled until it applies", async () => {
    const { page, claimant } = await signedInPage("reimbursement");
    await claimant.complete("/reimbursement/claimant-info", AUTOMOTIVE_CLAIMANT);
    await claimant.complete("/reimbursement/claim-details", {
      "claimDetails.repairShopName": "Main St Garage",
      "claimDetails.repairDate": "5/1/2024",
      "claimDetails.repairAmount": "480.00",
    });
    await page.goto(`${portal().url}/reimbursement/payment-election`);
    await enhanced(page);
    const accountType = page.locator("#field-paymentElection-accountType");
    expect(await accountType.isVisible()).toBe(true);
    expect(await accountType.isDisabled()).toBe(true);
    await page.getByLabel("Direct deposit to a US bank account").check();
    await expect.poll(() => accountType.isDisabled()).toBe(false);
    await page.context().close();
  });
});

describe("feedback with JavaScript", () => {
  test("a save from a page whose session changed since (signed in again in another tab) says the page expired, and opens it again", async () => {
    const { page, claimant } = await signedInPage("standard");
    await page.goto(`${portal().url}/standard/claimant-info`);
    await enhanced(page);
    await fillForm(page, STANDARD_CLAIMANT);
    // Another tab of this browser signs in as another member: the browser's cookie is a new session's.
    await claimant.signIn("standard", blankMember());
    await page.context().addCookies([claimant.sessionCookie()]);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("This page has expired");
    await page.getByRole("link", { name: "Open the page again" }).click();
    await page.waitForURL(/\/standard\/claimant-info$/);
    await expect.poll(() => page.locator("h1").textContent()).not.toBe("This page has expired");
    await page.context().close();
  });

  test("a save the server fails keeps the typed answers and explains in a modal that only OK closes", async () => {
    const { page } = await signedInPage("standard");
    await page.goto(`${portal().url}/standard/claimant-info`);
    await enhanced(page);
    await fillForm(page, STANDARD_CLAIMANT);
    // The page's scripts post the form (decision 036): its POST fails, the page itself stays.
    await page.route("**/standard/claimant-info", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, headers: { "X-Request-Id": "TEST-0000-0500" }, body: "Internal Server Error" })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "Save and continue" }).click();
    const dialog = page.getByRole("dialog", { name: "Something went wrong" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("A problem has occured during your submission. Please try again.");
    // The failed post's id, for support.
    expect(await dialog.locator(".support-reference").textContent()).toBe("Reference for support: TEST-0000-0500");
    await page.keyboard.press("Escape"); // static: Escape does not dismiss it
    expect(await dialog.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "OK" }).click();
    // Closed once the page has rendered the click (Preact closes the dialog in an effect, after the event).
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Focus back on the button, to try again (it was disabled while the submission ran, so not on <body>).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Save and continue");
    expect(await page.locator("#field-claimantInfo-lastName").inputValue()).toBe("Lee");
    // No answer at all (the network): the same message, and no reference to quote.
    await page.unroute("**/standard/claimant-info");
    await page.route("**/standard/claimant-info", (route) =>
      route.request().method() === "POST" ? route.abort() : route.fallback(),
    );
    await page.getByRole("button", { name: "Save and continue" }).click();
    await dialog.waitFor();
    expect(await dialog.locator(".support-reference").count()).toBe(0);
    await dialog.getByRole("button", { name: "OK" }).click();
    await page.unroute("**/standard/claimant-info");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.waitForURL(/\/standard\/claim-details/);
    await page.context().close();
  });

  test("'saved' shows for 5 seconds, and stays while the claimant points at it", async () => {
    // Real time: a fake clock cannot tell when React registers the toast's timer.
    const page = await standardPageAt(portal(), "claim-details", false);
    await page.goto(`${portal().url}/standard/claim-details?saved=1`);
    await enhanced(page);
    const toast = page.locator(".toast");
    // Said by the scripts a moment after the page (Toast.tsx): the words as shown and read.
    await expect
      .poll(() => toast.evaluate((element: HTMLElement) => element.innerText))
      .toBe("Your answers were saved.");
    const shownAt = Date.now();
    expect(await toast.getAttribute("role")).toBe("status");
    await page.waitForTimeout(3_000);
    expect(await toast.isVisible()).toBe(true);
    const headingAt = () => page.locator("h1").evaluate((h1) => h1.getBoundingClientRect().top);
    const headingBefore = await headingAt();
    await expect.poll(() => toast.isVisible(), { timeout: 5_000, interval: 100 }).toBe(false);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4_500);
    // Gone, it keeps its place: nothing below it moves.
    expect(await headingAt()).toBe(headingBefore);

    await page.goto(`${portal().url}/standard/claim-details?saved=1`);
    await enhanced(page);
    await page.locator(".toast").hover();
    await page.waitForTimeout(6_000);
    expect(await page.locator(".toast").isVisible()).toBe(true);
    await page.context().close();
  }, 30_000);
});

describe("the date picker JavaScript adds", () => {
  const focusedClass = (page: Page) => page.evaluate(() => document.activeElement?.className ?? "");

  test("chooses a day from the keyboard, and gives focus back", async () => {
    const page = await standardPageAt(portal(), "claim-details", false);
    await page.goto(`${portal().url}/standard/claim-details`);
    await enhanced(page);
    await page.getByRole("button", { name: "Choose a date for “Date of purchase”" }).click();
    await page.getByLabel("Month", { exact: true }).selectOption("3");
    await page.getByLabel("Year", { exact: true }).selectOption("2021");
    await page.getByRole("button", { name: "Monday, March 1, 2021" }).focus();
    expect(await axeViolations(page)).toEqual([]);
    // A claimant presses the next key once focus has moved: as they see it, on a slow phone too.
    const focusedDay = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    await page.keyboard.press("ArrowRight");
    await expect.poll(focusedDay).toBe("Tuesday, March 2, 2021");
    await page.keyboard.press("ArrowDown");
    await expect.poll(focusedDay).toBe("Tuesday, March 9, 2021");
    await page.keyboard.press("Enter");
    expect(await page.locator("#field-claimDetails-purchaseDate").inputValue()).toBe("03/09/2021");
    expect(await focusedClass(page)).toContain("date-picker-toggle");
    expect(await page.locator(".date-picker-panel").count()).toBe(0);
    await page.context().close();
  });

  test("refuses a forbidden day (invalid-select) and a range beyond its limits (invalid-fixed-range)", async () => {
    const page = await standardPageAt(portal(), "claim-details", false);
    await page.goto(`${portal().url}/standard/claim-details`);
    await enhanced(page);
    const events: string[] = [];
    await page.exposeFunction("recordPickerEvent", (name: string) => events.push(name));
    await page.evaluate(() => {
      for (const name of ["invalid-select", "invalid-fixed-range"])
        document.addEventListener(name, () =>
          (window as unknown as { recordPickerEvent: (n: string) => void }).recordPickerEvent(name),
        );
    });
    await page.getByRole("button", { name: /Choose a date for “Dates the transmission/ }).click();
    await page.getByLabel("Month", { exact: true }).selectOption("3");
    await page.getByLabel("Year", { exact: true }).selectOption("2022");
    await page.getByRole("button", { name: "Sunday, March 6, 2022" }).click({ force: true });
    expect(await page.locator(".date-picker-message").textContent()).toBe("03/06/2022 cannot be chosen");
    await page.getByRole("button", { name: "Wednesday, March 2, 2022" }).click();
    await page.getByRole("button", { name: "Monday, March 7, 2022" }).click();
    await page.getByRole("button", { name: "Select", exact: true }).click();
    expect(await page.locator("#field-claimDetails-serviceDates").inputValue()).toBe("03/02/2022; 03/07/2022");
    expect(events).toEqual(["invalid-select"]);

    await page.getByRole("button", { name: "Choose a date for “Warranty coverage period”" }).click();
    await page.getByLabel("Month", { exact: true }).selectOption("1");
    await page.getByLabel("Year", { exact: true }).selectOption("2021");
    await page.getByRole("button", { name: "Friday, January 1, 2021" }).click();
    await page.getByLabel("Year", { exact: true }).selectOption("2026");
    await page.getByRole("button", { name: "Thursday, January 15, 2026" }).click();
    expect(await page.locator(".date-picker-message").textContent()).toBe("The period can be at most 1827 days");
    expect(events).toEqual(["invalid-select", "invalid-fixed-range"]);
    await page.context().close();
  });

  test("a range, and a date with a time within its limits", async () => {
    const page = await standardPageAt(portal(), "claim-details", false);
    await page.goto(`${portal().url}/standard/claim-details`);
    await enhanced(page);
    await page.getByRole("button", { name: "Choose a date for “Warranty coverage period”" }).click();
    await page.getByLabel("Month", { exact: true }).selectOption("1");
    await page.getByLabel("Year", { exact: true }).selectOption("2021");
    await page.getByRole("button", { name: "Friday, January 15, 2021" }).click();
    await page.getByRole("button", { name: "Thursday, January 28, 2021" }).click();
    await page.getByRole("button", { name: "Select", exact: true }).click();
    expect(await page.locator("#field-claimDetails-warrantyPeriod").inputValue()).toBe("01/15/2021 - 01/28/2021");

    await page.getByRole("button", { name: "Choose a date for “When the parts were installed”" }).click();
    await page.getByLabel("Month", { exact: true }).selectOption("6");
    await page.getByLabel("Year", { exact: true }).selectOption("2022");
    await page.getByRole("button", { name: "Friday, June 3, 2022" }).click();
    await page.getByLabel("Hour", { exact: true }).selectOption("19");
    await page.getByRole("button", { name: "Select", exact: true }).click();
    expect(await page.locator(".date-picker-message").textContent()).toBe("Enter a time at or before 18:00");
    await page.getByLabel("Hour", { exact: true }).selectOption("14");
    await page.getByLabel("Minute", { exact: true }).selectOption("30");
    await page.getByRole("button", { name: "Select", exact: true }).click();
    expect(await page.locator("#field-claimDetails-installationAppointment").inputValue()).toBe("06/03/2022 14:30");
    await page.context().close();
  });

  test("Escape closes it, so does focus moved past it, and without JavaScript there is no calendar, only the typed date", async () => {
    const page = await standardPageAt(portal(), "claim-details", false);
    await page.goto(`${portal().url}/standard/claim-details`);
    await enhanced(page);
    const toggle = page.getByRole("button", { name: "Choose a date for “Date of purchase”" });
    await toggle.click();
    await page.locator(".date-picker-panel").waitFor();
    await page.keyboard.press("Escape");
    expect(await page.locator(".date-picker-panel").count()).toBe(0);
    expect(await focusedClass(page)).toContain("date-picker-toggle");
    // Tabbed past: it closes, and focus goes on to what comes after it.
    await toggle.click();
    await page.locator(".date-picker-panel").waitFor();
    for (let tab = 0; tab < 12 && (await page.locator(".date-picker-panel").count()) > 0; tab++)
      await page.keyboard.press("Tab");
    expect(await page.locator(".date-picker-panel").count()).toBe(0);
    expect(await page.evaluate(() => !!document.activeElement?.closest(".date-picker"))).toBe(false);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    // Escape while the calendar's code is still on its way (a slow network): it stays closed when it comes.
    const slow = await standardPageAt(portal(), "claim-details", false);
    let arrive = () => {};
    const held = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    await slow.route(/\/assets\/calendar-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await slow.goto(`${portal().url}/standard/claim-details`);
    await enhanced(slow);
    const slowToggle = slow.getByRole("button", { name: "Choose a date for “Date of purchase”" });
    await slowToggle.click();
    await slow.keyboard.press("Escape");
    const came = slow.waitForResponse(/\/assets\/calendar-[\w-]+\.js$/);
    arrive();
    await came;
    // The module evaluated and its promise settled (a task later): still closed.
    await slow.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await slow.locator(".date-picker-panel").count()).toBe(0);
    expect(await slowToggle.getAttribute("aria-expanded")).toBe("false");
    expect(await focusedClass(slow)).toContain("date-picker-toggle");
    // And it opens when pressed again.
    await slowToggle.click();
    await slow.locator(".date-picker-panel").waitFor();
    await slow.context().close();
    await page.context().close();

    const { page: scriptless } = await signedInPage("standard", portal(), true);
    await scriptless.goto(`${portal().url}/standard/claim-details`);
    expect(await scriptless.locator(".date-picker-toggle").count()).toBe(0);
    await scriptless.context().close();
  });
});

describe("without JavaScript", () => {
  test("the same form submits, shows the server's errors, and then moves on", async () => {
    const page = await openPage(portals.browser, false);
    // Signing in without JavaScript: the Claim ID and PIN, and the plain-text security question.
    await page.goto(`${portal().url}/standard?culture=es`);
    const member = blankMember();
    await page.getByLabel("ID de reclamo").fill(member["credentials.claimId"]);
    await page.getByLabel("PIN").fill(member["credentials.pin"]);
    const question = (await page.locator('label[for="captcha-answer"]').textContent())!;
    const [, first, second] = /(\d+) \+ (\d+)/.exec(question)!;
    await page.locator("#captcha-answer").fill(String(Number(first) + Number(second)));
    await page.getByRole("button", { name: "Comenzar mi reclamo" }).click();
    expect(new URL(page.url()).pathname).toBe("/standard/claimant-info");
    await page.getByRole("button", { name: "Guardar y continuar" }).click();
    expect(await page.locator(".error-summary h2").textContent()).toBe("Hay un problema");
    expect(await page.locator("#field-claimantInfo-firstName-error").textContent()).toBe("Error: Ingrese su nombre");
    await fillForm(page, STANDARD_CLAIMANT);
    await page.getByRole("button", { name: "Guardar y continuar" }).click();
    expect(new URL(page.url()).pathname).toBe("/standard/claim-details");
    expect(await page.locator(".toast").textContent()).toBe("Se guardaron sus respuestas.");
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await page.context().close();
  });
});

describe("accessibility of the step pages", () => {
  const STEPS = ["claimant-info", "claim-details", "payment-election"] as const;
  const ANSWERS = {
    "claimant-info": STANDARD_CLAIMANT,
    "claim-details": STANDARD_DETAILS,
    "payment-election": { "paymentElection.paymentMethod": "check" },
  };
  const PAGES = [...STEPS.flatMap((step) => [step, `${step} with errors`]), "documents", "documents with errors"];

  // One browser page a theme and JavaScript setting walks the standard flow's steps, then the
  // reimbursement flow's documents page: every page audited as a fresh page for each step was.
  describe.each(THEMES)("%s", (theme) => {
    test.each([false, true])(
      "JavaScript %s: the step pages and the supporting documents page (saved rows, drafts, errors) have no axe violations",
      async (javaScript) => {
        const server = servers.get(theme)!;
        const audit = new AxeAudit(`${theme}, JavaScript ${javaScript ? "on" : "off"}`);
        const page = javaScript ? await openPage(portals.browser, true) : await openScriptlessPage(portals.browser);

        // Each step opens with the ones before it answered (over HTTP, in the same session).
        const claimant = new Claimant(server);
        await claimant.signIn("standard", blankMember());
        await page.context().addCookies([claimant.sessionCookie()]);
        for (const step of STEPS) {
          await page.goto(`${server.url}/standard/${step}`);
          if (javaScript) await enhanced(page);
          await audit.check(page, step);
          await page.locator("form.step-form button[type=submit]").click();
          await page.locator(".error-summary").waitFor();
          await audit.check(page, `${step} with errors`);
          await claimant.complete(`/standard/${step}`, ANSWERS[step]);
        }

        // The documents page with an expense and its receipt saved, and a new expense left open as a draft.
        const filer = await reimbursementAtDocuments(new Claimant(server));
        await uploadReceipt(filer, await addExpense(filer), { name: "tow.pdf", content: PDF });
        await filer.post(DOCUMENTS_STEP, { records: "claimTransactions", intent: "add" });
        await page.context().addCookies([filer.sessionCookie()]);
        await page.goto(`${server.url}${DOCUMENTS_STEP}`);
        if (javaScript) await enhanced(page);
        expect(await page.locator("#records-claimTransactions tbody tr").count()).toBe(1);
        await audit.check(page, "documents");
        await page.locator('#records-documentContexts button[value="upload"]').click();
        await page.locator("#field-documentContexts-file-error").waitFor();
        // The draft's problems in its order, its file first, with and without JavaScript.
        const lines = await page.locator(".error-summary li").allInnerTexts();
        const kind = lines.findIndex((line) => line.startsWith("What is this document"));
        expect(lines.indexOf("File: Choose a file to upload.")).toBe(kind - 1);
        await page.locator('#records-claimTransactions button[value="save"]').click();
        await page.locator("#field-claimTransactions-amount-error").waitFor();
        await audit.check(page, "documents with errors");

        await page.context().close();
        audit.expectNoViolations(PAGES);
      },
    );
  });

  test("the automotive pages too (name with middle initial, phone confirmation, hidden field)", async () => {
    const { page } = await signedInPage("automotive");
    await page.goto(`${portal().url}/automotive/claimant-info`);
    await enhanced(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
