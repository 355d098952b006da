import { chmodSync, lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { claimantDay } from "#app/operator/import-statuses.server.ts";
import { axeViolations, horizontalOverflow, withBrowserAndPortal } from "#tests/support/browser.ts";
import { signInStatus } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT } from "#tests/support/demo-answers.ts";
import { fileStandardClaim } from "#tests/support/filing.ts";
import { blankMember } from "#tests/support/members.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { settlementWith } from "#tests/support/settlement.ts";

const settlement = settlementWith();
const started = withBrowserAndPortal({ settlementDir: settlement });
const work = mkdtempSync(path.join(tmpdir(), "report-page-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The charts the page has, by their titles. */
const CHARTS = [
  "Claims filed per day, by flow",
  "Claims by their current status",
  "Sign-ins per hour, by how they ended",
  "The largest clusters of claims sharing a value",
];

/**
 * Issue 27: `report --html <file>` writes one page to look at, self-contained (its styles in it,
 * SVG charts, no script), that a browser shows at 360 and 1,280 px, axe-clean.
 */
test("the HTML report: claims per day, statuses, sign-ins per hour and clusters, each chart shown at 360 and 1,280 px, axe-clean, nothing fetched", async () => {
  const { portal } = started;
  // Three claims with one e-mail address (a cluster), a status, and a sign-in that failed.
  const codes: string[] = [];
  for (const street of ["1 Oak St", "2 Oak St", "3 Oak St"])
    codes.push(
      await fileStandardClaim(portal, {
        ...STANDARD_CLAIMANT,
        "claimantInfo.mailingStreetLine1": street,
        "claimantInfo.emailAddress": "same@example.com",
        "claimantInfo.confirmEmailAddress": "same@example.com",
      }),
    );
  expect(await signInStatus(portal, blankMember()["credentials.claimId"], "000000")).toBe(401);
  const statuses = path.join(work, "statuses.csv");
  writeFileSync(
    statuses,
    `ReferenceCode,Status,Date,ReasonCode,ReasonText,DueDate,PaymentMethod\n${codes[0]},approved,${claimantDay(Date.now())},,,,\n`,
  );
  expect((await portalCommand(portal, settlement, "import-statuses", statuses, "--no-email")).code).toBe(0);

  const file = path.join(work, "report.html");
  const made = await portalCommand(portal, settlement, "report", "--html", file);
  expect(made.code, made.stderr).toBe(0);
  expect(made.stdout).toContain(`Wrote the report to ${file}`);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const html = readFileSync(file, "utf8");
  expect(html).not.toMatch(/<script|<link|src=|url\(/i);

  for (const width of [360, 1280]) {
    const context = await started.browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: true });
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on("request", (request) => void fetched.push(request.url()));
    await page.goto(`file://${file}`);
    expect(fetched, "the page alone: nothing else is fetched").toEqual([`file://${file}`]);
    expect(await page.locator("h1").textContent()).toBe("Claims report");
    for (const title of CHARTS) {
      const chart = page.locator("svg[role=img]", { has: page.locator(`title:text-is("${title}")`) });
      await chart.scrollIntoViewIfNeeded();
      const box = await chart.boundingBox();
      expect(box, `${title} at ${width} px`).not.toBeNull();
      expect(box!.width, `${title} at ${width} px`).toBeGreaterThan(Math.min(width, 560) * 0.8);
      expect(box!.x + box!.width, `${title} at ${width} px`).toBeLessThanOrEqual(width);
      expect(await chart.locator("rect").count(), `${title}: its bars`).toBeGreaterThan(0);
    }
    expect(await horizontalOverflow(page), `nothing scrolls sideways at ${width} px`).toBe(0);
    // Every table of figures opened, as a reader would, then axe.
    for (const summary of await page.locator("summary").all()) await summary.click();
    expect(await horizontalOverflow(page), `nothing scrolls sideways at ${width} px, figures open`).toBe(0);
    expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
    await page.screenshot({ path: path.join(work, `report-${width}.png`), fullPage: true });
    await context.close();
  }
  // Written anew, owner-only, whatever was at its name: a file others could read, a symlink (not
  // written through), a folder (refused, plainly).
  const other = path.join(work, "other.html");
  writeFileSync(other, "old");
  chmodSync(other, 0o644);
  expect((await portalCommand(portal, settlement, "report", "--html", other)).code).toBe(0);
  expect(statSync(other).mode & 0o777).toBe(0o600);
  const victim = path.join(work, "victim.txt");
  writeFileSync(victim, "untouched");
  const link = path.join(work, "link.html");
  symlinkSync(victim, link);
  expect((await portalCommand(portal, settlement, "report", "--html", link)).code).toBe(0);
  expect(readFileSync(victim, "utf8")).toBe("untouched");
  expect(lstatSync(link).isSymbolicLink()).toBe(false);
  const folder = await portalCommand(portal, settlement, "report", "--html", work);
  expect(folder.code).toBe(1);
  expect(folder.stderr.trim()).toBe(`${work}: a folder: give a file's name`);
  expect((await portalCommand(portal, settlement, "report", "--json", "--html", other)).code).toBe(2);
  // The figures say what the charts draw.
  expect(html).toContain(`${codes.join(", ")}`);
  expect(html).toMatch(/<th scope="row">Approved<\/th><td class="n">1<\/td>/);
  expect(html).toMatch(/<th scope="row">Received<\/th><td class="n">2<\/td>/);
});
