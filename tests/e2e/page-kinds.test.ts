import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { axeViolations, horizontalOverflow, THEMES, withBrowserAndThemedPortals } from "#tests/support/browser.ts";
import { browserErrors, PAGE_KINDS, type PageVisit, tourPageKinds } from "#tests/support/page-tour.ts";

/**
 * Issue 13's "Done when": every page kind a claimant meets, in every theme, with JavaScript on and
 * off, errors included, looked at on a phone and on a desktop:
 * - nothing scrolls sideways at 320 CSS px (WCAG 1.4.10), nor at 1,280;
 * - at 360×740 the H1, and the error summary's heading when errors show, are on the first screen;
 * - "Error: " begins the title exactly when errors show;
 * - focus is on the error summary when errors show (without JavaScript too), and on the H1 after a
 *   client-side navigation;
 * - axe finds no violation (phone and desktop), and the Nu HTML checker no error.
 * Each page is also photographed at both sizes: into SCREENSHOTS_DIR (`npm run screenshots`), or
 * into a folder removed afterwards, so the screenshots cannot rot.
 */
const portals = withBrowserAndThemedPortals();
const PHONE = { width: 360, height: 740 };
const NARROWEST = { width: 320, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const keptScreenshots = process.env.SCREENSHOTS_DIR;
const screenshots = keptScreenshots ? path.resolve(keptScreenshots) : mkdtempSync(path.join(tmpdir(), "screens-"));
const documents = mkdtempSync(path.join(tmpdir(), "nu-"));
afterAll(() => {
  if (!keptScreenshots) rmSync(screenshots, { recursive: true, force: true });
  rmSync(documents, { recursive: true, force: true });
});

/** Where the bottom of the first element a selector finds lies, from the top of the document (null if none). */
const bottomOf = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const element = document.querySelector(selector);
    return element ? Math.ceil(element.getBoundingClientRect().bottom + window.scrollY) : null;
  }, selector);

/** What has focus, described for a failure message. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "body";
    if (element.closest(".error-summary")) return "error summary";
    if (element.matches("h1")) return "h1";
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}`;
  });

/** What has focus once it is `expected`, or after two seconds (focus moves on the next frame, or after render). */
async function settledFocus(page: Page, expected: string): Promise<string> {
  const deadline = Date.now() + 2000;
  let now = await focused(page);
  while (now !== expected && Date.now() < deadline) {
    await page.waitForTimeout(50);
    now = await focused(page);
  }
  return now;
}

async function check(page: Page, label: string, visit: PageVisit) {
  const where = `${label}, ${visit.kind}`;
  // No error in the browser: the page's scripts ran on the server's markup without a fault.
  expect.soft(browserErrors(page).splice(0), `${where}: errors in the browser`).toEqual([]);
  // Focus and title as the page came, before anything else moves.
  // Focus moves as the page settles (autofocus on the next frame, effects after render): give it a moment.
  const expectedFocus = visit.errors ? "error summary" : visit.arrival === "in-page" ? "h1" : undefined;
  if (expectedFocus) expect.soft(await settledFocus(page, expectedFocus), `${where}: focus`).toBe(expectedFocus);
  const title = await page.title();
  expect.soft(title.startsWith("Error: "), `${where}: title "${title}"`).toBe(visit.errors);

  const file = (size: string) => path.join(screenshots, label, `${visit.kind}-${size}.png`);
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  expect
    .soft(await bottomOf(page, "main h1"), `${where}: the H1 on a phone's first screen`)
    .toBeLessThanOrEqual(PHONE.height);
  if (visit.errors)
    expect
      .soft(await bottomOf(page, ".error-summary h2"), `${where}: the error summary on a phone's first screen`)
      .toBeLessThanOrEqual(PHONE.height);
  for (const violation of await axeViolations(page)) expect.soft(violation, `${where}, phone: axe`).toBe("");
  await page.screenshot({ path: file("phone"), fullPage: true });

  await page.setViewportSize(NARROWEST);
  expect.soft(await horizontalOverflow(page), `${where}: sideways scrolling at 320 px`).toBeLessThanOrEqual(0);

  await page.setViewportSize(DESKTOP);
  expect.soft(await horizontalOverflow(page), `${where}: sideways scrolling at 1,280 px`).toBeLessThanOrEqual(0);
  for (const violation of await axeViolations(page)) expect.soft(violation, `${where}, desktop: axe`).toBe("");
  await page.screenshot({ path: file("desktop"), fullPage: true });

  if (visit.kind === "confirmation" && label.endsWith("javascript-on")) {
    // Printed, the confirmation keeps its panel, code and what happens next, without buttons or sign-out.
    await page.emulateMedia({ media: "print" });
    for (const [selector, printed] of [
      [".print-button", false],
      [".sign-out", false],
      [".confirmation-panel .reference-code", true],
      [".what-next", true],
    ] as const)
      expect.soft(await page.locator(selector).isVisible(), `${where}: ${selector} printed`).toBe(printed);
    await page.emulateMedia({ media: "screen" });
  }

  writeFileSync(path.join(documents, `${label}--${visit.kind}.html`), await page.content());
  await page.setViewportSize(PHONE);
}

describe.each(THEMES)("%s", (theme) => {
  test.each([false, true])(
    "JavaScript %s: every page kind reflows, shows its heading first, titles and focuses errors, passes axe",
    async (javaScript) => {
      const label = `${theme}-javascript-${javaScript ? "on" : "off"}`;
      mkdirSync(path.join(screenshots, label), { recursive: true });
      const visited: string[] = [];
      await tourPageKinds(portals.browser, portals.servers.get(theme)!, javaScript, async (page, visit) => {
        visited.push(visit.kind);
        const started = Date.now();
        await check(page, label, visit);
        if (process.env.TOUR_TIMES) console.log(label, visit.kind, Date.now() - started);
      });
      expect(visited).toEqual(PAGE_KINDS);
    },
    240_000,
  );
});

/** Every page the tours kept, checked by the Nu HTML checker (vnu-jar, on Debian's Java) in one run. */
test("the Nu HTML checker finds no error on any page kind", async () => {
  expect(readdirSync(documents)).toHaveLength(THEMES.length * 2 * PAGE_KINDS.length);
  const jar = createRequire(import.meta.url)("vnu-jar") as string;
  const run = await promisify(execFile)(
    "java",
    ["-jar", jar, "--format", "json", "--errors-only", "--exit-zero-always", documents],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const messages = (
    JSON.parse(run.stderr || run.stdout) as { messages: Array<{ url: string; message: string; extract?: string }> }
  ).messages;
  expect(
    messages.map((message) => `${path.basename(message.url)}: ${message.message} ${message.extract ?? ""}`),
  ).toEqual([]);
});
