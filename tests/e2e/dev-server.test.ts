import { expect, test } from "vitest";
import { openPage, withBrowserAndPortal } from "#tests/support/browser.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT } from "#tests/support/demo-answers.ts";
import { blankMember } from "#tests/support/members.ts";

// `npm run dev`: the portal under Vite's development server, which serves the enhancer's source.
const started = withBrowserAndPortal({ env: { DEV_SERVER: "1" } });

test("under the development server a step page is enhanced from its source, and its calendar opens", async () => {
  const claimant = new Claimant(started.portal);
  await claimant.signIn("standard", blankMember());
  await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
  const page = await openPage(started.browser, true);
  await page.context().addCookies([claimant.sessionCookie()]);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const enhancer = page.waitForResponse((response) => response.url().endsWith("/step-form/enhance-step-form.ts"));
  await page.goto(`${started.portal.url}/standard/claim-details`);
  expect((await enhancer).status()).toBe(200);
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-enhanced"), null, { timeout: 30_000 });
  expect(await page.locator(".field-applies").count()).toBe(0);
  // The calendar is the one part drawn with Preact: its hooks and its render must be one copy of it.
  await page.getByRole("button", { name: "Choose a date for “Date of purchase”" }).click();
  await expect.poll(() => page.getByLabel("Month", { exact: true }).count(), { timeout: 30_000 }).toBe(1);
  expect(errors).toEqual([]);
  await page.context().close();
}, 90_000);
