import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS, readClaims } from "#tests/support/backends.ts";
import { Claimant, fieldError } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { getPage } from "#tests/support/http.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { openSettlement } from "#tests/support/settlement.ts";
import { ANSWERS, SIGNATURE, TEST_TOKEN } from "#tests/contract/claimants.ts";
import { loadOpenApiContract } from "#tests/contract/openapi.ts";
import { formModel, formModels, partName, SpecClient } from "#tests/contract/spec-client.ts";

const SIGNED = { "signature.attestation": "on", "signature.signature": "Bo Lee", captchaToken: "test-pass" };
const TAKEN = "A claim has already been filed in this form with this email address.";

/** The standard flow's claimant answers, with this e-mail address (typed twice, as the form asks). */
const withEmail = (email: string) => ({
  ...STANDARD_CLAIMANT,
  "claimantInfo.emailAddress": email,
  "claimantInfo.confirmEmailAddress": email,
});

/**
 * Issue 24's "open" sign-in: a class whose members got no notice. The settlement offers the
 * standard flow alone, and anyone files with their name and contact details after the captcha;
 * the claim is filed unverified, with its sign-in kind, for the administrator's review; one claim
 * per e-mail address in the flow (claims.perMember "one").
 */
describe.each(BACKENDS)("a settlement without notices, on %s", (backend) => {
  let portal: PortalServer;
  const settlement = openSettlement();
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlement });
  });
  afterAll(async () => {
    await portal.stop();
  });

  /** A claimant who starts the standard flow without a notice: nothing to give but the captcha. */
  async function startOpen(claimant = new Claimant(portal)) {
    const start = await claimant.get("/standard");
    expect(start.status).toBe(200);
    expect(start.document.querySelector('input[name^="credentials."]')).toBeNull();
    const started = await claimant.post("/standard", { captchaToken: claimant.captchaToken });
    expect(started.status, started.text(".error-summary")).toBe(303);
    expect(started.headers.get("location")).toBe("/standard/claimant-info");
    return claimant;
  }

  /** Starts without a notice and answers every step, up to the summary. */
  async function openAtSummary(answers: Record<string, string>) {
    const claimant = await startOpen();
    // Nothing is filled in for a claimant the portal knows nothing of.
    const first = await claimant.get("/standard/claimant-info");
    expect(first.document.querySelector("#field-claimantInfo-firstName")?.getAttribute("value") ?? "").toBe("");
    await claimant.complete("/standard/claimant-info", answers);
    await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
    await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
    await claimant.complete("/standard/supporting-documents", {});
    await claimant.get("/standard/claim-summary");
    return claimant;
  }

  test("validates without a class-member list, starts, and offers the standard flow alone", async () => {
    const validated = await portalCommand(undefined, settlement, "validate");
    expect(validated.code, validated.stderr).toBe(0);
    const home = await getPage(`${portal.url}/`);
    expect(home.status).toBe(200);
    // No VIN lookup here: the start page does not offer to check whether the settlement covers you.
    expect(home.text("main")).toContain("Use this service to file a claim in this settlement. Choose");
    const links = [...home.document.querySelectorAll("a")].map((link) => link.getAttribute("href") ?? "");
    expect(links).toContain("/standard");
    for (const other of ["/automotive", "/reimbursement", "/lookup"]) {
      expect(
        links.some((href) => href.includes(other)),
        other,
      ).toBe(false);
      expect((await fetch(`${portal.url}${other}`)).status, other).toBe(404);
    }
  });

  test("a claimant files without a Claim ID (scripts off); the claim and the export say unverified, open", async () => {
    const claimant = await openAtSummary(withEmail("ana.open@example.com"));
    const filed = await claimant.post("/standard/claim-summary", SIGNED);
    expect(filed.status, filed.text(".error-summary")).toBe(303);
    const confirmation = await claimant.get(filed.headers.get("location")!);
    const code = confirmation.text(".reference-code");
    expect(code).toMatch(/^STD-/);

    const stored = (await readClaims(portal)).find((claim) => claim.reference_code === code);
    expect(stored).toMatchObject({ claim_id: null, vin: null, verified: false, sign_in_method: "open" });

    const out = mkdtempSync(path.join(tmpdir(), "open-export-"));
    try {
      const exported = await portalCommand(portal, settlement, "export", "--out", out, "--format", "jsonl");
      expect(exported.code, exported.stderr).toBe(0);
      const rows = readFileSync(path.join(out, "claims.jsonl"), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((row) => JSON.parse(row) as Record<string, unknown>);
      expect(rows.find((row) => row.referenceCode === code)).toMatchObject({ verified: false, signInMethod: "open" });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  test("a second claim with the same e-mail address, in any case, is refused where the address is given; another address goes on", async () => {
    const first = await openAtSummary(withEmail("bo.open@example.com"));
    expect((await first.post("/standard/claim-summary", SIGNED)).status).toBe(303);

    // Another session (another device, or someone else) giving the same address is told at once.
    const second = await startOpen();
    await second.get("/standard/claimant-info");
    const refused = await second.post("/standard/claimant-info", withEmail("Bo.Open@Example.COM"));
    expect(refused.status).toBe(400);
    expect(fieldError(refused, "claimantInfo.emailAddress")).toContain(TAKEN);
    expect(refused.text(".error-summary")).toContain(TAKEN);
    expect((await second.post("/standard/claimant-info", withEmail("bo.other@example.com"))).status).toBe(303);
  });

  test("the JSON API: authorize with no credentials, file, and the same address again is 409 email_already_filed", async () => {
    const contract = await loadOpenApiContract();
    const fileByApi = async (email: string) => {
      const client = new SpecClient(portal.url, contract.check);
      await client.loadCsrf();
      const models = Object.fromEntries(
        formModels((await client.modelConfig()).body, "standard").map((model) => [partName(model), model]),
      );
      const authorized = await client.authorize("standard", null, TEST_TOKEN);
      expect(authorized.status, JSON.stringify(authorized.body)).toBe(200);
      expect(authorized.body).toMatchObject({ authorized: true, prepopulatedData: {} });
      return client.submit("standard", {
        claimantInfo: formModel(models.claimantInfo!, {
          ...ANSWERS.standard.claimantInfo,
          emailAddress: email,
          confirmEmailAddress: email,
        }),
        claimDetails: formModel(models.claimDetails!, ANSWERS.standard.claimDetails),
        signature: formModel(models.signature!, SIGNATURE),
        userPreferredCulture: JSON.stringify("en"),
        reCaptchaResponse: JSON.stringify(TEST_TOKEN),
      });
    };
    // Filing before starting: told to start the form, not to sign in with a notice no one here has.
    const unstarted = new SpecClient(portal.url, contract.check);
    await unstarted.loadCsrf();
    expect((await unstarted.submit("standard", { userPreferredCulture: JSON.stringify("en") })).body).toMatchObject({
      code: "not_signed_in",
      error:
        "You have not started this claim form. Start it (authorize, with the security check), then send your claim again.",
    });
    const filed = await fileByApi("dee.api@example.com");
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(filed.body).toMatchObject({ claim: { claimId: null, verified: false, signInMethod: "open" } });
    const again = await fileByApi("DEE.api@example.com");
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: "email_already_filed",
      error: TAKEN,
      fields: { "claimantInfo.emailAddress": TAKEN },
    });
    // An invisible character is no other address.
    expect((await fileByApi("dee.api\u200b@example.com")).status).toBe(409);
  });

  test("two sessions filing with one address at once make one claim; the other is told why", async () => {
    const before = (await readClaims(portal)).length;
    const both = [await openAtSummary(withEmail("cy@example.com")), await openAtSummary(withEmail("cy@example.com"))];
    const answers = await Promise.all(both.map((claimant) => claimant.post("/standard/claim-summary", SIGNED)));
    expect(answers.map((page) => page.status).sort()).toEqual([303, 400]);
    expect(answers.find((page) => page.status === 400)!.text(".error-summary")).toContain(TAKEN);
    expect((await readClaims(portal)).length).toBe(before + 1);
  });
});
