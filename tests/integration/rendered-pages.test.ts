import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant, fieldError, summaryLines } from "#tests/support/claimant.ts";
import { addExpense, DOCUMENTS_STEP, reimbursementAtDocuments } from "#tests/support/filing.ts";
import { at, type Page } from "#tests/support/http.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";

/**
 * Issue 14: the work of a signed-in step page is cached and trimmed without changing a byte of
 * what it renders. Each page below, rendered on the test clock, is compared with its HTML as the
 * portal rendered it before (the fingerprint of its normalised HTML, and a few fragments that the
 * caches make); what differs from one request to the next, or from one build to the next, is
 * normalised away: nonces, request ids, React's ids, the CSRF token, record ids and the content hashes in asset
 * and texts file names. So are the script files the page preloads and the module script that loads
 * the page's route modules (how the build splits the code, and the route ids it names them by: one
 * route per kind of page since issue 14, app/routes.ts) and the loader data's serialisation: it leaves
 * out the fields' default values now, and the form puts them back (tests/unit/field-defaults.test.ts
 * shows they come back whole).
 *
 * A page changed on purpose changes its fingerprint: `npx vitest run -u <this file>` records the
 * new one. Each run writes the normalised pages to <tmpdir>/rendered-pages/, to compare with a run
 * on the code before the change.
 */
let portal: PortalServer;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal.stop());

const DUMP_DIR = path.join(tmpdir(), "rendered-pages");
const SIGNED_IN_AT = at("2026-11-21T18:00:00Z");
/** The demo's first member (Ana García): prepopulated answers. A server of its own, so no test shares them. */
const ANA = { "credentials.claimId": "10000001", "credentials.pin": "123456" };

function normalised(html: string): string {
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  return (
    (csrf ? html.replaceAll(csrf, "CSRF-TOKEN") : html)
      .replace(/ nonce="[^"]*"/g, ' nonce="NONCE"')
      .replace(/\/assets\/([\w.-]+?)-[\w-]{8}\.(js|css)/g, "/assets/$1.$2")
      .replace(/\btxn-[a-z0-9]{8}\b/g, "txn-ID")
      // React's ids (useId: a dialog's heading), numbered by where they are in the component tree.
      .replace(/\b_R_[0-9a-z]+_\b/g, "REACT-ID")
      // Which script files the build splits the code into (issue 14 item 5), and the loader data's
      // serialisation, which issue 14 trims (tests/unit/field-defaults.test.ts): the page's own markup is the rest.
      .replace(/<link rel="modulepreload"[^>]*\/>/g, "")
      .replace(/\/assets\/[\w.-]+\.js/g, "/assets/SCRIPT.js")
      .replace(
        /(<script[^>]*type="module"[^>]*>)[^<]*__reactRouterRouteModules[^<]*<\/script>/,
        "$1ROUTE-MODULES</script>",
      )
      // The page's data for its scripts and the lines that load them (decision 036): how the build splits the code.
      .replace(/<script type="application\/json" id="page-data"[^>]*>.*?<\/script>/, "PAGE-DATA")
      .replace(/<script nonce="[^"]*">\{for\(const u of .*?<\/script>/, "PAGE-SCRIPTS")
      .replace(/streamController\.enqueue\((".*?")\);<\/script>/g, "streamController.enqueue(LOADER-DATA);</script>")
      .replaceAll("><", ">\n<")
  );
}

/** The page's normalised HTML, by its hash and length (written to DUMP_DIR for a diff). */
function fingerprint(name: string, page: Page): string {
  const html = normalised(page.html);
  mkdirSync(DUMP_DIR, { recursive: true });
  writeFileSync(path.join(DUMP_DIR, `${name}.html`), html);
  return `${page.status} ${html.length} ${createHash("sha256").update(html).digest("hex").slice(0, 16)}`;
}

/** The first options of a select, as a line. */
const firstOptions = (page: Page, name: string, count: number) =>
  page.document
    .querySelectorAll(`select[name="${name}"] option`)
    .slice(0, count)
    .map((option) => option.textContent)
    .join(", ");

describe("the standard flow's first step, signed in, with prepopulated answers", () => {
  let claimant: Claimant;
  beforeAll(async () => {
    claimant = new Claimant(portal, SIGNED_IN_AT);
    await claimant.signIn("standard", ANA);
  });

  test("in English", async () => {
    const page = await claimant.get("/standard/claimant-info");
    expect(fingerprint("claimant-info-en", page)).toMatchInlineSnapshot(`"200 41629 1800c8915b505b77"`);
    expect(firstOptions(page, "claimantInfo.mailingCountry", 4)).toBe("Choose one, Afghanistan, Albania, Algeria");
    expect(firstOptions(page, "claimantInfo.mailingSubDivision", 3)).toBe("Choose a state, Alabama, Alaska");
    expect(page.text(".language-links")).toBe("Español");
  });

  test("in Spanish", async () => {
    const page = await claimant.get("/standard/claimant-info?culture=es");
    expect(fingerprint("claimant-info-es", page)).toMatchInlineSnapshot(`"200 42163 003aee377d8e8e57"`);
    // In the Spanish names and order.
    expect(firstOptions(page, "claimantInfo.mailingCountry", 4)).toBe(
      "Elija una opción, Afganistán, Albania, Alemania",
    );
    expect(page.text(".language-links")).toBe("English");
  });

  test("posted with errors", async () => {
    await claimant.get("/standard/claimant-info");
    const page = await claimant.post("/standard/claimant-info", {
      "claimantInfo.firstName": "",
      "claimantInfo.emailAddress": "not an address",
    });
    expect(fingerprint("claimant-info-errors", page)).toMatchInlineSnapshot(`"400 44352 38f4eb021b33e3f7"`);
    // Only what was posted counts: the prepopulated answers were not sent.
    expect(summaryLines(page)).toEqual([
      "First name: Enter your first name",
      "Last name: Enter your last name",
      "Street address: Enter your street address",
      "City: Enter your city",
      "Postal code: Enter your postal code",
      "Country: Select your country",
      "Email address: Enter an email address like name@example.com",
      "Confirm email address: Enter your email address again",
    ]);
    expect(fieldError(page, "claimantInfo.emailAddress")).toBe("Enter an email address like name@example.com");
  });
});

/**
 * A page is rendered at once, unless a part of it is still loading: then it is streamed, and React
 * waits for that part (entry.server.tsx). The expense's date field has a lazily loaded part (its
 * calendar button), loading on this server's first render of it, which is here.
 */
test("the documents step with an expense being entered: the same page while a part of it loads and after", async () => {
  const claimant = await reimbursementAtDocuments(new Claimant(portal, SIGNED_IN_AT));
  const added = await claimant.post(DOCUMENTS_STEP, { records: "claimTransactions", intent: "add" });
  expect(added.status).toBe(303);
  const whileLoading = await claimant.get(DOCUMENTS_STEP);
  const loaded = await claimant.get(DOCUMENTS_STEP);
  expect(whileLoading.status).toBe(200);
  expect(whileLoading.html).toContain('name="claimTransactions.expenseDate"');
  expect(normalised(whileLoading.html)).toBe(normalised(loaded.html));
  // No part of it was left to the browser to render.
  expect(loaded.html).not.toContain("<!--$!-->");
});

test("the documents step with an expense saved", async () => {
  const claimant = await reimbursementAtDocuments(new Claimant(portal, SIGNED_IN_AT));
  await addExpense(claimant);
  const page = await claimant.get(DOCUMENTS_STEP);
  expect(fingerprint("documents", page)).toMatchInlineSnapshot(`"200 29742 faa60244d5ec4e08"`);
});
