import { describe, expect, test } from "vitest";
import {
  axeViolations,
  openPage,
  openScriptlessPage,
  withBrowserAndPortal,
  untilEnhanced,
} from "#tests/support/browser.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { PDF, RENAMED_EXECUTABLE } from "#tests/support/documents.ts";
import { fileReimbursementClaim } from "#tests/support/filing.ts";

const started = withBrowserAndPortal();

const TEXTS = {
  en: {
    submit: "Add documents",
    received: "Thank you: we received your documents.",
    notReal: "is not a real PDF file",
  },
  es: {
    submit: "Agregar documentos",
    received: "Gracias: recibimos sus documentos.",
    notReal: "no es un archivo PDF real",
  },
};

/**
 * Documents for a filed claim in Chromium (issue 25), JavaScript on and off (the server's HTML with
 * its scripts removed, so axe still runs), English and Spanish: the page, a refused file and its
 * message, an added document listed back; no axe violation on the way.
 */
describe.each([false, true])("JavaScript %s: adding documents to a filed claim", (javaScript) => {
  test.each(["en", "es"] as const)("in %s", async (culture) => {
    const claimant = new Claimant(started.portal);
    const { referenceCode } = await fileReimbursementClaim(
      started.portal,
      [{ name: "receipt.pdf", content: PDF }],
      claimant,
    );
    const page = javaScript ? await openPage(started.browser, true) : await openScriptlessPage(started.browser);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.context().addCookies([{ ...claimant.sessionCookie(), url: started.portal.url }]);
    const address = `${started.portal.url}/documents${culture === "en" ? "" : `?culture=${culture}`}`;
    await page.goto(address);
    if (javaScript) await untilEnhanced(page);
    // Waits as long as a page takes on a busy machine (Playwright's 30 s), not expect.poll's second.
    await page.locator(".claim-documents h3", { hasText: referenceCode }).waitFor();
    expect(await page.locator(".important-documents a").count()).toBe(3);
    expect(await axeViolations(page)).toEqual([]);

    const input = page.locator(`#documents-file-${referenceCode}`);
    await input.setInputFiles({ name: "proof.pdf", mimeType: "application/pdf", buffer: RENAMED_EXECUTABLE });
    await page.getByRole("button", { name: TEXTS[culture].submit }).click();
    await page.locator(".error-summary", { hasText: TEXTS[culture].notReal }).waitFor();
    expect(await page.locator(`#documents-file-${referenceCode}-error`).textContent()).toContain(
      TEXTS[culture].notReal,
    );
    expect(await axeViolations(page)).toEqual([]);

    await page
      .locator(`#documents-file-${referenceCode}`)
      .setInputFiles({ name: "proof.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: TEXTS[culture].submit }).click();
    await page.locator('[role="status"]', { hasText: TEXTS[culture].received }).waitFor();
    expect(await page.locator(".added-documents li").allTextContents()).toEqual([
      expect.stringMatching(/^proof\.pdf (received|recibido el) /),
    ]);
    expect(page.url()).toContain(culture === "en" ? "added=1" : "culture=es");
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
