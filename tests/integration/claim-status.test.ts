import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseCsv } from "#app/claimants/csv.ts";
import { claimantDay } from "#app/operator/import-statuses.server.ts";
import { BACKENDS } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { fileStandardClaim } from "#tests/support/filing.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

const HEADER = "ReferenceCode,Status,Date,ReasonCode,ReasonText,DueDate,PaymentMethod";
const DAY_MS = 24 * 60 * 60_000;
const today = claimantDay(Date.now());
const inDays = (days: number) => claimantDay(Date.now() + days * DAY_MS);
/** A test clock some days back: a claim filed then may have statuses dated since (none before it was filed). */
const filedDaysAgo = (days: number) => ({ "X-Test-Now": new Date(Date.now() - days * DAY_MS).toISOString() });
/** "May 1, 2026" for a YYYY-MM-DD day, as the English page writes it. */
const shown = (day: string, culture = "en-US") =>
  new Intl.DateTimeFormat(culture, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** Statuses from the administrator (import-statuses) and the claim status page (issue 25). */
describe.each(BACKENDS)("claim status, on %s", (backend) => {
  let portal: PortalServer;
  let settlement: string;
  const work = mkdtempSync(path.join(tmpdir(), "statuses-"));
  beforeAll(async () => {
    settlement = settlementWith();
    portal = await startPortal({ backend, settlementDir: settlement });
  });
  afterAll(async () => {
    await portal.stop();
    rmSync(work, { recursive: true, force: true });
  });

  let files = 0;
  /** Runs import-statuses on a file of these lines (after the header). */
  const importStatuses = (lines: string[], header = HEADER) => {
    const file = path.join(work, `statuses-${++files}.csv`);
    writeFileSync(file, `${[header, ...lines].join("\n")}\n`);
    return portalCommand(portal, settlement, "import-statuses", file);
  };

  /** A claimant who finds the claim by code and last name, scripts off, and reads its status page. */
  async function statusPage(code: string, culture = "en") {
    const claimant = new Claimant(portal);
    const query = culture === "en" ? "" : `?culture=${culture}`;
    await claimant.get(`/claim/status${query}`);
    const found = await claimant.post(`/claim/status${query}`, {
      intent: "find",
      method: "code",
      referenceCode: code,
      lastName: "Lee",
      captchaToken: claimant.captchaToken,
    });
    expect(found.status, found.text(".error-summary")).toBe(303);
    return claimant.get(found.headers.get("location")!);
  }

  test("a claim with no status is Received, on the day it was filed", async () => {
    const code = await fileStandardClaim(portal);
    const page = await statusPage(code);
    expect(page.text(".claim-status-current strong")).toBe("Received");
    expect(page.document.querySelectorAll(".claim-status-history li")).toHaveLength(1);
  });

  test("a good file is applied: documents needed with what and by when, newest first, in English and Spanish; again, it adds nothing", async () => {
    const code = await fileStandardClaim(portal, undefined, undefined, filedDaysAgo(3));
    const paid = await fileStandardClaim(portal, undefined, undefined, filedDaysAgo(3));
    const due = inDays(30);
    const lines = [
      `${code},under_review,${inDays(-2)},,,,`,
      `${code.toLowerCase()},Documents needed,${today},PROOF_OF_PURCHASE,,${due},`,
      `${paid},approved,${inDays(-1)},,,,`,
      `${paid},paid,${today},,,,direct_deposit`,
    ];
    const imported = await importStatuses(lines);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain("Imported 4 statuses");
    expect(imported.stdout).toContain("4 added, 0 already imported");

    const page = await statusPage(code);
    expect(page.text(".claim-status-current strong")).toBe("Documents needed");
    expect(page.text(".claim-status-current")).toContain(
      "What we need: a receipt or other proof that you bought the product",
    );
    expect(page.text(".claim-status-current")).toContain(`Send it by ${shown(due)}.`);
    expect(page.document.querySelector('.claim-status-current a[href="/documents"]')).not.toBeNull();
    const history = page.document.querySelectorAll(".claim-status-history li strong").map((item) => item.textContent);
    expect(history).toEqual(["Documents needed", "Under review", "Received"]);

    const spanish = await statusPage(code, "es");
    expect(spanish.text("h1")).toBe("Consulte el estado de su reclamo");
    expect(spanish.text(".claim-status-current strong")).toBe("Se necesitan documentos");
    expect(spanish.text(".claim-status-current")).toContain("Lo que necesitamos: un recibo u otro comprobante");
    expect(spanish.text(".claim-status-current")).toContain(`Envíelo a más tardar el ${shown(due, "es")}.`);

    const paidPage = await statusPage(paid);
    expect(paidPage.text(".claim-status-current strong")).toBe("Paid");
    expect(paidPage.text(".claim-status-current")).toContain(`Paid by direct deposit on ${shown(today)}.`);

    const again = await importStatuses(lines);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("0 added, 4 already imported");
    expect((await statusPage(code)).document.querySelectorAll(".claim-status-history li")).toHaveLength(3);
  });

  test("a file with bad lines is refused whole: every problem with its line, nothing applied", async () => {
    const code = await fileStandardClaim(portal);
    const imported = await importStatuses([
      `${code},under_review,${today},,,,`,
      `${code},lost,${today},,,,`,
      `${code},approved,2026-02-30,,,,`,
      "STD-0000-0000-0000,approved,2025-01-02,,,,",
      `${code},paid,${today},,,,`,
      `${code},denied,${today},,Refund sent to account 1234 5678 90,,`,
      `${code},documents_needed,${today},NO_SUCH_CODE,,,`,
      `${code},approved,${inDays(3)},,,,`,
      `${code},approved,${today}`,
      `${code},approved,2020-01-02,,,,`,
    ]);
    expect(imported.code).toBe(1);
    const told = imported.stderr;
    expect(told).toContain("not imported, nothing was changed");
    expect(told).toContain('line 3: Status "lost" is none of under_review, documents_needed, approved, denied, paid');
    expect(told).toContain('line 4: Date "2026-02-30" is not a day written YYYY-MM-DD');
    expect(told).toContain("line 5: no claim has the reference code STD-0000-0000-0000");
    expect(told).toContain("line 6: paid needs a PaymentMethod");
    expect(told).toContain("line 7: ReasonText holds a number of 8 digits or more");
    expect(told).toContain('line 8: ReasonCode "NO_SUCH_CODE" is not one of the settlement\'s statusReasons');
    expect(told).toContain("line 8: documents_needed needs a DueDate");
    expect(told).toContain(`line 9: Date ${inDays(3)} is after today`);
    expect(told).toContain("line 10: this row has a different number of columns than the header");
    expect(told).toContain(`line 11: the date 2020-01-02 is before the claim ${code} was filed (${today})`);
    expect(told).not.toContain("line 2:");
    // Told in the order of the file's lines, though the codes are looked up after the rows are read.
    const lines = [...told.matchAll(/^ {2}line (\d+):/gm)].map((match) => Number(match[1]));
    expect(lines).toEqual(lines.toSorted((a, b) => a - b));
    // Line 2 was good, and is not applied either.
    expect((await statusPage(code)).text(".claim-status-current strong")).toBe("Received");

    const header = await importStatuses([`${code},approved,${today}`], "ReferenceCode,State,Date");
    expect(header.code).toBe(1);
    expect(header.stderr).toContain("line 1: the header must name Status");
  });

  test("the export carries each claim's current status and its history", async () => {
    const code = await fileStandardClaim(portal, undefined, undefined, filedDaysAgo(3));
    const untouched = await fileStandardClaim(portal);
    const imported = await importStatuses([
      `${code},under_review,${inDays(-1)},,,,`,
      `${code},denied,${today},NOT_CLASS_MEMBER,,,`,
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    const out = path.join(work, `export-${backend}`);
    const exported = await portalCommand(portal, settlement, "export", "--out", out, "--format", "jsonl,csv");
    expect(exported.code, exported.stderr).toBe(0);

    const claims = readFileSync(path.join(out, "claims.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const denied = claims.find((claim) => claim.referenceCode === code)!;
    expect(denied).toMatchObject({
      status: "denied",
      statusDate: today,
      statusHistory: [
        { status: "under_review", date: inDays(-1), reasonCode: null },
        { status: "denied", date: today, reasonCode: "NOT_CLASS_MEMBER" },
      ],
    });
    expect(claims.find((claim) => claim.referenceCode === untouched)).toMatchObject({
      status: "received",
      statusHistory: [],
    });

    const [header, ...rows] = parseCsv(readFileSync(path.join(out, "claims-standard.csv"), "utf8"));
    const row = rows.find((cells) => cells[header!.indexOf("referenceCode")] === code)!;
    expect(row[header!.indexOf("status")]).toBe("denied");
    expect(row[header!.indexOf("statusDate")]).toBe(today);
    const [historyHeader, ...history] = parseCsv(readFileSync(path.join(out, "statuses.csv"), "utf8"));
    expect(historyHeader!.slice(0, 4)).toEqual(["referenceCode", "status", "date", "reasonCode"]);
    expect(history.filter((cells) => cells[0] === code).map((cells) => cells[1])).toEqual(["under_review", "denied"]);
  });
});
