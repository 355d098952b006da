import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Claimant } from "#tests/support/claimant.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { agent } from "./http-client.ts";
import { launchChromium, measurePageLoad, pageBytes } from "./page-load.ts";

/**
 * The browser bench's measure (tests/bench/browser.ts) on one page, once, unthrottled: it still
 * finds the page's paints, its enhancement and its files, so the bench cannot rot unnoticed.
 * No figure is judged: only that each is a number and each kind of file has bytes.
 */
let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launchChromium(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await agent.close();
});

test("a first visit to a page with an enhancer is measured: paints, blocking time, usable once enhanced, bytes as sent", async () => {
  // A claim's step has an enhancer (decision 044); the sign-in page loads no modules (decision 042), below.
  const claimant = new Claimant(portal);
  await claimant.signIn("standard");
  const load = await measurePageLoad(browser, `${portal.url}/standard/claimant-info`, {
    javaScript: true,
    cookie: claimant.sessionCookie(),
    expected: { pathname: "/standard/claimant-info", selector: '[name="claimantInfo.firstName"]' },
    timeoutMs: 30_000,
  });
  for (const figure of [
    load.firstContentfulPaint,
    load.largestContentfulPaint,
    load.domContentLoaded,
    load.usable,
    load.totalBlockingTime,
  ])
    expect(Number.isFinite(figure)).toBe(true);
  expect(load.enhanced, "the page's enhancement ran (data-enhanced on <html>)").toBeGreaterThan(0);
  expect(load.usable).toBeGreaterThanOrEqual(load.firstContentfulPaint);
  const bytes = await pageBytes(load.resources, claimant.cookieHeader());
  for (const kind of ["html", "js"] as const) {
    expect(bytes[kind].brotli, `${kind}, Brotli`).toBeGreaterThan(0);
    expect(bytes[kind].gzip, `${kind}, gzip`).toBeGreaterThan(0);
  }
  // The theme's styles are in the page (decision 039): no stylesheet to count.
  expect(bytes.css).toEqual({ brotli: 0, gzip: 0 });
});

test("a page without modules, with scripts on, is usable as without them: no enhancement to wait for, no JavaScript file", async () => {
  const load = await measurePageLoad(browser, `${portal.url}/automotive`, {
    javaScript: true,
    expected: { pathname: "/automotive", selector: '[name="credentials.claimId"]' },
    timeoutMs: 30_000,
  });
  expect(load.enhanced).toBeUndefined();
  expect(load.usable).toBe(Math.max(load.firstContentfulPaint, load.domContentLoaded));
  const bytes = await pageBytes(load.resources);
  expect(bytes.html.brotli).toBeGreaterThan(0);
  expect(bytes.js).toEqual({ brotli: 0, gzip: 0 });
});
