import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { fillForm, openPage, withBrowserAndPortal } from "#tests/support/browser.ts";
import { signInToStandard } from "#tests/support/browser-flows.ts";
import { testMember } from "#tests/support/members.ts";
import { STANDARD_CLAIMANT } from "#tests/support/demo-answers.ts";

/**
 * Issue 26 (decision 036): the HTML and CSS have the first round trips to themselves, the page is
 * usable before its scripts run, and what a claimant types before they run is kept when they do.
 */
const started = withBrowserAndPortal();

/** Holds back the files `url` matches, as a slow network would, until the function it gives back is called. */
async function holdBack(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("a page asks for the stylesheet first and its modules at once, runs them once the stylesheet has arrived, and pages with nothing to improve have none", async () => {
  const page = await openPage(started.browser, true);
  // The stylesheet held back, as on a slow network: the modules are asked for meanwhile, and
  // arrive, but none runs until it has come (nothing of the scripts may delay the first paint).
  const release = await holdBack(page, /\/assets\/.*\.css$/);
  const asked: string[] = [];
  const modulesArrived: Promise<unknown>[] = [];
  page.on("request", (request) => {
    if (!["stylesheet", "script"].includes(request.resourceType())) return;
    asked.push(request.resourceType());
    if (request.resourceType() === "script") modulesArrived.push(request.response());
  });
  await page.goto(`${started.portal.url}/standard`, { waitUntil: "commit" });
  await expect.poll(() => asked.filter((kind) => kind === "script").length).toBeGreaterThan(1);
  await Promise.all(modulesArrived);
  expect(asked[0]).toBe("stylesheet");
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-enhanced"))).toBe(false);
  release();
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-enhanced"));

  const served = await (await fetch(`${started.portal.url}/standard`)).text();
  const head = served.slice(0, served.indexOf("</head>"));
  // One inline script, no script file: the modules are preloaded by it, and started on the stylesheet's load.
  expect(head).not.toMatch(/<script[^>]*\ssrc=/);
  expect(head.match(/<script/g)).toHaveLength(1);
  expect(head).toMatch(/<script nonce="[^"]+">[^<]*modulepreload[^<]*"load"[^<]*<\/script><link rel="stylesheet"/);
  expect(served).toMatch(
    /<script type="application\/json" id="page-data" nonce="[^"]+">[^<]+<\/script>(<!--.*?-->)*<\/body>/,
  );
  for (const path of ["/error", "/deadline", "/session-expired", "/page-not-found", "/no-such-page"]) {
    const html = await (await fetch(`${started.portal.url}${path}`)).text();
    expect(html, path).not.toMatch(/<script/);
  }
  await page.context().close();
});

test("what a claimant types before the scripts run is kept, and masks and checks work once they have", async () => {
  const page = await openPage(started.browser, true);
  // The scripts arrive late, as on a slow network: held until the claimant has typed.
  const release = await holdBack(page, /\/assets\/.*\.js$/);
  await page.goto(`${started.portal.url}/standard`);
  const member = testMember();
  await fillForm(page, { "credentials.claimId": member["credentials.claimId"] });
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-enhanced"))).toBe(false);
  release();
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-enhanced"));
  expect(await page.locator('[name="credentials.claimId"]').inputValue()).toBe(member["credentials.claimId"]);
  // Enhanced: the browser's own check answers an empty PIN without a round trip.
  let posts = 0;
  page.on("request", (request) => void (request.method() === "POST" && posts++));
  await page.locator("form.step-form button[type=submit]").click();
  await page.locator(".error-summary").waitFor();
  expect(posts).toBe(0);
  expect(await page.title()).toMatch(/^Error: /);
  await page.context().close();
});

test("a signed-in step posted by the scripts: the next page loads once", async () => {
  const page = await signInToStandard(started.browser, started.portal.url, true, testMember());
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-enhanced"));
  await fillForm(page, STANDARD_CLAIMANT);
  const documents: string[] = [];
  page.on("request", (request) => void (request.resourceType() === "document" && documents.push(request.url())));
  await page.locator("form.step-form button[type=submit]").click();
  await page.waitForURL((url) => !url.pathname.endsWith("/claimant-info"));
  // One document for the next page: the redirect was answered to the script, not followed twice.
  expect(documents.map((url) => new URL(url).pathname)).toEqual([new URL(page.url()).pathname]);
  await page.context().close();
});
