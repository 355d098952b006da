import AxeBuilder from "@axe-core/playwright";
import { type Browser, chromium, type Page, type Response } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { type PortalOptions, type PortalServer, startPortal } from "./portal-server.ts";
import { settlementWith } from "./settlement.ts";

export const THEMES = ["jnd-7-0-default", "ftc-7-0-default", "jnd-9-0-kontent"] as const;

/**
 * For a browser test file: one Chromium and one portal per theme (the demo, with `settings` of its
 * own if given), started before its tests and stopped after them. Read `browser` and `servers`
 * inside tests (they are filled in by then).
 */
export function withBrowserAndThemedPortals(settings: Record<string, unknown> = {}) {
  const state = { browser: undefined as unknown as Browser, servers: new Map<string, PortalServer>() };
  beforeAll(async () => {
    const [launched, ...started] = await Promise.all([
      launchChromium(),
      ...THEMES.map((theme) => startPortal({ settlementDir: settlementWith({ ...settings, theme }) })),
    ]);
    state.browser = launched as Browser;
    for (const [index, theme] of THEMES.entries()) state.servers.set(theme, started[index] as PortalServer);
  });
  afterAll(async () => {
    await state.browser?.close();
    await Promise.all([...state.servers.values()].map((server) => server.stop()));
  });
  return state;
}

/** For a browser test file: one Chromium and one portal (the demo as tests run it, unless `options` say otherwise), started and stopped around its tests. */
export function withBrowserAndPortal(options?: PortalOptions) {
  const state = { browser: undefined as unknown as Browser, portal: undefined as unknown as PortalServer };
  beforeAll(async () => {
    [state.browser, state.portal] = await Promise.all([launchChromium(), startPortal(options)]);
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.portal?.stop();
  });
  return state;
}

/** Answers a form as a claimant would: options chosen, boxes ticked, text typed (so masks apply). */
export async function fillForm(page: Page, answers: Record<string, string>) {
  for (const [name, value] of Object.entries(answers)) {
    const inputs = page.locator(`[name="${name}"]`);
    const kind = await inputs
      .first()
      .evaluate((element) => (element.tagName === "SELECT" ? "select" : (element as HTMLInputElement).type));
    if (kind === "select") await inputs.selectOption(value);
    else if (kind === "radio") await page.locator(`[name="${name}"][value="${value}"]`).check();
    else if (kind === "checkbox") await (value === "on" ? inputs.check() : inputs.uncheck());
    else {
      // Clear as a person does (select all, delete), so input masks see every edit.
      await inputs.click();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.press("Backspace");
      // As fast as keys can come: masks format each input synchronously and must lose nothing.
      await inputs.pressSequentially(value);
    }
  }
}

/** How far the page is wider than its viewport (0 when nothing scrolls sideways, WCAG 1.4.10). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Debian's Chromium, with the flags this closed network needs (DESIGN.md "Testing"). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A page in a fresh context, with JavaScript on or off. */
export async function openPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  // A text the page's scripts asked for but were not given shows as its key (app/client/step-form/step-form-page.ts):
  // an error outside any test's own checks, which fails the run, whatever the test looked at.
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().startsWith("No text for"))
      setImmediate(() => {
        throw new Error(`${page.url()}: ${message.text()}`);
      });
  });
  return page;
}

/**
 * Waits until the page's scripts have done their work: its enhancer has run (`data-enhanced` on
 * <html>), or at once for a page that loads no modules (no page data: decisions 041, 042).
 */
export async function untilEnhanced(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-enhanced") ||
      // Whole (its data, at the end of <body>, would be there by now) and without modules.
      (document.readyState !== "loading" && !document.getElementById("page-data")),
  );
}

/** Marks the page that stands in for a redirect in a script-less page (openScriptlessPage). */
const SCRIPTLESS_REDIRECT = "x-scriptless-redirect";

/**
 * A page that sees exactly what a claimant with scripts blocked sees: the server's HTML with its
 * scripts removed. Unlike a context with JavaScript disabled, axe can still be injected into it.
 */
export async function openScriptlessPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.route("**/*", async (route) => {
    const request = route.request();
    if (request.resourceType() === "script") return route.abort();
    if (request.resourceType() !== "document") return route.continue();
    // Redirects are the browser's to follow (so its address changes), each new document routed here in turn.
    // A browser sends a request again when a connection it kept alive turns out closed before any
    // answer (the server's keep-alive timeout ran out as it was reused); this stands in for the
    // browser here, so it does the same, once.
    const response = await route
      .fetch({ maxRedirects: 0 })
      .catch((error: Error) =>
        /ECONNRESET|socket hang up/.test(error.message) ? route.fetch({ maxRedirects: 0 }) : Promise.reject(error),
      );
    const location = response.headers().location;
    if (response.status() >= 300 && response.status() < 400 && location) {
      // A redirect the browser follows does not come back through this route (Playwright routes a
      // redirect chain's first request only): the next page would keep its scripts, and its inline
      // lines would run. So the redirect becomes a refresh, whose request does come here; a refresh
      // replaces the page in the history, as a redirect does. Its cookies are kept.
      const { location: _, "content-length": __, ...headers } = response.headers();
      return route.fulfill({
        status: 200,
        headers: { ...headers, "content-type": "text/html; charset=utf-8", [SCRIPTLESS_REDIRECT]: "1" },
        body: `<!doctype html><meta http-equiv="refresh" content="0; url=${location.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`)}">`,
      });
    }
    const body = (await response.text())
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<link rel="modulepreload"[^>]*>/gi, "");
    return route.fulfill({ response, body });
  });
  const page = await context.newPage();
  // A page opened at an address that redirects is where the redirect leads, as for a browser: the
  // refresh that stands in for the redirect is waited for, and its page's answer given back.
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const answers: Response[] = [];
    const noteAnswer = (answer: Response) => {
      if (answer.request().isNavigationRequest() && answer.frame() === page.mainFrame()) answers.push(answer);
    };
    page.on("response", noteAnswer);
    try {
      let answer = await goto(url, options);
      while (answer?.headers()[SCRIPTLESS_REDIRECT]) {
        const from = answer;
        await page.waitForURL((next) => next.href !== from.url(), { waitUntil: options?.waitUntil ?? "load" });
        answer = answers.at(-1) ?? null;
        if (answer === from) break;
      }
      return answer;
    } finally {
      page.off("response", noteAnswer);
    }
  };
  return page;
}

/**
 * axe's violations on the current page (WCAG 2.1 A and AA, and best practices), summarised for a
 * readable failure.
 *
 * A page without frames is audited with one `axe.run` in the page ("legacy mode"). The default
 * runs axe in each frame and then opens a blank page in the context to merge the frames'
 * results: twice the time (about 0.9 s against 1.9 s a page on the step pages), for the same
 * results on a page that has only its own frame (the same violations, passes, incomplete and
 * inapplicable rules, with the same node counts, compared both ways on every page that
 * accessibility, forms and shell tests audit). A page with frames gets the default, frames and all.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  const results = await (page.frames().length === 1 ? builder.setLegacyMode() : builder).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
}

/**
 * An accessibility audit of several pages in one browser page: each page's violations are
 * gathered under its name rather than failing the test at the first, and `expectNoViolations`
 * then asserts once that every page named was audited and none had a violation, naming the
 * page and theme of each.
 */
export class AxeAudit {
  private readonly label: string;
  private readonly audited: string[] = [];
  private readonly violations: string[] = [];

  /** `label` names the theme, and whether JavaScript ran, in every violation reported. */
  constructor(label: string) {
    this.label = label;
  }

  /** Audits the page the browser shows now, as `name`. */
  async check(page: Page, name: string): Promise<void> {
    this.audited.push(name);
    for (const violation of await axeViolations(page)) this.violations.push(`${this.label}, ${name}: ${violation}`);
  }

  /** Fails unless exactly the pages `expected` were audited, and naming every violation found on them. */
  expectNoViolations(expected: string[]): void {
    expect(this.audited, `${this.label}: the pages audited`).toEqual(expected);
    expect(this.violations, `${this.label}: axe violations`).toEqual([]);
  }
}
