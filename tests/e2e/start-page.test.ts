import { describe, expect, test } from "vitest";
import {
  axeViolations,
  openPage,
  openScriptlessPage,
  THEMES,
  withBrowserAndThemedPortals,
} from "#tests/support/browser.ts";

/** In each theme, a settlement offering the standard flow and the lookup, with no home flow: "/" is its start page. */
const portals = withBrowserAndThemedPortals({ flows: { standard: {}, lookup: {} } });

describe.each(THEMES)("%s", (theme) => {
  test.each([false, true])(
    "the start page with JavaScript %s: axe finds nothing, and each flow's link opens it",
    async (javaScript) => {
      const page = javaScript ? await openPage(portals.browser, true) : await openScriptlessPage(portals.browser);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      for (const [culture, heading, link, flowHeading] of [
        ["en", "File a claim", "VIN lookup", "VIN lookup"],
        ["es", "Presentar un reclamo", "Reclamo estándar", "Reclamo estándar"],
      ]) {
        await page.goto(`${portals.servers.get(theme)!.url}/${culture === "en" ? "" : `?culture=${culture}`}`);
        await expect.poll(() => page.locator("main h1").textContent()).toBe(heading);
        expect(await axeViolations(page), `${culture} start page`).toEqual([]);
        await page.locator("main .flow-list a", { hasText: link! }).click();
        await expect.poll(() => page.locator("main h1").textContent()).toBe(flowHeading);
      }
      expect(errors).toEqual([]);
    },
  );
});
