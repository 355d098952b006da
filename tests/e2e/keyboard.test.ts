import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { openPage, withBrowserAndPortal, untilEnhanced } from "#tests/support/browser.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { blankMember } from "#tests/support/members.ts";
import { readClaims } from "#tests/support/backends.ts";

const started = withBrowserAndPortal();

/** Presses Tab until the focused element matches `selector`; fails if it is never reached (or focus is trapped). */
async function tabTo(page: Page, selector: string) {
  for (let presses = 0; presses < 250; presses++) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Answers each field with the keyboard alone: typed text, Space for boxes, arrows for radios, type-ahead for selects. */
async function answerByKeyboard(page: Page, answers: Record<string, string>) {
  for (const [name, value] of Object.entries(answers)) {
    const kind = await page
      .locator(`[name="${name}"]`)
      .first()
      .evaluate((element) => (element.tagName === "SELECT" ? "select" : (element as HTMLInputElement).type));
    if (kind === "radio") {
      await tabTo(page, `[name="${name}"]`);
      for (let step = 0; step < 10 && !(await page.locator(`[name="${name}"][value="${value}"]`).isChecked()); step++)
        await page.keyboard.press("ArrowDown");
      expect(await page.locator(`[name="${name}"][value="${value}"]`).isChecked(), name).toBe(true);
      continue;
    }
    await tabTo(page, `[name="${name}"]`);
    if (kind === "checkbox") {
      if ((await page.locator(`[name="${name}"]`).isChecked()) !== (value === "on")) await page.keyboard.press("Space");
    } else if (kind === "select") {
      const label = await page.locator(`[name="${name}"] option[value="${value}"]`).textContent();
      await page.keyboard.type(label!);
      expect(await page.locator(`[name="${name}"]`).inputValue(), name).toBe(value);
    } else {
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.press("Backspace");
      await page.keyboard.type(value);
    }
  }
}

/** Moves to the step's own button and presses Enter, then waits for the next page. */
async function continueByKeyboard(page: Page) {
  const before = page.url();
  await tabTo(page, "form.step-form button[type=submit]");
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.toString() !== before, { timeout: 15_000 });
}

describe("with the keyboard alone (JavaScript on)", () => {
  test("a whole standard claim: sign in, every step, the summary, submitted; errors announced and focused", async () => {
    const page = await openPage(started.browser, true);
    await page.goto(`${started.portal.url}/standard`);
    await untilEnhanced(page);
    // Tab first reaches the skip link: the way past the header to the form.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("#main-content");

    await answerByKeyboard(page, blankMember());
    await continueByKeyboard(page);
    expect(new URL(page.url()).pathname).toBe("/standard/claimant-info");

    // A step sent with a mistake: the error summary is announced (role=alert) and takes focus; its link leads to the field.
    await answerByKeyboard(page, { ...STANDARD_CLAIMANT, "claimantInfo.confirmEmailAddress": "someone@else.example" });
    await tabTo(page, "form.step-form button[type=submit]");
    await page.keyboard.press("Enter");
    await page.locator(".error-summary").waitFor();
    expect(
      await page.evaluate(() => ({
        focused: document.activeElement?.classList.contains("error-summary"),
        role: document.activeElement?.getAttribute("role"),
      })),
    ).toEqual({ focused: true, role: "alert" });
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe(
      "claimantInfo.confirmEmailAddress",
    );
    await answerByKeyboard(page, {
      "claimantInfo.confirmEmailAddress": STANDARD_CLAIMANT["claimantInfo.confirmEmailAddress"],
    });
    await continueByKeyboard(page);

    await answerByKeyboard(page, STANDARD_DETAILS);
    await continueByKeyboard(page);
    await answerByKeyboard(page, { "paymentElection.paymentMethod": "check" });
    await continueByKeyboard(page);
    expect(new URL(page.url()).pathname).toBe("/standard/supporting-documents");
    await continueByKeyboard(page);
    expect(new URL(page.url()).pathname).toBe("/standard/claim-summary");
    await answerByKeyboard(page, { "signature.attestation": "on", "signature.signature": "Bo Lee" });
    await continueByKeyboard(page);
    expect(new URL(page.url()).pathname).toBe("/standard/confirmation");
    const code = (await page.locator(".reference-code").textContent())!;
    expect((await readClaims(started.portal)).some((claim) => claim.reference_code === code)).toBe(true);
    await page.context().close();
  }, 120_000);

  test("the session-timeout warning takes focus in a dialog, counts down in a live region; Enter on Continue, or any key, keeps the session", async () => {
    const page = await openPage(started.browser, true);
    await page.clock.install();
    await page.goto(`${started.portal.url}/standard`);
    await untilEnhanced(page);
    await answerByKeyboard(page, blankMember());
    await continueByKeyboard(page);
    // The first step's timer runs from when its page is up: move the clock only once it is (under
    // load the sign-in's navigation may still be on its way, and the timer would start after the jump).
    await page.waitForFunction(
      () => location.pathname === "/standard/claimant-info" && document.documentElement.hasAttribute("data-enhanced"),
    );
    // The claimant is in a field when the warning comes.
    await page.locator("#field-claimantInfo-lastName").focus();
    await page.clock.runFor(29 * 60_000 + 15_000);
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    // The time left is in the dialog's text; a live region of its own announces it, never a bare "Time left:".
    expect(await page.locator("dialog .session-announcement").getAttribute("aria-live")).toBe("polite");
    expect(await page.locator("dialog .session-announcement").textContent()).toMatch(/^(|Time left: \d:\d\d)$/);
    expect(await page.locator("dialog .session-countdown").textContent()).toMatch(/^Time left: 0:\d\d$/);
    expect(await dialog.getAttribute("aria-labelledby")).toBeTruthy();
    // Its Continue button has the focus: Enter keeps the session.
    expect(
      await page.evaluate(
        () => document.activeElement?.tagName === "BUTTON" && document.activeElement.closest("dialog") !== null,
      ),
    ).toBe(true);
    await page.keyboard.press("Enter");
    // Closed once the page has rendered the key (Preact renders after the event, not within it).
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Closed, the warning gives focus back to the field the claimant was in (not the H1), and the Enter
    // that closed it does not go on to submit the form.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-claimantInfo-lastName");
    expect(await page.locator(".error-summary").count()).toBe(0);
    // SPEC §4: any key is activity, so a keyboard user's next key also keeps the session and closes the warning.
    await page.clock.runFor(29 * 60_000 + 15_000);
    await dialog.waitFor();
    await page.keyboard.press("Tab");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.context().close();
  }, 60_000);
});
