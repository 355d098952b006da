import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS, readClaims } from "#tests/support/backends.ts";
import { Claimant, fieldError, summaryLines } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { at, type Page } from "#tests/support/http.ts";
import { blankMember, type Credentials } from "#tests/support/members.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { withStore } from "#tests/support/server-state.ts";
import { settlementWith } from "#tests/support/settlement.ts";

/**
 * Issue 25, item 4: after filing, a member signed in with their Claim ID and PIN changes the
 * claim's mailing address, e-mail and phone at /coa, each change a new contact version with its
 * time; what was filed never changes. Each claimant here is a browser without JavaScript.
 */

const SIGNED = { "signature.attestation": "on", "signature.signature": "Bo Lee", captchaToken: "test-pass" };
const FILED_AT = "2026-11-02T10:00:00-08:00";
const CHANGED_AT = "2026-11-20T09:30:00-08:00";

/** The contact fields of the standard flow's claimant-info step, as moved to Tacoma. */
const NEW_ADDRESS = {
  "claimantInfo.mailingStreetLine1": "77 Harbor Ave",
  "claimantInfo.mailingStreetLine2": "",
  "claimantInfo.mailingCity": "Tacoma",
  "claimantInfo.mailingCountry": "US",
  "claimantInfo.mailingSubDivision": "WA",
  "claimantInfo.mailingPostalCode": "98402",
  "claimantInfo.emailAddress": "bo.lee@example.org",
  "claimantInfo.confirmEmailAddress": "bo.lee@example.org",
};

/** A settlement with `claims` settings; the automotive sign-in page also takes a VIN alone (claims.vinOnlySignIn). */
function settlementWithClaims(claims: Record<string, unknown>) {
  const dir = settlementWith((config) => ({ ...config, claims: { vinOnlySignIn: ["automotive"], ...claims } }));
  const file = path.join(dir, "forms", "automotive.pages.json");
  const pages = JSON.parse(readFileSync(file, "utf8"));
  pages.index.blocks.push({
    kind: "fieldset",
    legend: "Legend_VinCredentials",
    blocks: [{ kind: "field", field: "credentials.vin" }],
  });
  writeFileSync(file, JSON.stringify(pages));
  return dir;
}

/** A member's standard claim, filed at FILED_AT by a browser without JavaScript: its reference code. */
async function fileStandardClaim(claimant: Claimant, member: Credentials) {
  await claimant.signIn("standard", member);
  await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
  await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
  await claimant.complete("/standard/supporting-documents", {});
  await claimant.get("/standard/claim-summary");
  const filed = await claimant.post("/standard/claim-summary", SIGNED);
  expect(filed.status).toBe(303);
  return (await claimant.get("/standard/confirmation")).text(".reference-code");
}

/** The current details a /coa page shows: "label: value" per row. */
const shownDetails = (page: Page) =>
  page.document
    .querySelectorAll(".summary-list-row")
    .map(
      (row) =>
        `${row.querySelector("dt")?.textContent.trim()}: ${row.querySelector(".summary-list-value")?.textContent.trim()}`,
    );

describe.each(BACKENDS)("change of address (claims.perMember 'one'), on %s", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlementWithClaims({ perMember: "one" }) });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("a member changes the address of a filed claim: a new contact version with its time, the filing unchanged", async () => {
    const member = blankMember();
    const code = await fileStandardClaim(new Claimant(portal, at(FILED_AT)), member);
    const claimant = new Claimant(portal, at(CHANGED_AT));
    await claimant.signIn("standard", member);
    // One claim: /coa opens its form straight away.
    const list = await claimant.get("/coa");
    expect(list.status).toBe(302);
    expect(list.headers.get("location")).toBe(`/coa/${code}`);
    const form = await claimant.get(`/coa/${code}`);
    expect(form.status).toBe(200);
    // The current details first (check answers), then the step's own questions, filled in with them.
    expect(shownDetails(form)).toEqual(
      expect.arrayContaining(["Street address: 1 Main St", "City: Austin", "Email address: bo@acmemotors.example"]),
    );
    expect(form.document.querySelector("#field-claimantInfo-mailingCity")?.getAttribute("value")).toBe("Austin");
    // The name is not a contact detail: not asked.
    expect(form.document.querySelector("#field-claimantInfo-lastName")).toBeNull();

    const changed = await claimant.post(`/coa/${code}`, NEW_ADDRESS);
    expect(changed.status).toBe(303);
    expect(changed.headers.get("location")).toBe(`/coa/${code}?result=changed`);
    const confirmation = await claimant.get(`/coa/${code}?result=changed`);
    expect(confirmation.text("h1")).toBe("Your contact details have been changed");
    expect(shownDetails(confirmation)).toEqual(
      expect.arrayContaining(["Street address: 77 Harbor Ave", "City: Tacoma", "Email address: bo.lee@example.org"]),
    );

    const changes = await withStore(portal, (store) => store.contactChanges(code));
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      version: 1,
      changedAt: Date.parse(CHANGED_AT),
      culture: "en",
      models: {
        claimantInfo: { mailingStreetLine1: "77 Harbor Ave", mailingCity: "Tacoma", mailingPostalCode: "98402" },
      },
    });
    // What was filed never changes.
    const [filed] = (await readClaims(portal)).filter((claim) => claim.reference_code === code);
    expect(filed!.models.claimantInfo).toMatchObject({ mailingStreetLine1: "1 Main St", mailingCity: "Austin" });
    expect(filed!.version).toBe(1);

    // The export: the current details and the history, the old address with its time.
    const out = mkdtempSync(path.join(tmpdir(), "export-"));
    const exported = await portalCommand(portal, portal.settlementDir, "export", "--out", out, "--format", "jsonl,csv");
    expect(exported.code, exported.stderr).toBe(0);
    const line = readFileSync(path.join(out, "claims.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((text) => JSON.parse(text))
      .find((claim) => claim.referenceCode === code);
    expect(line.answers.claimantInfo).toMatchObject({ mailingStreetLine1: "1 Main St", mailingCity: "Austin" });
    expect(line.contact.claimantInfo).toMatchObject({ mailingStreetLine1: "77 Harbor Ave", mailingCity: "Tacoma" });
    expect(
      line.contactHistory.map(
        (version: { source: string; at: string; contact: { claimantInfo: Record<string, string> } }) => [
          version.source,
          version.at,
          version.contact.claimantInfo.mailingCity,
        ],
      ),
    ).toEqual([
      ["filed", new Date(FILED_AT).toISOString(), "Austin"],
      ["changed", new Date(CHANGED_AT).toISOString(), "Tacoma"],
    ]);
    const csv = readFileSync(path.join(out, "contacts-standard.csv"), "utf8")
      .replace(/^\uFEFF/, "")
      .split(/\r?\n/);
    const header = csv[0]!.split(",");
    const rows = csv.filter((row) => row.startsWith(code)).map((row) => row.split(","));
    const column = (name: string) => header.indexOf(name);
    expect(
      rows.map((row) => [
        row[column("source")],
        row[column("at")],
        row[column("current")],
        row[column("claimantInfo.mailingStreetLine1")],
      ]),
    ).toEqual([
      ["filed", new Date(FILED_AT).toISOString(), "false", "1 Main St"],
      ["changed", new Date(CHANGED_AT).toISOString(), "true", "77 Harbor Ave"],
    ]);

    // The same details sent again (Back, send again): nothing new recorded.
    await claimant.get(`/coa/${code}`);
    const again = await claimant.post(`/coa/${code}`, NEW_ADDRESS);
    expect(again.headers.get("location")).toBe(`/coa/${code}?result=unchanged`);
    expect(await withStore(portal, (store) => store.contactChanges(code))).toHaveLength(1);
  });

  test.each([
    ["en", "Enter your street address", "The email addresses do not match"],
    ["es", "Ingrese su dirección", "Los correos electrónicos no coinciden"],
  ])(
    "invalid details get the step's own messages in %s, a 400, and nothing is recorded",
    async (culture, street, email) => {
      const member = blankMember();
      const code = await fileStandardClaim(new Claimant(portal), member);
      const claimant = new Claimant(portal);
      await claimant.signIn("standard", member);
      const query = culture === "en" ? "" : `?culture=${culture}`;
      await claimant.get(`/coa/${code}${query}`);
      const refused = await claimant.post(`/coa/${code}${query}`, {
        ...NEW_ADDRESS,
        "claimantInfo.mailingStreetLine1": "",
        "claimantInfo.confirmEmailAddress": "someone.else@example.org",
      });
      expect(refused.status).toBe(400);
      expect(fieldError(refused, "claimantInfo.mailingStreetLine1")).toBe(street);
      expect(fieldError(refused, "claimantInfo.confirmEmailAddress")).toBe(email);
      expect(summaryLines(refused)).toHaveLength(2);
      // What was typed stays on the page.
      expect(refused.document.querySelector("#field-claimantInfo-mailingCity")?.getAttribute("value")).toBe("Tacoma");
      expect(await withStore(portal, (store) => store.contactChanges(code))).toEqual([]);
    },
  );

  test("only the member who filed, signed in with Claim ID and PIN, may change: not by its code and last name, a VIN alone, or another member", async () => {
    const member = blankMember();
    const code = await fileStandardClaim(new Claimant(portal), member);

    // Not signed in: the notice's sign-in form, on /coa itself (claim access), and whom to ask without a notice.
    const claimant = new Claimant(portal);
    const notSignedIn = await claimant.get("/coa");
    expect(notSignedIn.status).toBe(200);
    expect(notSignedIn.text(".address-sign-in")).toContain("sign in with the Claim ID and PIN");
    expect(notSignedIn.document.querySelector("#access-claimId")).not.toBeNull();
    expect(notSignedIn.text(".contact-list")).toContain("1-800-555-0142");
    expect((await claimant.get(`/coa/${code}`)).headers.get("location")).toBe("/coa");
    await claimant.get("/coa");
    const signedIn = await claimant.post("/coa?find=member", {
      intent: "find",
      method: "member",
      claimId: member["credentials.claimId"],
      pin: member["credentials.pin"],
      captchaToken: "test-pass",
    });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("location")).toBe("/coa");
    expect((await claimant.get("/coa")).headers.get("location")).toBe(`/coa/${code}`);
    expect((await claimant.get(`/coa/${code}`)).status).toBe(200);

    // Found by its code and last name: told why not; a change posted anyway is not taken.
    const byCode = new Claimant(portal);
    await byCode.get("/claim/status");
    expect(
      (
        await byCode.post("/claim/status?find=code", {
          intent: "find",
          method: "code",
          referenceCode: code,
          lastName: "Lee",
          captchaToken: "test-pass",
        })
      ).status,
    ).toBe(303);
    const notVerified = await byCode.get("/coa?culture=es");
    expect(notVerified.text(".address-not-verified")).toContain("sin un ID de reclamo y un PIN");
    const posted = await byCode.post(`/coa/${code}`, NEW_ADDRESS);
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/coa");

    // Signed in with a VIN alone: no member, so the sign-in form.
    const byVin = new Claimant(portal);
    await byVin.get("/automotive");
    expect(
      (await byVin.post("/automotive", { "credentials.vin": "2T1BURHE0JC012345", captchaToken: "test-pass" })).status,
    ).toBe(303);
    expect((await byVin.get("/coa")).document.querySelector("#access-claimId")).not.toBeNull();

    // Another member, with a claim of their own: this code reads as unknown, on the page and when posted to.
    const other = new Claimant(portal);
    await fileStandardClaim(other, blankMember());
    expect((await other.get(`/coa/${code}`)).status).toBe(404);
    expect((await other.post(`/coa/${code}`, NEW_ADDRESS)).status).toBe(404);

    expect(await withStore(portal, (store) => store.contactChanges(code))).toEqual([]);
  });
});

describe.each(BACKENDS)("change of address in the other claims modes, on %s", (backend) => {
  let amend: PortalServer;
  let many: PortalServer;
  beforeAll(async () => {
    [amend, many] = await Promise.all([
      startPortal({ backend, settlementDir: settlementWithClaims({ perMember: "amend" }) }),
      startPortal({ backend, settlementDir: settlementWithClaims({ perMember: "many" }) }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([amend.stop(), many.stop()]);
  });

  test("'amend': the change is recorded, and the member's draft takes it, so an amendment files the new address", async () => {
    const member = blankMember();
    const claimant = new Claimant(amend);
    const code = await fileStandardClaim(claimant, member);
    await claimant.get(`/coa/${code}`);
    expect((await claimant.post(`/coa/${code}`, NEW_ADDRESS)).status).toBe(303);
    expect(await withStore(amend, (store) => store.contactChanges(code))).toHaveLength(1);
    const step = await claimant.get("/standard/claimant-info");
    expect(step.document.querySelector("#field-claimantInfo-mailingCity")?.getAttribute("value")).toBe("Tacoma");
    const [filed] = (await readClaims(amend)).filter((claim) => claim.reference_code === code);
    expect(filed!.models.claimantInfo).toMatchObject({ mailingCity: "Austin" });
  });

  test("'many': a member with two claims sees both, and changes one of them only", async () => {
    const member = blankMember();
    const claimant = new Claimant(many);
    const first = await fileStandardClaim(claimant, member);
    await claimant.get("/standard/confirmation");
    expect((await claimant.post("/standard/confirmation", { intent: "another" })).status).toBe(303);
    await claimant.complete("/standard/claimant-info", { ...STANDARD_CLAIMANT, "claimantInfo.mailingCity": "Dallas" });
    await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
    await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
    await claimant.complete("/standard/supporting-documents", {});
    await claimant.get("/standard/claim-summary");
    expect((await claimant.post("/standard/claim-summary", SIGNED)).status).toBe(303);
    const second = (await claimant.get("/standard/confirmation")).text(".reference-code");
    expect(second).not.toBe(first);

    const list = await claimant.get("/coa");
    expect(list.status).toBe(200);
    expect(list.document.querySelectorAll(".address-change").map((link) => link.getAttribute("href"))).toEqual(
      expect.arrayContaining([`/coa/${first}`, `/coa/${second}`]),
    );
    await claimant.get(`/coa/${second}`);
    expect((await claimant.post(`/coa/${second}`, NEW_ADDRESS)).status).toBe(303);
    expect(await withStore(many, (store) => store.contactChanges(first))).toEqual([]);
    expect(await withStore(many, (store) => store.contactChanges(second))).toHaveLength(1);
  });
});
