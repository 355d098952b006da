import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { fillForm, openPage, untilEnhanced } from "./browser.ts";
import type { Credentials } from "./members.ts";

/** Answers the plain-text sum a script-less browser is shown instead of the captcha widget. */
export async function answerSecurityQuestion(page: Page) {
  const question = (await page.locator('label[for="captcha-answer"]').textContent())!;
  const [, first, second] = /(\d+) \+ (\d+)/.exec(question)!;
  await page.locator("#captcha-answer").fill(String(Number(first) + Number(second)));
}

/** Presses the step's own button (Save and continue, Submit) and waits for the next page. */
export async function submitStep(page: Page) {
  const before = page.url();
  await page.locator("form.step-form button[type=submit]").click();
  try {
    await page.waitForURL((url) => url.toString() !== before, { timeout: 15_000 });
  } catch (error) {
    // Say where and why the claimant is stuck rather than only that the page did not change.
    const summary = await page
      .locator(".error-summary")
      .textContent()
      .catch(() => null);
    throw new Error(`Still on ${before}: ${summary ?? "no error summary"}`, { cause: error });
  }
}

export const savedRows = (page: Page, model: string) => page.locator(`#records-${model} tbody tr`);

/** Adds a record to a table: "Add", answer, "Save" (or, with `leaveBy`, just move focus away). */
export async function addRecord(
  page: Page,
  model: string,
  answers: Record<string, string>,
  leaveBy?: () => Promise<void>,
) {
  // After a client-side navigation the section may not be rendered yet: count nothing before it is.
  await page.locator(`#records-${model}`).waitFor();
  const before = await savedRows(page, model).count();
  const add = page.locator(`#records-${model} button[value="add"]`);
  if (await add.count()) {
    await add.click();
    await page.locator(`#records-${model} .record-draft`).waitFor();
  }
  await fillForm(page, answers);
  if (leaveBy) await leaveBy();
  else await page.locator(`#records-${model} .record-draft button[value="save"]`).click();
  await expect.poll(() => savedRows(page, model).count(), { timeout: 15_000 }).toBe(before + 1);
}

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Chooses a file, answers the document's questions and presses Upload; resolves with the page's answer. */
export async function uploadDocument(
  page: Page,
  file: TestFile,
  answers: Record<string, string>,
): Promise<"saved" | string> {
  const rows = savedRows(page, "documentContexts");
  const error = page.locator("#field-documentContexts-file-error");
  // allTextContents never waits (textContent would wait for an element that just went away).
  const errorText = async () => (await error.allTextContents())[0] ?? null;
  const before = { rows: await rows.count(), error: await errorText() };
  await page.locator("#field-documentContexts-file").setInputFiles(file);
  await fillForm(page, answers);
  // The server's answer (a new page without JavaScript, data for React Router with it), then what the page shows.
  const traffic: string[] = [];
  const note = (response: import("playwright-core").Response) =>
    traffic.push(
      `${response.request().method()} ${new URL(response.url()).pathname}${new URL(response.url()).search} ${response.status()}`,
    );
  page.on("response", note);
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.locator('#records-documentContexts .record-draft button[value="upload"]').click(),
  ]);
  const answer = async () => {
    if ((await rows.count()) > before.rows) return "saved";
    const shown = await errorText();
    return shown !== null && shown !== before.error ? shown.replace(/^Error:\s*/, "").trim() : undefined;
  };
  try {
    await expect.poll(answer, { timeout: 30_000 }).toBeDefined();
  } catch (failure) {
    const shown = await page.locator(".field-error, .error-summary").allTextContents();
    throw new Error(
      `The upload of ${file.name} got no answer; the page shows: ${JSON.stringify(shown)}; traffic: ${traffic.join(", ")}; at ${page.url()}; rows ${before.rows} → ${await rows.count()}: ${await page.locator("#records-documentContexts").innerText()}`,
      { cause: failure },
    );
  } finally {
    page.off("response", note);
  }
  return (await answer())!;
}

/** A new browser (context) signing in to the standard flow as `member`, as a claimant would; the page where it lands. */
export async function signInToStandard(
  browser: Browser,
  origin: string,
  javaScript: boolean,
  member: Credentials,
): Promise<Page> {
  const page = await openPage(browser, javaScript);
  await page.goto(`${origin}/standard`);
  if (javaScript) await untilEnhanced(page);
  await fillForm(page, member);
  if (!javaScript) await answerSecurityQuestion(page);
  await submitStep(page);
  return page;
}

/** Answers a step and moves on (with JavaScript, once the form is enhanced). */
export async function answerStep(page: Page, javaScript: boolean, answers: Record<string, string>) {
  if (javaScript) await page.waitForFunction(() => !document.querySelector(".field-applies"));
  await fillForm(page, answers);
  await submitStep(page);
}

/** Signs the summary and submits the claim. */
export async function signAndSubmit(page: Page, javaScript: boolean) {
  await fillForm(page, { "signature.attestation": "on", "signature.signature": "Bo Lee" });
  if (!javaScript) await answerSecurityQuestion(page);
  await submitStep(page);
}
