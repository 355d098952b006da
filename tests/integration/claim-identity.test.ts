import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS, readClaims } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import type { Page } from "#tests/support/http.ts";
import {
  AUTOMOTIVE_DETAILS,
  REIMBURSEMENT_DETAILS,
  STANDARD_CLAIMANT,
  STANDARD_DETAILS,
} from "#tests/support/demo-answers.ts";
import { PDF, PNG } from "#tests/support/documents.ts";
import { DOCUMENTS_STEP, reimbursementAtDocuments, uploadReceipt } from "#tests/support/filing.ts";
import { blankMember, type Credentials } from "#tests/support/members.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { withStore } from "#tests/support/server-state.ts";
import { settlementWith } from "#tests/support/settlement.ts";

/**
 * Issue 10: a claim belongs to its class member. Each claimant here is a browser without
 * JavaScript (or a JSON client), signing in, answering, coming back, as people do; what counts is
 * what the store holds and what the administrator exports.
 */

const SIGNED = { "signature.attestation": "on", "signature.signature": "Bo Lee", captchaToken: "test-pass" };
/** What the class-member list holds for Bo Lee, whose car has VIN 2T1BURHE0JC012345. */
const BO_LEE = {
  vin: "2T1BURHE0JC012345",
  personal: ["Lee", "1 Main St", "Apt 4", "Austin", "bo@example.com", "73301"],
};

/** Every step of the standard flow answered, up to its summary (opened). */
async function atStandardSummary(claimant: Claimant, member: Credentials, city = "Austin") {
  await claimant.signIn("standard", member);
  await claimant.complete("/standard/claimant-info", { ...STANDARD_CLAIMANT, "claimantInfo.mailingCity": city });
  await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
  await claimant.complete("/standard/supporting-documents", {});
  return claimant.get("/standard/claim-summary");
}

async function submitSummary(claimant: Claimant, formType = "standard") {
  await claimant.get(`/${formType}/claim-summary`);
  return claimant.post(`/${formType}/claim-summary`, SIGNED);
}

/**
 * A page's HTML without its random tokens (CSRF, captcha challenge, script nonce),
 * which may spell "Lee" or "73301" by chance: what is left is what the page says and holds.
 */
function withoutTokens(page: Page): string {
  const values = [
    page.document.querySelector('input[name="csrf"]')?.getAttribute("value"),
    page.document.querySelector('input[name="challengeToken"]')?.getAttribute("value"),
    page.document.querySelector("script[nonce]")?.getAttribute("nonce"),
  ];
  return values.reduce<string>((html, value) => (value ? html.replaceAll(value, "") : html), page.html);
}

const claimsOf = async (portal: PortalServer, member: Credentials) =>
  (await readClaims(portal)).filter((claim) => claim.claim_id === member["credentials.claimId"]);

/** A settlement with `claims` settings, and (for VIN sign-in) the automotive sign-in page asking for a VIN. */
function settlementWithClaims(claims: Record<string, unknown>, { vinField = false } = {}) {
  const dir = settlementWith((config) => ({ ...config, claims }));
  if (vinField) {
    const file = path.join(dir, "forms", "automotive.pages.json");
    const pages = JSON.parse(readFileSync(file, "utf8"));
    pages.index.blocks.push({
      kind: "fieldset",
      legend: "Legend_VinCredentials",
      blocks: [{ kind: "field", field: "credentials.vin" }],
    });
    writeFileSync(file, JSON.stringify(pages));
  }
  return dir;
}

describe.each(BACKENDS)("one claim per member (claims.perMember 'one', the default), on %s", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ backend });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("the claim names its member; signed in again elsewhere, the member sees it read-only, and a change is refused and says so", async () => {
    const member = blankMember();
    const claimant = new Claimant(portal);
    await atStandardSummary(claimant, member);
    // The summary as a tab left open shows it: its form, with its token.
    const summaryToken = claimant.csrfToken();
    const openSummary = (fields: Record<string, string>) =>
      fetch(`${portal.url}/standard/claim-summary`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Cookie: claimant.cookieHeader(),
          Origin: portal.url,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ ...fields, csrf: summaryToken }),
      });
    expect((await submitSummary(claimant)).headers.get("location")).toBe("/standard/confirmation");
    const [claim] = await claimsOf(portal, member);
    expect(claim).toMatchObject({
      claim_id: member["credentials.claimId"],
      vin: null,
      verified: true,
      sign_in_method: "claimIdPin",
      version: 1,
      culture: "en",
    });

    // Another device, days later: the claim as filed, with its code and answers, and no way to submit.
    const later = new Claimant(portal);
    expect((await later.signIn("standard", member)).headers.get("location")).toBe("/standard/confirmation");
    const shown = await later.get("/standard/confirmation");
    expect(shown.text(".reference-code")).toBe(claim!.reference_code);
    expect(shown.text(".answers")).toContain("Austin");
    // The only thing to submit is signing out.
    expect(shown.document.querySelectorAll('button[type="submit"]').map((button) => button.textContent.trim())).toEqual(
      ["Sign out"],
    );
    expect(shown.text("main")).toContain(
      "To correct a filed claim, contact the Settlement Administrator at 1-800-555-0142 or info@acmetransmissionsettlement.example.",
    );
    for (const step of ["claimant-info", "claim-summary"])
      expect((await later.get(`/standard/${step}`)).headers.get("location")).toBe("/standard/confirmation");

    // A change posted anyway (a tab left open before filing): refused, said so, nothing stored.
    const stale = await claimant.post("/standard/claimant-info", {
      ...STANDARD_CLAIMANT,
      "claimantInfo.mailingCity": "Tacoma",
    });
    expect(stale.headers.get("location")).toBe("/standard/confirmation?notice=filed");
    expect((await claimant.get("/standard/confirmation?notice=filed")).text(".feedback-warning")).toBe(
      "Your change was not saved, because your claim has already been filed. To correct a filed claim, contact the Settlement Administrator at 1-800-555-0142 or info@acmetransmissionsettlement.example.",
    );
    expect(await claimsOf(portal, member)).toEqual([claim]);

    // The summary left open in the first browser: Submit again as filed is just the claim; a changed signature is refused and said so.
    expect((await openSummary(SIGNED)).headers.get("location")).toBe("/standard/confirmation");
    const resigned = await openSummary({ ...SIGNED, "signature.signature": "Someone Else" });
    expect(resigned.headers.get("location")).toBe("/standard/confirmation?notice=filed");
    expect((await claimsOf(portal, member))[0]!.models.signature?.signature).toBe("Bo Lee");
  });

  test("two sessions of one member share the draft; both submitting at the same moment make one claim", async () => {
    const member = blankMember();
    const phone = new Claimant(portal);
    await atStandardSummary(phone, member);
    // The laptop signs in and finds every answer: it goes straight to the summary.
    const laptop = new Claimant(portal);
    expect((await laptop.signIn("standard", member)).headers.get("location")).toBe("/standard/claim-summary");
    await laptop.get("/standard/claim-summary");
    await phone.get("/standard/claim-summary");
    const answers = await Promise.all([
      phone.post("/standard/claim-summary", SIGNED),
      laptop.post("/standard/claim-summary", SIGNED),
    ]);
    expect(answers.map((answer) => answer.headers.get("location"))).toEqual([
      "/standard/confirmation",
      "/standard/confirmation",
    ]);
    const claims = await claimsOf(portal, member);
    expect(claims).toHaveLength(1);
    expect((await phone.get("/standard/confirmation")).text(".reference-code")).toBe(claims[0]!.reference_code);
    expect((await laptop.get("/standard/confirmation")).text(".reference-code")).toBe(claims[0]!.reference_code);
  });

  test("two sessions editing at once: the last save of an answer wins, and neither's expenses or receipts are lost", async () => {
    const first = await reimbursementAtDocuments(new Claimant(portal));
    const second = new Claimant(portal);
    expect((await second.signIn("reimbursement", first.member)).headers.get("location")).toBe(DOCUMENTS_STEP);
    await second.get(DOCUMENTS_STEP);
    // Both save expenses at the same moment, three each, from pages read before any of them.
    const save = (claimant: Claimant, description: string) =>
      claimant.post(DOCUMENTS_STEP, {
        records: "claimTransactions",
        intent: "save",
        record: "new",
        "claimTransactions.expenseDate": "5/1/2024",
        "claimTransactions.description": description,
        "claimTransactions.amount": "10",
      });
    const saved = await Promise.all(
      ["a", "b", "c"].flatMap((letter) => [save(first, `First ${letter}`), save(second, `Second ${letter}`)]),
    );
    expect(saved.map((page) => page.status)).toEqual([303, 303, 303, 303, 303, 303]);
    const expenses = Object.fromEntries(
      (await first.get(DOCUMENTS_STEP)).document
        .querySelectorAll("#records-claimTransactions tbody tr")
        .map((row) => [
          row.querySelector("th, td")!.textContent.trim(),
          row.querySelector('input[name="record"]')!.getAttribute("value")!,
        ]),
    );
    await second.get(DOCUMENTS_STEP);
    // And a receipt each, at the same moment.
    await Promise.all([
      uploadReceipt(first, Object.values(expenses)[0]!, { name: "tow.pdf", content: PDF }),
      uploadReceipt(second, Object.values(expenses)[1]!, { name: "rental.png", content: PNG }),
    ]);
    // The same answer saved by both: the later save stands.
    await first.complete("/reimbursement/claim-details", {
      ...REIMBURSEMENT_DETAILS,
      "claimDetails.repairShopName": "First Garage",
    });
    await second.complete("/reimbursement/claim-details", {
      ...REIMBURSEMENT_DETAILS,
      "claimDetails.repairShopName": "Second Garage",
    });

    const draft = await withStore(portal, (store) =>
      store.getDraft(`member:${first.member["credentials.claimId"]}`, "reimbursement"),
    );
    expect(draft?.models.claimDetails?.repairShopName).toBe("Second Garage");
    expect(draft?.records?.claimTransactions?.map((record) => record.fields.description).sort()).toEqual([
      "First a",
      "First b",
      "First c",
      "Second a",
      "Second b",
      "Second c",
    ]);
    const documents = draft?.records?.documentContexts ?? [];
    expect(documents.map((record) => record.fields.name).sort()).toEqual(["rental.png", "tow.pdf"]);
    for (const record of documents)
      expect(await withStore(portal, (store) => store.getDocument(record.documentId!))).toBeDefined();
  });

  test("after a time-out, signing in again continues at the first step not done, with every answer saved", async () => {
    const at = (minutes: number) => ({ "X-Test-Now": new Date(Date.now() + minutes * 60_000).toISOString() });
    const member = blankMember();
    const before = new Claimant(portal, at(0));
    await before.signIn("standard", member);
    await before.complete("/standard/claimant-info", STANDARD_CLAIMANT);
    const after = new Claimant(portal, at(45));
    expect((await after.get("/standard/claim-details")).headers.get("location")).toBe("/session-expired?form=standard");
    const expired = await after.get("/session-expired?form=standard");
    expect(expired.text("main")).toContain(
      "If you signed in with your Claim ID and PIN, the answers you saved are kept: sign in again to continue where you left off.",
    );
    expect((await after.signIn("standard", member)).headers.get("location")).toBe("/standard/claim-details");
    expect(
      (await after.get("/standard/claimant-info")).document
        .querySelector("#field-claimantInfo-lastName")
        ?.getAttribute("value"),
    ).toBe("Lee");
  });

  test("a VIN alone signs in nowhere by default, and no page or reply shows anything of the member it belongs to", async () => {
    for (const formType of ["automotive", "reimbursement"]) {
      const claimant = new Claimant(portal);
      await claimant.get(`/${formType}`);
      const page = await claimant.post(`/${formType}`, { "credentials.vin": BO_LEE.vin, captchaToken: "test-pass" });
      expect(page.status).toBe(400);
      for (const personal of BO_LEE.personal) expect(withoutTokens(page)).not.toContain(personal);
      const reply = await claimant.api(`/api/forms/${formType}/authorize`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ credentials: { vin: BO_LEE.vin }, reCaptchaResponse: "test-pass" }),
      });
      expect(reply.status).toBe(400);
      const body = await reply.text();
      for (const personal of BO_LEE.personal) expect(body).not.toContain(personal);
      expect((await claimant.get(`/${formType}/claimant-info`)).headers.get("location")).toBe(
        `/session-expired?form=${formType}`,
      );
    }
  });

  test("the JSON sign-in renews the session id: the cookie from before reaches nothing, the reply's CSRF token works", async () => {
    const claimant = new Claimant(portal);
    await claimant.get("/standard");
    const before = claimant.sessionCookie();
    const reply = await claimant.api("/api/forms/standard/authorize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        credentials: { claimId: claimant.member["credentials.claimId"], pin: claimant.member["credentials.pin"] },
        reCaptchaResponse: "test-pass",
      }),
    });
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as {
      authorized: boolean;
      csrf: { requestHeaderName: string; requestToken: string };
    };
    expect(body).toMatchObject({ authorized: true, csrf: { requestHeaderName: "X-CSRF-TOKEN" } });
    expect(claimant.sessionCookie().value).not.toBe(before.value);
    // The planted (or seen) cookie is no session any more; the new one carries on with the new token.
    const planted = await fetch(`${portal.url}/standard/claimant-info`, {
      redirect: "manual",
      headers: { Cookie: `${before.name}=${before.value}` },
    });
    expect(planted.headers.get("location")).toBe("/session-expired?form=standard");
    expect((await claimant.api("/api/session/keep-alive", { method: "POST" })).status).toBe(204);
    // The claim is the signed-in member's: a submission naming another member is refused, not filed under either.
    const parts = new FormData();
    parts.append("credentials", JSON.stringify({ claimId: "10000002", pin: "654321" }));
    parts.append("reCaptchaResponse", JSON.stringify("test-pass"));
    const elsewhere = await claimant.api("/api/forms/standard", { method: "POST", body: parts });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.json()).toEqual({
      code: "credentials_mismatch",
      error:
        "The credentials in the submission are not those of the class member signed in. Sign in again with your own Claim ID and PIN.",
    });
    expect(
      (await readClaims(portal)).filter(
        (claim) => claim.claim_id === "10000002" || claim.claim_id === claimant.member["credentials.claimId"],
      ),
    ).toEqual([]);
  });
});

describe.each(BACKENDS)("amending a filed claim (claims.perMember 'amend'), on %s", (backend) => {
  let portal: PortalServer;
  const settlement = settlementWithClaims({ perMember: "amend" });
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlement });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("a change after filing is a new version of the same claim: same code, 'amended', every version kept, exported as the latest", async () => {
    const member = blankMember();
    const claimant = new Claimant(portal);
    await atStandardSummary(claimant, member, "Austin");
    await submitSummary(claimant);
    const code = (await claimant.get("/standard/confirmation")).text(".reference-code");

    // "Change your answers", then the city, then submit again.
    const confirmation = await claimant.get("/standard/confirmation");
    expect(confirmation.document.querySelector('a[href="/standard/claim-summary"]')?.textContent).toBe(
      "Change your answers",
    );
    await claimant.complete("/standard/claimant-info?return=summary", {
      ...STANDARD_CLAIMANT,
      "claimantInfo.mailingCity": "Dallas",
    });
    expect((await claimant.get("/standard/claim-summary")).text(".feedback")).toBe(
      `You are changing your filed claim ${code}. Submitting files these answers as a new version of the same claim; the earlier version is kept.`,
    );
    expect((await submitSummary(claimant)).headers.get("location")).toBe("/standard/confirmation");
    const amended = await claimant.get("/standard/confirmation");
    expect(amended.text(".reference-code")).toBe(code);
    expect(amended.text(".confirmation-panel")).toContain("Your claim was amended.");
    expect(amended.text(".claim-version")).toMatch(/This is version 2 of your claim/);

    const [claim] = await claimsOf(portal, member);
    expect(claim).toMatchObject({ reference_code: code, version: 2 });
    expect(claim!.models.claimantInfo?.mailingCity).toBe("Dallas");
    const versions = await withStore(portal, (store) => store.claimVersions(code));
    expect(versions.map((version) => [version.version, version.models.claimantInfo?.mailingCity])).toEqual([
      [1, "Austin"],
      [2, "Dallas"],
    ]);
    // Submitting the same answers again files nothing new.
    await submitSummary(claimant);
    expect((await withStore(portal, (store) => store.claimVersions(code))).length).toBe(2);

    const out = mkdtempSync(path.join(tmpdir(), "export-"));
    expect((await portalCommand(portal, settlement, "export", "--out", out)).code).toBe(0);
    const exported = (
      JSON.parse(readFileSync(path.join(out, "claims.json"), "utf8")) as Array<{
        referenceCode: string;
        version: number;
        answers: { claimantInfo: { mailingCity: string } };
      }>
    ).find((entry) => entry.referenceCode === code);
    expect(exported).toMatchObject({ version: 2, answers: { claimantInfo: { mailingCity: "Dallas" } } });
  });

  test("two sessions of one member submitting changes at the same moment: one claim, each change a version", async () => {
    const member = blankMember();
    const phone = new Claimant(portal);
    await atStandardSummary(phone, member);
    await submitSummary(phone);
    const laptop = new Claimant(portal);
    await laptop.signIn("standard", member);
    await laptop.complete("/standard/claimant-info?return=summary", {
      ...STANDARD_CLAIMANT,
      "claimantInfo.mailingCity": "Houston",
    });
    await Promise.all([submitSummary(phone), submitSummary(laptop)]);
    const claims = await claimsOf(portal, member);
    expect(claims).toHaveLength(1);
    expect(claims[0]!.models.claimantInfo?.mailingCity).toBe("Houston");
  });
});

describe.each(BACKENDS)("several claims per member (claims.perMember 'many'), on %s", (backend) => {
  let portal: PortalServer;
  const settlement = settlementWithClaims({ perMember: "many" });
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlement });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("'File another claim' starts an empty draft that files as a claim of its own; the report lists the member", async () => {
    const member = blankMember();
    const claimant = new Claimant(portal);
    await atStandardSummary(claimant, member, "Austin");
    await submitSummary(claimant);
    const first = (await claimant.get("/standard/confirmation")).text(".reference-code");
    const another = await claimant.post("/standard/confirmation", { intent: "another" });
    expect(another.headers.get("location")).toBe("/standard/claimant-info");
    expect(
      (await claimant.get("/standard/claimant-info")).document
        .querySelector("#field-claimantInfo-lastName")
        ?.getAttribute("value") ?? "",
    ).toBe("");
    await atStandardSummary(claimant, member, "El Paso");
    await submitSummary(claimant);
    const second = (await claimant.get("/standard/confirmation")).text(".reference-code");
    expect(second).not.toBe(first);
    expect((await claimsOf(portal, member)).map((claim) => claim.models.claimantInfo?.mailingCity).sort()).toEqual([
      "Austin",
      "El Paso",
    ]);

    const report = JSON.parse((await portalCommand(portal, settlement, "report", "--json")).stdout) as {
      severalClaims: Array<{ claimId: string; referenceCodes: string[] }>;
    };
    expect(report.severalClaims).toContainEqual({
      claimId: member["credentials.claimId"],
      formType: "standard",
      referenceCodes: expect.arrayContaining([first, second]),
    });
  });
  test("the confirmation a filing leads to shows that claim, whatever the member starts after it (back, reload, a second device)", async () => {
    const member = blankMember();
    const phone = new Claimant(portal);
    await atStandardSummary(phone, member, "Austin");
    const filed = await submitSummary(phone);
    const confirmation = filed.headers.get("location")!;
    // Before the phone follows its redirect, the member's laptop (signed in, on the confirmation
    // of the same claim) starts another one.
    const laptop = new Claimant(portal);
    await laptop.signIn("standard", member);
    const code = (await laptop.get("/standard/confirmation")).text(".reference-code");
    await laptop.post("/standard/confirmation", { intent: "another" });

    const shown = await phone.get(confirmation);
    expect(shown.status).toBe(200);
    expect(shown.text(".reference-code")).toBe(code);
    expect(shown.text(".answer-section")).toContain("Austin");

    // The phone starts another too, then goes back to the confirmation (or reloads it).
    await phone.post(confirmation, { intent: "another" });
    expect((await phone.get(confirmation)).text(".reference-code")).toBe(code);

    // Another member given the address does not see the claim.
    const stranger = new Claimant(portal);
    await atStandardSummary(stranger, blankMember(), "Dallas");
    const theirs = await stranger.get(confirmation);
    expect(theirs.html).not.toContain(code);
    expect(theirs.html).not.toContain("Austin");
  });
});

describe.each(BACKENDS)("a flow that accepts a VIN alone (claims.vinOnlySignIn), on %s", (backend) => {
  let portal: PortalServer;
  const settlement = settlementWithClaims({ vinOnlySignIn: ["automotive"] }, { vinField: true });
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlement });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("signs in unverified: no member's data in any page or reply, the claimant's own details, the claim marked unverified with its VIN", async () => {
    const claimant = new Claimant(portal);
    await claimant.get("/automotive");
    const signedIn = await claimant.post("/automotive", {
      "credentials.vin": BO_LEE.vin.toLowerCase(),
      captchaToken: "test-pass",
    });
    expect(signedIn.headers.get("location")).toBe("/automotive/claimant-info");
    const first = await claimant.get("/automotive/claimant-info");
    for (const personal of BO_LEE.personal) expect(withoutTokens(first)).not.toContain(personal);
    expect(first.document.querySelector("#field-claimantInfo-firstName")?.getAttribute("value") ?? "").toBe("");

    const json = new Claimant(portal);
    await json.get("/automotive");
    const reply = await json.api("/api/forms/automotive/authorize", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ credentials: { vin: BO_LEE.vin }, reCaptchaResponse: "test-pass" }),
    });
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { prepopulatedData: Record<string, string> };
    expect(body.prepopulatedData).toEqual({ VIN: BO_LEE.vin });

    await claimant.complete("/automotive/claimant-info", {
      "claimantInfo.firstName": "Kim",
      "claimantInfo.lastName": "Park",
      "claimantInfo.mailingStreetLine1": "5 Bay Rd",
      "claimantInfo.mailingCity": "Portland",
      "claimantInfo.mailingCountry": "US",
      "claimantInfo.mailingSubDivision": "OR",
      "claimantInfo.mailingPostalCode": "97201",
      "claimantInfo.emailAddress": "kim@example.com",
      "claimantInfo.confirmEmailAddress": "kim@example.com",
      "claimantInfo.phoneNumber": "5035550100",
      "claimantInfo.confirmPhoneNumber": "5035550100",
      "claimantInfo.contactPreference": "email",
    });
    await claimant.complete("/automotive/claim-details", {
      ...AUTOMOTIVE_DETAILS,
      "claimDetails.vehicleVin": BO_LEE.vin,
    });
    await claimant.complete("/automotive/payment-election", { "paymentElection.paymentMethod": "check" });
    await claimant.get("/automotive/supporting-documents");
    await claimant.postMultipart(
      "/automotive/supporting-documents",
      { records: "documentContexts", record: "new", intent: "upload", "documentContexts.documentKind": "title" },
      { "documentContexts.file": { name: "title.pdf", content: PDF } },
    );
    await claimant.complete("/automotive/supporting-documents", { intent: "continue" });
    for (const step of ["claim-details", "payment-election", "supporting-documents", "claim-summary"]) {
      const page = await claimant.get(`/automotive/${step}`);
      for (const personal of BO_LEE.personal) expect(withoutTokens(page), step).not.toContain(personal);
    }
    expect((await submitSummary(claimant, "automotive")).headers.get("location")).toBe("/automotive/confirmation");
    const code = (await claimant.get("/automotive/confirmation")).text(".reference-code");
    const claim = (await readClaims(portal)).find((candidate) => candidate.reference_code === code);
    expect(claim).toMatchObject({ claim_id: null, vin: BO_LEE.vin, verified: false, sign_in_method: "vin" });
    expect(claim!.models.claimantInfo?.lastName).toBe("Park");

    const report = JSON.parse((await portalCommand(portal, settlement, "report", "--json")).stdout) as {
      unverified: unknown[];
    };
    expect(report.unverified).toContainEqual({
      referenceCode: code,
      formType: "automotive",
      signInMethod: "vin",
      vin: BO_LEE.vin,
    });
  });

  test("a flow the setting does not list refuses a VIN alone with a message that says what to use", async () => {
    const dir = settlementWithClaims({ vinOnlySignIn: [] }, { vinField: true });
    const strict = await startPortal({ backend, settlementDir: dir });
    try {
      expect(strict.output()).toContain(
        "automotive's sign-in page asks for a VIN, but claims.vinOnlySignIn does not list automotive",
      );
      const claimant = new Claimant(strict);
      await claimant.get("/automotive");
      const refused = await claimant.post("/automotive", { "credentials.vin": BO_LEE.vin, captchaToken: "test-pass" });
      expect(refused.status).toBe(400);
      expect(refused.text(".error-summary")).toContain(
        "Enter the Claim ID and PIN from your notice. A VIN alone cannot be used to file this claim.",
      );
      for (const personal of BO_LEE.personal) expect(withoutTokens(refused)).not.toContain(personal);
    } finally {
      await strict.stop();
    }
  });
});

/** A member's JSON client (SPEC §7): signs in, then files the standard claim with one document. */
async function jsonClient(portal: PortalServer, member: Credentials) {
  const client = new Claimant(portal);
  await client.get("/standard");
  const authorized = await client.api("/api/forms/standard/authorize", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      credentials: { claimId: member["credentials.claimId"], pin: member["credentials.pin"] },
      reCaptchaResponse: "test-pass",
    }),
  });
  expect(authorized.status).toBe(200);
  return (city = "Austin") => {
    const parts = new FormData();
    const answers = {
      claimantInfo: {
        firstName: "Bo",
        lastName: "Lee",
        mailingStreetLine1: "1 Main St",
        mailingCity: city,
        mailingCountry: "US",
        mailingSubDivision: "TX",
        mailingPostalCode: "73301",
        emailAddress: "bo@example.com",
        confirmEmailAddress: "bo@example.com",
      },
      claimDetails: {
        boughtPartsKit: true,
        quantity: "2",
        unitPrice: "19.99",
        purchaseDate: "3/7/2021",
        boughtInStore: true,
      },
      paymentElection: { paymentMethod: "check" },
      signature: { attestation: true, signature: "Bo Lee" },
      documentContexts: [{ clientId: "doc-aaaaaaaa", fields: { name: "receipt.pdf", documentKind: "receipt" } }],
      reCaptchaResponse: "test-pass",
    };
    for (const [name, value] of Object.entries(answers)) parts.append(name, JSON.stringify(value));
    parts.append("documents", new File([new Uint8Array(PDF)], "doc-aaaaaaaa"));
    return client.api("/api/forms/standard", { method: "POST", body: parts });
  };
}

describe.each(BACKENDS)("the JSON API filing with a document, on %s", (backend) => {
  const portals: Record<string, PortalServer> = {};
  beforeAll(async () => {
    for (const perMember of ["one", "amend", "many"])
      portals[perMember] = await startPortal({ backend, settlementDir: settlementWithClaims({ perMember }) });
  });
  afterAll(async () => {
    await Promise.all(Object.values(portals).map((portal) => portal.stop()));
  });

  test.each(["one", "amend", "many"])(
    "%s: the same claim retried, and sent by two sessions at once, is one claim, one version, no error",
    async (perMember) => {
      const portal = portals[perMember]!;
      const member = blankMember();
      const [phone, laptop] = [await jsonClient(portal, member), await jsonClient(portal, member)];
      const [a, b] = await Promise.all([phone(), laptop()]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const retried = await phone();
      expect(retried.status).toBe(200);
      const codes = await Promise.all(
        [a, b, retried].map(async (reply) => ((await reply.json()) as { referenceCodeForm: string }).referenceCodeForm),
      );
      const claims = await claimsOf(portal, member);
      expect(claims).toHaveLength(1);
      expect(codes).toEqual([claims[0]!.reference_code, claims[0]!.reference_code, claims[0]!.reference_code]);
      expect(claims[0]!.version).toBe(1);
      expect(await withStore(portal, (store) => store.claimDocuments(claims[0]!.reference_code))).toHaveLength(1);
    },
  );

  test("amend: a changed claim sent by two sessions at once files both versions; no 500", async () => {
    const portal = portals.amend!;
    const member = blankMember();
    const [phone, laptop] = [await jsonClient(portal, member), await jsonClient(portal, member)];
    expect((await phone("Austin")).status).toBe(200);
    const [a, b] = await Promise.all([phone("Dallas"), laptop("Houston")]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [claim] = await claimsOf(portal, member);
    expect(claim!.version).toBe(3);
  });
});
