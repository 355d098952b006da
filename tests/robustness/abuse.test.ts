import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant, summaryLines } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";

/**
 * Abuse (issue 6): sign-in and submission attempts are limited per client address, on the pages
 * and the JSON API alike; other clients are not held back. Clients are told apart by the address
 * the proxy reports (TRUST_PROXY=1, X-Forwarded-For), as behind a real reverse proxy.
 */
let portal: PortalServer;
beforeAll(async () => {
  portal = await startPortal({
    env: { AUTHORIZE_ATTEMPTS_PER_10_MIN: "4", SUBMIT_ATTEMPTS_PER_10_MIN: "2", TRUST_PROXY: "1" },
  });
});
afterAll(async () => {
  await portal.stop();
});

const from = (address: string) => new Claimant(portal, { "X-Forwarded-For": address });

describe("limits per client", () => {
  test("a brute force of PINs through the JSON API is stopped, even at the right PIN; another client still signs in", async () => {
    const attacker = from("203.0.113.10");
    await attacker.get("/standard");
    const attempt = (pin: string) =>
      attacker.api("/api/forms/standard/authorize", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ credentials: { claimId: "10000002", pin }, reCaptchaResponse: "test-pass" }),
      });
    const statuses = [];
    for (const pin of ["000001", "000002", "000003", "000004", "654321"]) statuses.push((await attempt(pin)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect(((await (await attempt("654321")).json()) as { error: string }).error).toBe(
      "Too many attempts. Please wait 10 minutes and try again.",
    );
    await from("203.0.113.11").signIn("standard", { "credentials.claimId": "10000002", "credentials.pin": "654321" });
  });

  test("an IPv6 client is one client per /64: rotating addresses inside it buys no more attempts", async () => {
    // Whoever has one address of a /64 can use any other: an address per bucket would be no limit at all.
    const tryPin = async (address: string, claimId: string) => {
      const client = from(address);
      await client.get("/standard");
      return (
        await client.post("/standard", {
          "credentials.claimId": claimId,
          "credentials.pin": "000001",
          captchaToken: "test-pass",
        })
      ).status;
    };
    const statuses = [];
    for (const address of [
      "2001:db8:7:42::1",
      "2001:db8:7:42::2",
      "2001:db8:7:42:a:b:c:d",
      "2001:0DB8:0007:0042:ffff:ffff:ffff:fffe",
      "2001:db8:7:42::beef",
    ])
      statuses.push(await tryPin(address, "10000003"));
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // The next /64 is another client.
    await from("2001:db8:7:43::1").signIn("standard", {
      "credentials.claimId": "10000003",
      "credentials.pin": "111222",
    });
    // An IPv4-mapped IPv6 address is its IPv4 address.
    const mapped = [];
    for (const address of ["203.0.113.30", "::ffff:203.0.113.30", "203.0.113.30", "::ffff:cb00:711e", "203.0.113.30"])
      mapped.push(await tryPin(address, "10000004"));
    expect(mapped).toEqual([401, 401, 401, 401, 429]);
  });

  test("submissions: past the limit a 429 with the message, whatever was posted; another client still files", async () => {
    const claimant = from("203.0.113.20");
    await claimant.signIn("standard", { "credentials.claimId": "10000006", "credentials.pin": "777888" });
    await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
    await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
    await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
    await claimant.complete("/standard/supporting-documents", {});
    await claimant.get("/standard/claim-summary");
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt++)
      statuses.push((await claimant.post("/standard/claim-summary", { captchaToken: "test-pass" })).status);
    expect(statuses).toEqual([400, 400, 429]);
    expect(
      summaryLines(
        await claimant.post("/standard/claim-summary", {
          "signature.attestation": "on",
          "signature.signature": "Bo Lee",
          captchaToken: "test-pass",
        }),
      ),
    ).toEqual(["Too many submissions. Please wait 10 minutes and try again."]);
  });
});
