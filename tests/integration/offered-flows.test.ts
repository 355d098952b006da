import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { NewClaim } from "#app/storage/store.ts";
import { BACKENDS } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { at, getPage, type Page } from "#tests/support/http.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { withStore } from "#tests/support/server-state.ts";
import { settlementWith } from "#tests/support/settlement.ts";

/** The demo settlement offering the given flows, without the form definitions of the others (they are not needed). */
function offering(flows: Record<string, unknown>, more: Record<string, unknown> = {}): string {
  const dir = settlementWith({ flows, ...more });
  for (const formType of ["automotive", "reimbursement", "standard", "lookup"].filter((type) => !(type in flows))) {
    rmSync(path.join(dir, "forms", `${formType}.json`));
    rmSync(path.join(dir, "forms", `${formType}.pages.json`));
  }
  return dir;
}

const standardOnly = offering({ standard: { signIn: ["notice"] } });
const standardHome = offering({ standard: {} }, { home: "standard" });
// Standard closes with claim filing (2027-03-31), automotive only with the global deadline (2027-09-30).
const ownDeadlines = offering({
  standard: { deadlines: ["claimFilingDeadline"] },
  automotive: { deadlines: ["globalDeadline"] },
});

let startPage: PortalServer;
let home: PortalServer;
let deadlines: PortalServer;
beforeAll(async () => {
  [startPage, home, deadlines] = await Promise.all([
    startPortal({ settlementDir: standardOnly }),
    startPortal({ settlementDir: standardHome }),
    startPortal({ settlementDir: ownDeadlines }),
  ]);
});
afterAll(async () => {
  await Promise.all([startPage.stop(), home.stop(), deadlines.stop()]);
});

/** Every link on the page to a flow the test settlement does not offer, in the header or anywhere else. */
function linksToOtherFlows(page: Page): string[] {
  return page.document
    .querySelectorAll("a")
    .map((a) => a.getAttribute("href") ?? "")
    .filter((href) => /\/(automotive|reimbursement|lookup)(\/|\?|$)/.test(href));
}

describe("a settlement offering only the standard flow, with no home flow", () => {
  test("/ is a start page listing the standard flow alone", async () => {
    const page = await getPage(`${startPage.url}/`);
    expect(page.status).toBe(200);
    expect(page.text("main h1")).toBe("File a claim");
    const flows = page.document.querySelectorAll("main ul.flow-list a");
    expect(flows.map((a) => [a.getAttribute("href"), a.textContent.trim()])).toEqual([["/standard", "Standard claim"]]);
    expect(page.text("title")).toMatch(/^File a claim – /);
    expect(page.document.querySelector("main form")).toBeNull();
  });

  test("the start page is in the claimant's language", async () => {
    const page = await getPage(`${startPage.url}/?culture=es`);
    expect(page.status).toBe(200);
    expect(page.text("main h1")).toBe("Presentar un reclamo");
    expect(page.document.querySelector("main ul.flow-list a")?.getAttribute("href")).toBe("/standard?culture=es");
  });

  test("the flows it does not offer are not found: their pages and their API", async () => {
    for (const pathname of [
      "/automotive",
      "/reimbursement",
      "/lookup",
      "/automotive/claimant-info",
      "/reimbursement/claim-summary",
      "/Automotive",
    ]) {
      const page = await getPage(`${startPage.url}${pathname}`, { redirect: "follow" });
      expect(page.status, pathname).toBe(404);
      expect(page.text("main h1"), pathname).toBe("Page not found");
    }
    for (const pathname of [
      "/api/forms/automotive/authorize",
      "/api/forms/reimbursement/authorize",
      "/api/forms/lookup/authorize",
      "/api/forms/automotive",
      "/api/forms/reimbursement",
    ]) {
      for (const method of ["GET", "POST"]) {
        const response = await fetch(`${startPage.url}${pathname}`, { method });
        expect(response.status, `${method} ${pathname}`).toBe(404);
        expect(((await response.json()) as { code: string }).code, pathname).toBe("not_found");
      }
    }
  });

  test("the standard flow it offers answers as before", async () => {
    const page = await getPage(`${startPage.url}/standard`);
    expect(page.status).toBe(200);
    expect(page.text("main h1")).toBe("Standard claim");
    expect((await fetch(`${startPage.url}/api/forms/standard/authorize`)).status).toBe(405);
  });

  test("no page links the flows it does not offer: the header has no reimbursement or VIN lookup link", async () => {
    for (const pathname of ["/", "/standard", "/page-not-found", "/session-expired?form=automotive"]) {
      const page = await getPage(`${startPage.url}${pathname}`);
      expect(linksToOtherFlows(page), pathname).toEqual([]);
      expect(page.text("nav.site-navigation"), pathname).not.toMatch(/Reimbursement|VIN Lookup/);
      expect(page.text("nav.site-navigation"), pathname).toContain("File a Claim");
    }
  });

  test("validate passes without the other flows' form definitions, and names the flows offered", async () => {
    const { code, stdout, stderr } = await portalCommand(undefined, standardOnly, "validate");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(/forms: standard \(\d+ models\)\n/);
    expect(stdout).toContain(
      "flows: standard (sign-in: notice; deadlines: claimFilingDeadline, globalDeadline); / is a start page",
    );
  });
});

test("a settlement whose home is the standard flow: / is the standard flow's sign-in page", async () => {
  const page = await getPage(`${home.url}/`);
  expect(page.status).toBe(200);
  expect(page.text("main h1")).toBe("Standard claim");
  expect(page.document.querySelector('main form input[name="credentials.claimId"]')).not.toBeNull();
  expect(page.document.querySelector("main ul.flow-list")).toBeNull();
});

test("each flow closes at its own deadline: standard at claim filing, automotive only at the global deadline", async () => {
  const between = at("2027-05-01T12:00:00-07:00");
  const standard = await fetch(`${deadlines.url}/standard`, { redirect: "manual", headers: between });
  expect(standard.status).toBe(303);
  expect(standard.headers.get("location")).toBe("/deadline?flow=standard");
  const automotive = await fetch(`${deadlines.url}/automotive`, { redirect: "manual", headers: between });
  expect(automotive.status).toBe(200);
  // The JSON API's guard reads the same deadlines.
  const csrf = await fetch(`${deadlines.url}/api/csrf`);
  const { requestToken } = (await csrf.json()) as { requestToken: string };
  const headers = {
    ...between,
    Cookie: csrf.headers.get("set-cookie")!.split(";")[0]!,
    "X-CSRF-TOKEN": requestToken,
    "Content-Type": "application/json",
  };
  const authorize = async (formType: string) => {
    const response = await fetch(`${deadlines.url}/api/forms/${formType}/authorize`, {
      method: "POST",
      headers,
      body: "{}",
    });
    return { status: response.status, code: ((await response.json()) as { code?: string }).code };
  };
  expect(await authorize("standard")).toEqual({ status: 403, code: "deadline_passed" });
  expect((await authorize("automotive")).code).not.toBe("deadline_passed");
  // The start page says when each flow closes.
  const before = await getPage(`${deadlines.url}/automotive`, { headers: at("2027-01-01T12:00:00-08:00") });
  expect(before.text("main p strong")).toContain("September 30, 2027");
});

test.each(BACKENDS)(
  "drafts are purged by their own flow's deadlines: standard's after claim filing closed, automotive's kept (%s)",
  async (backend) => {
    const day = 24 * 3_600_000;
    // Claim filing closed 40 days ago (past the default 30 days' retention); the global deadline is months away.
    const closed = new Date(Date.now() - 40 * day).toISOString().slice(0, 19);
    const dir = settlementWith((config) => {
      for (const { deadlines } of Object.values(
        config.deadlines as Record<string, { deadlines: Record<string, unknown> }>,
      ))
        deadlines.claimFilingDeadline = { deadlineDateTime: closed };
      config.flows = {
        standard: { deadlines: ["claimFilingDeadline"] },
        automotive: { deadlines: ["globalDeadline"] },
      };
    });
    const portal = await startPortal({ backend, settlementDir: dir });
    try {
      // Both drafts were started before claim filing closed (the test clock), then left.
      const claimant = new Claimant(portal, { "X-Test-Now": new Date(Date.now() - 50 * day).toISOString() });
      await claimant.signIn("standard");
      await claimant.signIn("automotive");
      const owner = `member:${claimant.member["credentials.claimId"]}` as const;
      const purged = await portalCommand(portal, dir, "purge");
      expect(purged.stdout).toMatch(/, 1 drafts past their flow's deadline and retention,/);
      expect(await withStore(portal, (store) => store.getDraft(owner, "standard"))).toBeUndefined();
      expect(await withStore(portal, (store) => store.getDraft(owner, "automotive"))).toBeDefined();
    } finally {
      await portal.stop();
    }
  },
);

test("the export has the claims of a flow the settlement no longer offers, while its form files are kept; without them it says so", async () => {
  // Automotive was offered when these claims were filed; the settlement now offers standard alone.
  const dir = settlementWith({ flows: { standard: {} } });
  const portal = await startPortal({ settlementDir: dir });
  try {
    await withStore(portal, async (store) => {
      for (const [formType, referenceCode] of [
        ["automotive", "AUT-0000-0000-0001"],
        ["standard", "STD-0000-0000-0001"],
      ] as const)
        await store.submitClaim(
          "member:40000001",
          formType,
          {
            draftId: `draft-${formType}`,
            member: { claimId: "40000001", vin: null, verified: true, signInMethod: "claimIdPin" },
            models: { claimantInfo: { firstName: "Ana", lastName: "Lee" } },
            records: {},
            documentIds: [],
            culture: "en",
          } satisfies NewClaim,
          "one",
          () => referenceCode,
          Date.now(),
        );
    });
    const out = mkdtempSync(path.join(tmpdir(), "export-"));
    const exported = await portalCommand(portal, dir, "export", "--out", out, "--format", "jsonl,csv");
    expect(exported.stderr).toBe("");
    expect(exported.stdout).toMatch(/^Exported 2 claims/);
    expect(readdirSync(out).sort()).toEqual([
      "claims-automotive.csv",
      "claims-standard.csv",
      "claims.jsonl",
      "events.csv",
    ]);

    rmSync(path.join(dir, "forms", "automotive.json"));
    const refused = await portalCommand(portal, dir, "export", "--out", mkdtempSync(path.join(tmpdir(), "export-")));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "claims of automotive are stored, but the settlement has no forms/automotive.json for them: put back the flow's form files",
    );
  } finally {
    await portal.stop();
  }
});
