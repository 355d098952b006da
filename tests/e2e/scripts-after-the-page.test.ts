import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { fillForm, openPage, withBrowserAndPortal, untilEnhanced } from "#tests/support/browser.ts";
import { answerStep, signAndSubmit, signInToStandard, submitStep } from "#tests/support/browser-flows.ts";
import { testMember } from "#tests/support/members.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";

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
    await route.fallback();
  });
  return release;
}

test("a page carries its styles, asks for its modules at once, runs them only once it is parsed and painted, and pages with nothing to improve have none", async () => {
  const page = await signInToStandard(started.browser, started.portal.url, true, testMember());
  await untilEnhanced(page);
  const step = `${started.portal.url}/standard/claimant-info`;
  // The frames the page has rendered since it was parsed, and, when the entry module first runs,
  // how many there were and the time.
  await page.addInitScript(() => {
    const counted = window as unknown as { __framesParsed: number };
    counted.__framesParsed = 0;
    const frame = () => {
      if (document.readyState !== "loading") counted.__framesParsed++;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  // The module the step page starts: its enhancer (decision 044).
  await page.route(/\/assets\/enhance-step-form-[\w-]+\.js$/, async (route) => {
    const response = await route.fetch();
    const body = `window.__entryRanAt??=performance.now();window.__entryAfterFrames??=window.__framesParsed;${await response.text()}`;
    await route.fulfill({ response, body, headers: { ...response.headers(), "content-length": String(body.length) } });
  });
  // The signed-in page loads its form's checks once enhanced, which can come after that: leave it
  // first, so only the step's own requests are counted.
  await page.goto("about:blank");
  const asked: string[] = [];
  page.on("request", (request) => void asked.push(request.resourceType()));
  await page.goto(step);
  await untilEnhanced(page);
  // The page itself, then its modules: no stylesheet (decision 039).
  expect(asked[0]).toBe("document");
  expect(asked).not.toContain("stylesheet");
  expect(asked.filter((kind) => kind === "script").length).toBeGreaterThan(1);
  // After the page was parsed and a frame of it rendered (the first paint's time is when the frame
  // reached the screen, which on a busy machine can be after the next task: not compared).
  const times = await page.evaluate(() => ({
    entry: (window as unknown as { __entryRanAt: number }).__entryRanAt,
    frames: (window as unknown as { __entryAfterFrames: number }).__entryAfterFrames,
    parsed: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).domContentLoadedEventStart,
  }));
  expect(times.entry).toBeGreaterThan(times.parsed);
  expect(times.frames).toBeGreaterThanOrEqual(1);

  const served = await (await page.context().request.get(step)).text();
  const head = served.slice(0, served.indexOf("</head>"));
  // One inline script, no script file: it preloads the modules and starts the entry after the
  // next frame once the page is parsed; the theme's styles follow it, in the page.
  expect(head).not.toMatch(/<script[^>]*\ssrc=/);
  expect(head.match(/<script/g)).toHaveLength(1);
  expect(head).toMatch(
    /<script nonce="[^"]+">[^<]*modulepreload[^<]*"DOMContentLoaded",\(\)=>requestAnimationFrame\(\(\)=>setTimeout\([^<]*<\/script><style nonce="[^"]+">/,
  );
  expect(served).toMatch(
    /<script type="application\/json" id="page-data" nonce="[^"]+">[^<]+<\/script>(<!--.*?-->)*<\/body>/,
  );
  for (const path of ["/error", "/deadline", "/session-expired", "/page-not-found", "/no-such-page"]) {
    const html = await (await fetch(`${started.portal.url}${path}`)).text();
    expect(html, path).not.toMatch(/<script/);
  }
  await page.context().close();
});

/** The module the browser loads for the form's checks once the page is enhanced. */
const BROWSER_CHECKS = /\/assets\/browser-checks-[\w-]+\.js$/;

/**
 * Submits the page's step form, whose answers have a mistake, and waits for its error summary and
 * "Error:" title: how many POSTs that took (none when the browser's own checks answered).
 */
async function postsOfAFailedSubmit(page: Page): Promise<number> {
  let posts = 0;
  page.on("request", (request) => void (request.method() === "POST" && posts++));
  await page.locator("form.step-form button[type=submit]").click();
  await page.locator(".error-summary").waitFor();
  expect(await page.title()).toMatch(/^Error: /);
  return posts;
}

/** Marks when the form's checks, which come after the page is enhanced (StepForm), have run: `window.__checksRan`. */
async function markChecks(page: Page) {
  await page.route(BROWSER_CHECKS, async (route) => {
    const response = await route.fetch();
    const body = `${await response.text()};window.__checksRan=true;`;
    await route.fulfill({ response, body, headers: { ...response.headers(), "content-length": String(body.length) } });
  });
}

test("what a claimant types before the scripts run is kept, and masks and checks work once they have", async () => {
  const page = await signInToStandard(started.browser, started.portal.url, true, testMember());
  await untilEnhanced(page);
  await markChecks(page);
  // The scripts arrive late, as on a slow network: held until the claimant has typed.
  const release = await holdBack(page, /\/assets\/.*\.js$/);
  await page.goto(`${started.portal.url}/standard/claimant-info`);
  await fillForm(page, {
    "claimantInfo.firstName": "",
    "claimantInfo.lastName": "Zed",
    "claimantInfo.mailingPostalCode": "94105 1234",
  });
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-enhanced"))).toBe(false);
  release();
  await untilEnhanced(page);
  expect(await page.locator('[name="claimantInfo.lastName"]').inputValue()).toBe("Zed");
  // The ZIP code's mask shows it in its usual form as the claimant leaves the field.
  await page.locator('[name="claimantInfo.mailingPostalCode"]').focus();
  await page.locator('[name="claimantInfo.mailingPostalCode"]').blur();
  expect(await page.locator('[name="claimantInfo.mailingPostalCode"]').inputValue()).toBe("94105-1234");
  // Enhanced, and its checks come: the browser's own check answers the empty first name without a round trip.
  await page.waitForFunction(() => (window as unknown as { __checksRan?: boolean }).__checksRan);
  expect(await postsOfAFailedSubmit(page)).toBe(0);
  await page.context().close();
});

test("the form's checks come after the page is enhanced; a claimant who submits before they have is answered by the server alike", async () => {
  const page = await signInToStandard(started.browser, started.portal.url, true, testMember());
  await untilEnhanced(page);
  const step = `${started.portal.url}/standard/claimant-info`;
  // The checks never come, as on a network that drops them: the page works as it does without them.
  await page.route(BROWSER_CHECKS, () => {});
  const checksAsked = page.waitForRequest(BROWSER_CHECKS);
  await page.goto(step);
  await untilEnhanced(page);
  await checksAsked;
  const served = await (await page.context().request.get(step)).text();
  // Asked for once the form is enhanced, not with the page's modules.
  expect(served).not.toMatch(/browser-checks-[\w-]+\.js/);
  await fillForm(page, { "claimantInfo.firstName": "", "claimantInfo.lastName": "Zed" });
  expect(await postsOfAFailedSubmit(page)).toBe(1);
  expect(await page.locator(".error-summary").textContent()).toContain("First name");
  expect(await page.locator('[name="claimantInfo.lastName"]').inputValue()).toBe("Zed");
  await page.context().close();
});

test("an answer changed before the scripts run shows and hides the questions it settles once they have", async () => {
  const page = await signInToStandard(started.browser, started.portal.url, true, testMember());
  await untilEnhanced(page);
  const release = await holdBack(page, /\/assets\/.*\.js$/);
  await page.goto(`${started.portal.url}/standard/claimant-info`);
  // Before the scripts: every address question is on the page, each with its hint.
  await page.locator('[name="claimantInfo.mailingCountry"]').selectOption("CA");
  await page.locator('[name="claimantInfo.mailingPostalCodeNonUS"]').fill("K1A 0B1");
  release();
  await untilEnhanced(page);
  expect(await page.locator('[name="claimantInfo.mailingCountry"]').inputValue()).toBe("CA");
  expect(await page.locator('[name="claimantInfo.mailingPostalCodeNonUS"]').isVisible()).toBe(true);
  expect(await page.locator('[name="claimantInfo.mailingPostalCodeNonUS"]').inputValue()).toBe("K1A 0B1");
  expect(await page.locator('[name="claimantInfo.mailingSubDivisionNonUS"]').isVisible()).toBe(true);
  expect(await page.locator('[name="claimantInfo.mailingPostalCode"]').isVisible()).toBe(false);
  expect(await page.locator('[name="claimantInfo.mailingSubDivision"]').isVisible()).toBe(false);
  await page.context().close();
});

test("a signed-in step posted by the scripts: the next page loads once", async () => {
  const page = await signInToStandard(started.browser, started.portal.url, true, testMember());
  await untilEnhanced(page);
  await fillForm(page, STANDARD_CLAIMANT);
  const documents: string[] = [];
  page.on("request", (request) => void (request.resourceType() === "document" && documents.push(request.url())));
  await page.locator("form.step-form button[type=submit]").click();
  await page.waitForURL((url) => !url.pathname.endsWith("/claimant-info"));
  // One document for the next page: the redirect was answered to the script, not followed twice.
  expect(documents.map((url) => new URL(url).pathname)).toEqual([new URL(page.url()).pathname]);
  await page.context().close();
});

test("a step whose modules cannot be loaded (a proxy that blocks scripts) is the page without scripts: its time-out notice, its refresh and its saved message show", async () => {
  const page = await signInToStandard(started.browser, started.portal.url, true, testMember());
  await page.route(/\/assets\/[\w.-]+\.js$/, (route) => route.abort());
  await page.reload();
  // The time-out notice says when the session ends, and the refresh takes the claimant away then:
  // no script warns them, and none keeps the session going.
  await expect.poll(() => page.locator("main .idle-notice").isVisible()).toBe(true);
  expect(await page.locator("head > meta[http-equiv=refresh]").getAttribute("content")).toMatch(/^\d+; url=\//);
  await fillForm(page, STANDARD_CLAIMANT);
  await page.locator("form.step-form button[type=submit]").click();
  await page.waitForURL((url) => !url.pathname.endsWith("/claimant-info"));
  await expect.poll(() => page.locator(".toast").isVisible()).toBe(true);
  expect(await page.locator(".toast").innerText()).toBe("Your answers were saved.");
  await page.context().close();
});

test("an answer the server refuses is shown in place, posts again, and nothing is reported in the console", async () => {
  // The answer is a whole page with its own styles and nonce (decision 039): read for its data, it
  // must not trip this page's Content-Security-Policy.
  const page = await signInToStandard(started.browser, started.portal.url, true, testMember());
  await untilEnhanced(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  // Without the browser's checks, the server is the one to refuse the answer.
  await page.route(BROWSER_CHECKS, (route) => route.abort());
  await page.goto(`${started.portal.url}/standard/claimant-info`);
  await untilEnhanced(page);
  const documents: string[] = [];
  page.on("request", (request) => void (request.resourceType() === "document" && documents.push(request.url())));
  await fillForm(page, { "claimantInfo.firstName": "", "claimantInfo.lastName": "Zed" });
  await page.locator("form.step-form button[type=submit]").click();
  await page.locator(".error-summary").waitFor();
  expect(await page.locator(".error-summary").textContent()).toContain("First name");
  expect(documents).toEqual([]);
  // The answer shown is enhanced in turn, and posts again: a second refusal, then the answer put right.
  await untilEnhanced(page);
  await page.locator("form.step-form button[type=submit]").click();
  await expect.poll(() => page.locator(".error-summary").textContent()).toContain("First name");
  const email = await page.locator("#field-claimantInfo-emailAddress").inputValue();
  await fillForm(page, { "claimantInfo.firstName": "Ann", "claimantInfo.confirmEmailAddress": email });
  await page.locator("form.step-form button[type=submit]").click();
  await page.waitForURL(/\/standard\/claim-details/);
  // The browser's own lines for the refusal's status (422) and the checks it could not load aside.
  expect(errors.filter((message) => !message.startsWith("Failed to load resource"))).toEqual([]);
  await page.context().close();
});

test("the sign-in and lookup pages load no module: their captcha's widget is a few lines of their own, a mistake is the server's answer, and the claim's first step's modules are fetched meanwhile", async () => {
  for (const path of ["/standard", "/lookup"]) {
    const page = await openPage(started.browser, true);
    const scripts: string[] = [];
    page.on("request", (request) => void (request.resourceType() === "script" && scripts.push(request.url())));
    await page.goto(`${started.portal.url}${path}`);
    // The test provider's stand-in has its token at once: the sum is not offered.
    expect(await page.locator('input[name="captchaToken"]').inputValue(), path).toBe("test-pass");
    expect(await page.locator("#captcha-answer").isVisible(), path).toBe(false);
    expect(scripts, path).toEqual([]);
    expect(await page.locator("#page-data").count(), path).toBe(0);
    await page.context().close();
  }
  // Once the sign-in page has loaded, the claim's first step's modules are fetched into the cache
  // (not run), with scripts only: without them, no script file at all.
  for (const javaScript of [true, false]) {
    const page = await openPage(started.browser, javaScript);
    const files: string[] = [];
    page.on(
      "requestfinished",
      (request) => void (/\/assets\/.*\.js$/.test(request.url()) && files.push(request.url())),
    );
    await page.goto(`${started.portal.url}/standard`);
    if (javaScript)
      await expect.poll(() => files.some((url) => /\/enhance-step-form-[\w-]+\.js$/.test(url))).toBe(true);
    else {
      await page.waitForTimeout(500);
      expect(files).toEqual([]);
    }
    expect(await page.locator("#page-data").count()).toBe(0);
    if (javaScript) {
      const step = await signInToStandard(started.browser, started.portal.url, true, testMember());
      await untilEnhanced(step);
      const stepModules = await step.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href),
      );
      // Its enhancer and what that imports (decision 044).
      expect(stepModules.length).toBeGreaterThan(1);
      expect(files.sort()).toEqual([...new Set(stepModules)].sort());
      await step.context().close();
    }
    await page.context().close();
  }

  const page = await openPage(started.browser, true);
  await page.goto(`${started.portal.url}/standard`);
  const documents: string[] = [];
  page.on("request", (request) => void (request.resourceType() === "document" && documents.push(request.method())));
  await fillForm(page, { ...testMember(), "credentials.pin": "000000" });
  await page.locator("form.step-form button[type=submit]").click();
  await page.locator(".error-summary").waitFor();
  expect(await page.locator(".error-summary").textContent()).toContain("PIN");
  // Posted as without scripts: the answer is the page.
  expect(documents).toEqual(["POST"]);
  expect(await page.locator('input[name="captchaToken"]').inputValue()).toBe("test-pass");
  await page.context().close();
});

/** A member signed in with scripts, every step answered: at "Check your answers". */
async function atClaimSummary(): Promise<Page> {
  const page = await signInToStandard(started.browser, started.portal.url, true, testMember());
  await untilEnhanced(page);
  await answerStep(page, true, STANDARD_CLAIMANT);
  await answerStep(page, true, STANDARD_DETAILS);
  await answerStep(page, true, { "paymentElection.paymentMethod": "check" });
  await submitStep(page); // supporting documents: optional
  return page;
}

test("the confirmation loads no module: its print button is a few lines of its own, shown and printing with scripts, hidden without", async () => {
  const page = await atClaimSummary();
  await signAndSubmit(page, true);
  await page.waitForURL(/\/standard\/confirmation/);
  const modules: string[] = [];
  page.on("request", (request) => void (request.resourceType() === "script" && modules.push(request.url())));
  await page.reload();
  const print = page.getByRole("button", { name: "Print" });
  await print.waitFor();
  expect(modules).toEqual([]);
  expect(await page.locator("#page-data").count()).toBe(0);
  await page.evaluate(() => {
    window.print = () => void document.documentElement.setAttribute("data-printed", "");
  });
  await print.click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-printed"))).toBe(true);

  // Without scripts the button would do nothing: it is not shown.
  const cookies = await page.context().cookies();
  const scriptless = await openPage(started.browser, false);
  await scriptless.context().addCookies(cookies);
  await scriptless.goto(page.url());
  await scriptless.locator(".reference-code").waitFor();
  expect(await scriptless.locator(".print-button").isVisible()).toBe(false);
  await scriptless.context().close();
  await page.context().close();
});

test("check your answers loads no module: its time-out warning, its post and its server-failure dialog are lines of its own", async () => {
  const page = await atClaimSummary();
  await page.waitForURL(/\/standard\/claim-summary/);
  const scripts: string[] = [];
  page.on("request", (request) => void (request.resourceType() === "script" && scripts.push(request.url())));
  await page.clock.install();
  await page.reload();
  await page.locator('[name="signature.signature"]').waitFor();
  expect(scripts).toEqual([]);
  expect(await page.locator("#page-data").count()).toBe(0);
  expect(await page.locator("dialog").count()).toBe(0);

  // A mistake is the server's answer, shown in place (the page is not loaded again: the mark stays),
  // its error summary focused, and the answer's own lines running: the next post is scripted too.
  const documents: string[] = [];
  page.on("request", (request) => void (request.resourceType() === "document" && documents.push(request.method())));
  await page.evaluate(() => Object.assign(window, { keptPage: true }));
  await fillForm(page, { "signature.signature": "Bo Lee" });
  await page.locator("form.step-form button[type=submit]").click();
  await page.locator(".error-summary").waitFor();
  expect(await page.evaluate(() => "keptPage" in window)).toBe(true);
  expect(documents).toEqual([]);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest(".error-summary") !== null)).toBe(true);
  expect(await page.locator('[name="signature.signature"]').inputValue()).toBe("Bo Lee");
  // A second mistake in a row is answered the same way: the first answer's lines, run under this
  // page's nonce, give the second answer's lines that nonce too (not the first answer's own).
  const refused: string[] = [];
  page.on(
    "console",
    (message) => void (/Content Security Policy/.test(message.text()) && refused.push(message.text())),
  );
  await page.locator("form.step-form button[type=submit]").click();
  await expect.poll(() => page.locator(".error-summary").count()).toBe(1);
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest(".error-summary") !== null)).toBe(true);
  expect(await page.evaluate(() => "keptPage" in window)).toBe(true);
  expect(documents).toEqual([]);
  expect(refused).toEqual([]);

  // The server fails: the page stays as typed and says so, with the failed request's id for support.
  await fillForm(page, { "signature.attestation": "on" });
  await page.route("**/standard/claim-summary", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, headers: { "X-Request-Id": "TEST-0000-0500" }, body: "Internal Server Error" })
      : route.fallback(),
  );
  await page.locator("form.step-form button[type=submit]").click();
  const failure = page.getByRole("dialog", { name: "Something went wrong" });
  await failure.waitFor();
  expect(await failure.textContent()).toContain("An error occured during your submission. Please try again.");
  expect(await failure.locator(".support-reference").textContent()).toBe("Reference for support: TEST-0000-0500");
  // Read out and typed back: the id never breaks at its hyphens on a narrow screen.
  expect(await failure.locator(".support-code").evaluate((code) => getComputedStyle(code).whiteSpace)).toBe("nowrap");
  // Its words describe it, read with its name as it opens.
  expect(
    await failure.evaluate((dialog) => document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent),
  ).toContain("An error occured during your submission.");
  await page.keyboard.press("Escape"); // static: Escape does not dismiss it
  expect(await failure.isVisible()).toBe(true);
  await failure.getByRole("button", { name: "OK" }).click();
  expect(await page.locator("dialog").count()).toBe(0);
  expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Submit my claim");
  expect(await page.locator('[name="signature.attestation"]').isChecked()).toBe(true);
  await page.unroute("**/standard/claim-summary");

  // The time-out warning comes in the last minute, counting down; Continue keeps the session. The
  // server heard of the claimant's typing a minute after the last answer (session-timer.ts).
  await page.clock.runFor(30 * 60_000 + 15_000);
  const warning = page.getByRole("dialog", { name: "Your session is about to expire" });
  await warning.waitFor();
  expect(await page.locator("dialog .session-countdown").textContent()).toMatch(/^Time left: 0:[0-5]\d$/);
  await warning.getByRole("button", { name: "Continue" }).press("Enter");
  expect(await page.locator("dialog").count()).toBe(0);
  expect(await page.locator(".error-summary").count()).toBe(1);

  // Submitted: the confirmation, loaded once.
  await page.locator("form.step-form button[type=submit]").click();
  await page.waitForURL(/\/standard\/confirmation/);
  expect(documents).toEqual(["GET"]);
  await page.context().close();
}, 90_000);

test("the pages after filing (claim status, documents, change of address) and a return link that opens no draft load no module; their captcha's widget is lines of their own", async () => {
  for (const path of ["/claim/status", "/documents?find=code", "/coa?find=member", "/return?token=none"]) {
    const page = await openPage(started.browser, true);
    const scripts: string[] = [];
    page.on("request", (request) => void (request.resourceType() === "script" && scripts.push(request.url())));
    await page.goto(`${started.portal.url}${path}`);
    await page.locator("h1").waitFor();
    if (!path.startsWith("/return")) {
      // The test provider's stand-in has its token at once: the sum is not offered.
      expect(await page.locator('input[name="captchaToken"]').inputValue(), path).toBe("test-pass");
      expect(await page.locator("#captcha-answer").isVisible(), path).toBe(false);
    }
    expect(scripts, path).toEqual([]);
    expect(await page.locator("#page-data").count(), path).toBe(0);
    await page.context().close();
  }
});
