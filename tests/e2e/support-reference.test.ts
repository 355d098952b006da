import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { openPage, withBrowserAndPortal } from "#tests/support/browser.ts";

/**
 * Issue 12, item 6, in Chromium: with JavaScript, a link followed whose page fails on the server
 * shows the error page; its reference for support is that request's id (its X-Request-Id and its
 * log line), not the id of the page the claimant came from. (Every link loads its page from the
 * server since decision 036; the test is kept for the reference it checks.)
 */
const file = path.join(mkdtempSync(path.join(tmpdir(), "not-a-folder-")), "file");
writeFileSync(file, "");
// A data folder below a regular file cannot be made: /error needs no store, the start page does.
const started = withBrowserAndPortal({ env: { DATA_DIR: path.join(file, "data") } });

test("JavaScript true: a link whose page fails on the server quotes the id of its own request", async () => {
  const page = await openPage(started.browser, true);
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on(
    "console",
    (message) =>
      void (message.type() === "error" && !/status of 500/.test(message.text()) && problems.push(message.text())),
  );
  const document = await page.goto(`${started.portal.url}/error`);
  const documentId = (await document!.allHeaders())["x-request-id"]!;
  // The /error page itself is no failure: it quotes nothing.
  expect(await page.locator(".support-reference").count()).toBe(0);

  const startPage = page.waitForResponse((response) => new URL(response.url()).pathname === "/");
  await page.getByRole("link", { name: "Go to the start page" }).click();
  const failed = await startPage;
  const failedId = (await failed.allHeaders())["x-request-id"]!;
  expect(failed.status()).toBe(500);
  await expect.poll(() => page.locator(".support-reference").textContent()).toBe(`Reference for support: ${failedId}`);
  expect(failedId).not.toBe(documentId);
  expect(await page.locator("h1").textContent()).toBe("Something went wrong");
  expect(await page.locator("main").textContent()).not.toMatch(/ENOTDIR|\bat \S+ \(/);
  // The same id is on the request's error line, with the stack.
  const line = started.portal
    .output()
    .split("\n")
    .filter((entry) => entry !== "")
    .map(
      (entry) =>
        JSON.parse(entry) as { requestId?: string; level: string; status?: number; error?: { stack?: string } },
    )
    .find((entry) => entry.requestId === failedId);
  expect(line).toMatchObject({ level: "error", status: 500, error: { stack: expect.stringContaining("ENOTDIR") } });
  expect(problems).toEqual([]);
  await page.context().close();
});
