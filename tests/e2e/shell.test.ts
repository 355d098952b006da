import { describe, expect, test } from "vitest";
import {
  AxeAudit,
  openPage,
  openScriptlessPage,
  THEMES,
  withBrowserAndThemedPortals,
  untilEnhanced,
} from "#tests/support/browser.ts";

const PAGES = [
  "/",
  "/lookup?culture=es",
  "/page-not-found",
  "/no/such/page?culture=es",
  "/error",
  "/deadline",
  "/session-expired?form=standard",
];

const portals = withBrowserAndThemedPortals();
const servers = portals.servers;

describe.each(THEMES)("%s", (theme) => {
  test.each([false, true])(
    "every utility page renders with JavaScript %s and axe finds no violations",
    async (javaScript) => {
      const audit = new AxeAudit(`${theme}, JavaScript ${javaScript ? "on" : "off"}`);
      const page = javaScript ? await openPage(portals.browser, true) : await openScriptlessPage(portals.browser);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      for (const path of PAGES) {
        await page.goto(`${servers.get(theme)!.url}${path}`);
        // A page with nothing scripts would improve has none to wait for (decision 036).
        if (javaScript)
          await page.waitForFunction(
            () => document.documentElement.hasAttribute("data-enhanced") || !document.getElementById("page-data"),
          );
        await page.locator("h1").first().waitFor();
        await audit.check(page, path);
      }
      // Hydration must not fail, nor the CSP block anything (both end up as console errors).
      expect(errors.filter((message) => !/404|Not Found/.test(message))).toEqual([]);
      await page.context().close();
      audit.expectNoViolations(PAGES);
    },
  );

  test("the header and footer are the server's markup, with scripts as without, on each page", async () => {
    // No page hydrates (decision 045): the header and footer are the server's markup, untouched by
    // scripts, and each link to another page loads it as a document.
    const page = await openPage(portals.browser, true);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    // As the server sent them: the page fetched anew, parsed as the browser parses it.
    const served = (path: string) =>
      page.evaluate(async (url) => {
        // Without its styles, whose nonce is the other answer's (the page's own scripts do the same).
        const html = (await (await fetch(url)).text()).replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, "");
        const parsed = new DOMParser().parseFromString(html, "text/html");
        return [
          parsed.querySelector("header.site-header")!.outerHTML,
          parsed.querySelector("footer.site-footer")!.outerHTML,
        ];
      }, path);
    const shown = () =>
      page.evaluate(() => [
        document.querySelector("header.site-header")!.outerHTML,
        document.querySelector("footer.site-footer")!.outerHTML,
      ]);
    // A page whose address has more than the culture (kontent's form carries it in a hidden input),
    // without scripts of its own.
    await page.goto(`${servers.get(theme)!.url}/session-expired?form=standard&culture=es`);
    const expired = await served("/session-expired?form=standard&culture=es");
    expect(expired[0]).toContain("Me gustaría");
    expect(expired[1]).toContain("Política de privacidad");
    expect(await shown()).toEqual(expired);
    // The link back to the flow: its start page, whose scripts run, with the language choice for it.
    await page.locator("a.start-again").click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/standard");
    await untilEnhanced(page);
    const start = await served("/standard?culture=es");
    expect(start[0]).not.toEqual(expired[0]);
    expect(await shown()).toEqual(start);
    // Its "I would like to" menu still opens (a native disclosure, no script needed).
    await page.locator("details.actions-menu > summary").click();
    expect(await page.locator("details.actions-menu").getAttribute("open")).not.toBeNull();
    // Nothing reported.
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('the "I would like to" menu opens from the keyboard, JavaScript off', async () => {
    const page = await openPage(portals.browser, false);
    await page.goto(`${servers.get(theme)!.url}/`);
    const summary = page.locator("details.actions-menu summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    const statusLink = page.getByRole("link", { name: /Check my claim status/ });
    await expect.poll(() => statusLink.isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    await expect.poll(() => statusLink.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.context().close();
  });
});

describe("language choice in a browser", () => {
  test.each([false, true])(
    "kontent's dropdown changes the language by its button, JavaScript %s",
    async (javaScript) => {
      const page = await openPage(portals.browser, javaScript);
      await page.goto(`${servers.get("jnd-9-0-kontent")!.url}/session-expired?form=standard`);
      await page.getByLabel("Language").selectOption("es");
      await page.getByRole("button", { name: "Change language" }).click();
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
      // A browser new to the portal: not signed in.
      await expect.poll(() => page.locator("h1").textContent()).toBe("No ha iniciado sesión");
      expect(new URL(page.url()).searchParams.get("form")).toBe("standard");
      // The button reads in the page's language once it is in Spanish.
      await expect.poll(() => page.getByRole("button", { name: "Cambiar idioma" }).count()).toBe(1);
      await page.context().close();
    },
  );

  test("with JavaScript, choosing in kontent's dropdown alone leaves the page as it is (WCAG 3.2.2)", async () => {
    const page = await openPage(portals.browser, true);
    await page.goto(`${servers.get("jnd-9-0-kontent")!.url}/standard`);
    // The page's scripts have run: any change handler on the form would now run. (There is none:
    // the sign-in page has no modules, decision 042.)
    await untilEnhanced(page);
    // A mark on this document: a navigation, even to the same address, would lose it.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const before = page.url();
    await page.getByLabel("Language").selectOption("es");
    await page.keyboard.press("ArrowUp");
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(page.url()).toBe(before);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.context().close();
  });

  test("the standard header's link switches to Spanish and back with JavaScript", async () => {
    const page = await openPage(portals.browser, true);
    await page.goto(`${servers.get("jnd-7-0-default")!.url}/lookup`);
    await page.getByRole("link", { name: "Español" }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("Búsqueda de VIN");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    await page.getByRole("link", { name: "English" }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe("VIN lookup");
    await page.context().close();
  });
});
