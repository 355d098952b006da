import AxeBuilder from "@axe-core/playwright";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's Chromium, with the flags this closed network needs (DESIGN.md "Testing"). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** A page in a fresh context, with JavaScript on or off. */
export async function openPage(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

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
    const response = await route.fetch();
    const body = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<link rel="modulepreload"[^>]*>/gi, "");
    return route.fulfill({ response, body });
  });
  return context.newPage();
}

/** axe's violations on the current page (WCAG 2.1 A and AA, and best practices), summarised for a readable failure. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}
