import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant, summaryLines } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { blankMember, type Credentials } from "#tests/support/members.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";

/**
 * Abuse (issue 6; issue 23, decision 021): failed attempts are counted per client address, on the
 * pages and the JSON API alike, and past the budget only failures are answered differently (429):
 * the right credentials, a passed security check and a filing are never refused for the address
 * they come from. Clients are told apart by the address the proxy reports (TRUST_PROXY=1,
 * X-Forwarded-For), as behind a real reverse proxy.
 */
let portal: PortalServer;
beforeAll(async () => {
  portal = await startPortal({ env: { AUTHORIZE_ATTEMPTS_PER_10_MIN: "4", TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await portal.stop();
});

const from = (address: string) => new Claimant(portal, { "X-Forwarded-For": address });

const TOO_MANY_FAILURES =
  "The Claim ID and PIN do not match our records, and many sign-ins from your network have failed in the last few minutes. Check the Claim ID and PIN on your notice: the right ones still let you in.";

/** One sign-in on the standard flow's page from `address`, with a PIN that is wrong unless told. */
async function tryPin(address: string, member: Credentials, pin = "000001") {
  const client = from(address);
  await client.get("/standard");
  return client.post("/standard", { ...member, "credentials.pin": pin, captchaToken: "test-pass" });
}

describe("limits per client", () => {
  test("one PIN sprayed across Claim IDs through the JSON API: past the budget failures are answered 429, the right PIN still signs in from there; another client's failure is a 401", async () => {
    const attacker = from("203.0.113.10");
    await attacker.get("/standard");
    const attempt = (member: Credentials, pin = "000001") =>
      attacker.api("/api/forms/standard/authorize", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          credentials: { claimId: member["credentials.claimId"], pin },
          reCaptchaResponse: "test-pass",
        }),
      });
    const statuses = [];
    for (let member = 0; member < 6; member++) statuses.push((await attempt(blankMember())).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    expect(await (await attempt(blankMember())).json()).toMatchObject({
      code: "rate_limited",
      authorized: false,
      error: TOO_MANY_FAILURES,
    });
    const member = blankMember();
    expect((await attempt(member, member["credentials.pin"])).status).toBe(200);
    expect((await tryPin("203.0.113.11", blankMember())).status).toBe(401);
  });

  test("an IPv6 client is one client per /64: rotating addresses inside it buys no more failures", async () => {
    // Whoever has one address of a /64 can use any other: an address per bucket would be no limit at all.
    const statuses = [];
    for (const address of [
      "2001:db8:7:42::1",
      "2001:db8:7:42::2",
      "2001:db8:7:42:a:b:c:d",
      "2001:0DB8:0007:0042:ffff:ffff:ffff:fffe",
      "2001:db8:7:42::beef",
    ])
      statuses.push((await tryPin(address, blankMember())).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const member = blankMember();
    expect((await tryPin("2001:db8:7:42::7", member, member["credentials.pin"])).status).toBe(303);
    // The next /64 is another client.
    expect((await tryPin("2001:db8:7:43::1", blankMember())).status).toBe(401);
    // An IPv4-mapped IPv6 address is its IPv4 address.
    const mapped = [];
    for (const address of ["203.0.113.30", "::ffff:203.0.113.30", "203.0.113.30", "::ffff:cb00:711e", "203.0.113.30"])
      mapped.push((await tryPin(address, blankMember())).status);
    expect(mapped).toEqual([401, 401, 401, 401, 429]);
  });

  test("VIN lookups: a security check not passed counts; past the budget it is answered 429, and a lookup that passes is still answered", async () => {
    const client = from("203.0.113.40");
    const lookUp = async (captchaToken: string) => {
      await client.get("/lookup");
      return client.post("/lookup", { "vinLookup.vin": "2T1BURHE0JC012345", captchaToken });
    };
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await lookUp("test-fail")).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expect((await lookUp("test-fail")).text("#captcha-error")).toBe(
      "Error: The security check was not passed, and many from your network have failed in the last few minutes. Please try again.",
    );
    expect((await lookUp("test-pass")).status).toBe(200);
  });

  test("submissions are not limited per client: a claimant's summary refused for what was posted is refused for that only, and then files", async () => {
    const claimant = from("203.0.113.20");
    await claimant.signIn("standard", { "credentials.claimId": "10000006", "credentials.pin": "777888" });
    await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
    await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
    await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
    await claimant.complete("/standard/supporting-documents", {});
    await claimant.get("/standard/claim-summary");
    const statuses = [];
    for (let attempt = 0; attempt < 12; attempt++)
      statuses.push((await claimant.post("/standard/claim-summary", { captchaToken: "test-pass" })).status);
    expect(statuses).toEqual(Array(12).fill(400));
    const filed = await claimant.post("/standard/claim-summary", {
      "signature.attestation": "on",
      "signature.signature": "Bo Lee",
      captchaToken: "test-pass",
    });
    expect(filed.status, summaryLines(filed).join(" ")).toBe(303);
  });
});
