import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { blankMember, type Credentials } from "#tests/support/members.ts";
import type { Page } from "#tests/support/http.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { openSettlement, settlementWith } from "#tests/support/settlement.ts";

const SIGNED = { "signature.attestation": "on", "signature.signature": "Bo Lee", captchaToken: "test-pass" };
const NOT_FOUND = "We could not find a claim with these details.";

/** Signs in as `member` (a new one unless given) and files a standard claim with these claimant answers: its reference code. */
async function fileStandard(portal: PortalServer, answers = STANDARD_CLAIMANT, member: Credentials = blankMember()) {
  const claimant = new Claimant(portal);
  await claimant.signIn("standard", member);
  await claimant.complete("/standard/claimant-info", answers);
  await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
  await claimant.complete("/standard/supporting-documents", {});
  await claimant.get("/standard/claim-summary");
  const filed = await claimant.post("/standard/claim-summary", SIGNED);
  expect(filed.status, filed.text(".error-summary")).toBe(303);
  return (await claimant.get(filed.headers.get("location")!)).text(".reference-code");
}

/** A claimant (another browser) posting the find form of /claim/status. */
async function find(portal: PortalServer, fields: Record<string, string>, claimant = new Claimant(portal)) {
  const method = fields.method ?? "code";
  await claimant.get(`/claim/status?find=${method}`);
  const page = await claimant.post(`/claim/status?find=${method}`, {
    intent: "find",
    method,
    captchaToken: claimant.captchaToken,
    ...fields,
  });
  return { claimant, page };
}

/** What a refused find says: its status, the form's message and the error summary. */
const refusal = (page: Page) => ({
  status: page.status,
  message: page.text(".claim-access .form-error"),
  summary: page.text(".error-summary"),
});

/** Claim access (issue 25): finding a filed claim by code and last name, or by signing in with a notice. */
describe.each(BACKENDS)("claim access, on %s", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlementWith() });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("a claim is found by its code and last name, typed as a person would, without JavaScript; the session gets a new id", async () => {
    const code = await fileStandard(portal, { ...STANDARD_CLAIMANT, "claimantInfo.lastName": "García-López" });
    const claimant = new Claimant(portal);
    const form = await claimant.get("/claim/status");
    expect(form.status).toBe(200);
    expect(form.document.querySelector('form input[name="referenceCode"]')).not.toBeNull();
    const before = claimant.cookieHeader();

    // Lower case, spaces for hyphens, O for 0; the name without its accent, hyphen or capitals.
    const typedCode = code.toLowerCase().replaceAll("-", " ").replaceAll("0", "o");
    const { page } = await find(portal, { referenceCode: typedCode, lastName: "  garcia lopez " }, claimant);
    expect(page.status, page.text(".error-summary")).toBe(303);
    expect(page.headers.get("location")).toBe("/claim/status");
    expect(claimant.cookieHeader()).not.toBe(before);

    const status = await claimant.get("/claim/status");
    expect(status.text(".claim-status")).toContain(code);
    expect(status.text(".claim-status")).toContain("Received on");
    // Found, the page no longer asks; it offers to find another.
    expect(status.document.querySelector('input[name="referenceCode"]')).toBeNull();
  });

  test("an unknown code and a wrong last name read the same: same status, same message", async () => {
    const code = await fileStandard(portal);
    const wrongName = refusal((await find(portal, { referenceCode: code, lastName: "Leeson" })).page);
    const unknown = refusal((await find(portal, { referenceCode: "STD-0000-0000-0000", lastName: "Lee" })).page);
    const garbage = refusal((await find(portal, { referenceCode: "not a code", lastName: "Lee" })).page);
    expect(wrongName.status).toBe(401);
    expect(wrongName.message).toContain(NOT_FOUND);
    expect(unknown).toEqual(wrongName);
    expect(garbage).toEqual(wrongName);
  });

  test("a missing answer is a 400 naming the question", async () => {
    const { page } = await find(portal, { referenceCode: "", lastName: "" });
    expect(page.status).toBe(400);
    expect(page.text(".error-summary")).toContain("Enter your reference code");
    expect(page.text(".error-summary")).toContain("Enter your last name");
  });

  test("five wrong last names lock the code, even for the right one; the lock is the same for an unknown code", async () => {
    const code = await fileStandard(portal);
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await find(portal, { referenceCode: code, lastName: `Wrong${attempt}` })).page.status).toBe(401);
    const locked = (await find(portal, { referenceCode: code, lastName: "Lee" })).page;
    expect(locked.status).toBe(429);
    expect(locked.text(".claim-access .form-error")).toContain("Searches for this reference code are paused");
    expect(locked.headers.get("location")).toBeNull();

    const unknown = "STD-ZZZZ-ZZZZ-ZZZZ";
    for (let attempt = 0; attempt < 5; attempt++)
      await find(portal, { referenceCode: unknown, lastName: `Wrong${attempt}` });
    expect((await find(portal, { referenceCode: unknown, lastName: "Lee" })).page.status).toBe(429);
  });

  test("a member signs in with Claim ID and PIN and sees every claim they filed; a wrong PIN is refused as at sign-in", async () => {
    const member = blankMember();
    const code = await fileStandard(portal, STANDARD_CLAIMANT, member);
    const wrong = (await find(portal, { method: "member", claimId: member["credentials.claimId"], pin: "000000" }))
      .page;
    expect(wrong.status).toBe(401);
    expect(wrong.text(".claim-access .form-error")).toContain("The Claim ID and PIN do not match our records");

    const { claimant, page } = await find(portal, {
      method: "member",
      claimId: member["credentials.claimId"],
      pin: member["credentials.pin"],
    });
    expect(page.status, page.text(".error-summary")).toBe(303);
    const status = await claimant.get("/claim/status");
    expect(status.text(".claim-status")).toContain(code);
    // Another member's claim is not among them.
    const other = await fileStandard(portal);
    expect((await claimant.get("/claim/status")).text("main")).not.toContain(other);
  });

  test("a member signed in to a flow sees their claims without finding them again; signing out forgets all", async () => {
    const member = blankMember();
    const code = await fileStandard(portal, STANDARD_CLAIMANT, member);
    const claimant = new Claimant(portal);
    await claimant.signIn("standard", member);
    expect((await claimant.get("/claim/status")).text(".claim-status")).toContain(code);

    const { page } = await find(portal, { referenceCode: code, lastName: "Lee" }, claimant);
    expect(page.status).toBe(303);
    // The find form's page carries the CSRF token the sign-out needs.
    expect((await claimant.get("/claim/status?find=code")).text(".claim-status")).toContain(code);
    expect((await claimant.post("/sign-out", {})).status).toBe(303);
    const after = await claimant.get("/claim/status");
    expect(after.text("main")).not.toContain(code);
    expect(after.document.querySelector('input[name="referenceCode"]')).not.toBeNull();
  });

  test("the find form in Spanish", async () => {
    const claimant = new Claimant(portal);
    const page = await claimant.get("/claim/status?culture=es");
    expect(page.text("h1")).toBe("Consulte el estado de su reclamo");
    expect(page.text("label")).toContain("Código de referencia");
    const refused = await claimant.post("/claim/status?find=code&culture=es", {
      intent: "find",
      method: "code",
      referenceCode: "STD-0000-0000-0000",
      lastName: "Lee",
      captchaToken: claimant.captchaToken,
    });
    expect(refused.status).toBe(401);
    expect(refused.text(".claim-access .form-error")).toContain("No encontramos ningún reclamo con estos datos.");
  });
});

describe.each(BACKENDS)("claim access with a limit per address, on %s", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ backend, env: { AUTHORIZE_ATTEMPTS_PER_10_MIN: "3" } });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("past the address's budget, failures are answered 429 with a message of their own; the right answer still finds the claim", async () => {
    const code = await fileStandard(portal);
    // Each on another code: no code's own lockout is reached.
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await find(portal, { referenceCode: `STD-0000-0000-000${attempt}`, lastName: "Lee" })).page.status).toBe(
        401,
      );
    const past = (await find(portal, { referenceCode: "STD-0000-0000-0009", lastName: "Lee" })).page;
    expect(past.status).toBe(429);
    expect(past.text(".claim-access .form-error")).toContain("many searches from your network have failed");
    expect((await find(portal, { referenceCode: code, lastName: "Lee" })).page.status).toBe(303);
  });
});

describe.each(BACKENDS)("claim access to a claim filed without a notice, on %s", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: openSettlement() });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("an open claim is found by its code and e-mail address (in any case), or its last name; the member sign-in is not offered", async () => {
    const claimant = new Claimant(portal);
    await claimant.get("/standard");
    expect((await claimant.post("/standard", { captchaToken: claimant.captchaToken })).status).toBe(303);
    const email = "dee.open@example.com";
    await claimant.complete("/standard/claimant-info", {
      ...STANDARD_CLAIMANT,
      "claimantInfo.emailAddress": email,
      "claimantInfo.confirmEmailAddress": email,
    });
    await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
    await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
    await claimant.complete("/standard/supporting-documents", {});
    await claimant.get("/standard/claim-summary");
    const filed = await claimant.post("/standard/claim-summary", SIGNED);
    expect(filed.status, filed.text(".error-summary")).toBe(303);
    const code = (await claimant.get(filed.headers.get("location")!)).text(".reference-code");

    const form = await new Claimant(portal).get("/claim/status");
    expect(form.document.querySelector('input[name="email"]')).not.toBeNull();
    expect(form.text("main")).not.toContain("Claim ID and PIN");

    expect((await find(portal, { referenceCode: code, email: "other@example.com" })).page.status).toBe(401);
    const byEmail = await find(portal, { referenceCode: code, email: " Dee.Open@Example.COM " });
    expect(byEmail.page.status, byEmail.page.text(".error-summary")).toBe(303);
    expect((await byEmail.claimant.get("/claim/status")).text(".claim-status")).toContain(code);
    expect((await find(portal, { referenceCode: code, lastName: "lee" })).page.status).toBe(303);
    // Without notices there is no member to sign in as.
    expect((await find(portal, { method: "member", claimId: "10000001", pin: "123456" })).page.status).toBe(400);
  });
});
