import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS, readClaims } from "#tests/support/backends.ts";
import { Claimant, summaryLines } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { blankMember, type Credentials, testMember } from "#tests/support/members.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";

/**
 * Issue 23, finding 4 (docs/decisions/021-limits-per-address.md): thousands of claimants share one
 * address behind a carrier's NAT, a library or an office, so a limit per address never refuses
 * correct credentials nor a filing. It counts failed attempts only, in the store (every instance
 * sees one count), and past its budget only failures are answered differently. The servers here
 * run with the shipped limits (the tests' raised ones unset); every claimant comes from 127.0.0.1.
 */
const SHIPPED_LIMITS = { AUTHORIZE_ATTEMPTS_PER_10_MIN: undefined };
const WRONG_PIN = "000000";

/** One sign-in on the standard flow's page, from a claimant's browser (a new one unless told). */
async function signIn(
  portal: PortalServer,
  credentials: Credentials,
  pin = credentials["credentials.pin"],
  claimant = new Claimant(portal),
) {
  await claimant.get("/standard");
  return claimant.post("/standard", { ...credentials, "credentials.pin": pin, captchaToken: "test-pass" });
}

/** A standard claim filed as a browser without JavaScript files it: "filed", or where it was refused. */
async function fileStandardClaim(portal: PortalServer): Promise<string> {
  const claimant = new Claimant(portal);
  const member = testMember();
  const signedIn = await signIn(portal, member, member["credentials.pin"], claimant);
  if (signedIn.status !== 303) return `sign-in ${signedIn.status}`;
  await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
  await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
  await claimant.complete("/standard/supporting-documents", {});
  await claimant.get("/standard/claim-summary");
  const filed = await claimant.post("/standard/claim-summary", {
    "signature.attestation": "on",
    "signature.signature": "Bo Lee",
    captchaToken: "test-pass",
  });
  return filed.status === 303 ? "filed" : `filing ${filed.status}: ${summaryLines(filed).join(" ")}`;
}

describe.each(BACKENDS)("claimants sharing one address, on %s", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ backend, env: SHIPPED_LIMITS });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("25 failed sign-ins from an address, then 40 other members sign in there and file: all 40 claims are filed", async () => {
    const failures = [];
    for (let member = 0; member < 25; member++) failures.push((await signIn(portal, blankMember(), WRONG_PIN)).status);
    const filings = [];
    for (let member = 0; member < 40; member++) filings.push(await fileStandardClaim(portal));
    expect(filings).toEqual(Array(40).fill("filed"));
    expect(await readClaims(portal)).toHaveLength(40);
    // Each failure was told its Claim ID and PIN do not match: 25 is within the address's budget.
    expect(failures).toEqual(Array(25).fill(401));
  });

  test("a failed sign-in and a refusal of a locked Claim ID each log a warning with the Claim ID, the client address and the request id; never the PIN", async () => {
    const member = blankMember();
    const failed = await signIn(portal, member, WRONG_PIN);
    for (let attempt = 0; attempt < 4; attempt++) await signIn(portal, member, WRONG_PIN);
    const refused = await signIn(portal, member);
    expect(refused.status).toBe(429);
    expect(await warningFor(portal, failed.headers)).toMatchObject({
      message: "sign-in failed",
      claimId: member["credentials.claimId"],
      client: "127.0.0.1",
    });
    expect(await warningFor(portal, refused.headers)).toMatchObject({
      message: "sign-in refused: the Claim ID is locked",
      claimId: member["credentials.claimId"],
      client: "127.0.0.1",
    });
    expect(portal.output()).not.toContain(member["credentials.pin"]);
    expect(portal.output()).not.toContain(`"pin"`);
  });
});

/** The warning the portal logged in answering the request whose answer had these headers (other than its own line). */
async function warningFor(portal: PortalServer, headers: Headers): Promise<Record<string, unknown>> {
  const requestId = headers.get("x-request-id");
  const warning = () =>
    portal
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.requestId === requestId && line.level === "warn" && line.message !== "request");
  await expect.poll(warning).toBeDefined();
  return warning()!;
}

/** Several instances on one PostgreSQL, with the shipped limits unless told otherwise. */
describe.each(BACKENDS.filter((backend) => backend === "postgresql"))("two instances sharing %s", (backend) => {
  let first: PortalServer;
  let second: PortalServer;
  let lowFirst: PortalServer;
  let lowSecond: PortalServer;
  beforeAll(async () => {
    first = await startPortal({ backend, env: SHIPPED_LIMITS });
    second = await startPortal({ env: { ...SHIPPED_LIMITS, DATABASE_URL: first.databaseUrl! } });
    // A budget of 4 failures per address, to reach it in a few requests.
    lowFirst = await startPortal({ backend, env: { AUTHORIZE_ATTEMPTS_PER_10_MIN: "4" } });
    lowSecond = await startPortal({ env: { AUTHORIZE_ATTEMPTS_PER_10_MIN: "4", DATABASE_URL: lowFirst.databaseUrl! } });
  });
  afterAll(async () => {
    await Promise.all([first.stop(), second.stop(), lowFirst.stop(), lowSecond.stop()]);
  });

  test("six wrong PINs still lock one Claim ID, three on each instance; then the right one is refused on both", async () => {
    const member = blankMember();
    const statuses = [];
    for (const portal of [first, second, first, second, first, second])
      statuses.push((await signIn(portal, member, WRONG_PIN)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await signIn(first, member)).status).toBe(429);
    expect((await signIn(second, member)).status).toBe(429);
  });

  test("an address's failures are counted by both instances together; past the budget failures are answered 429 on either, and the right credentials still sign in on both", async () => {
    const statuses = [];
    for (const portal of [lowFirst, lowSecond, lowFirst, lowSecond, lowFirst, lowSecond])
      statuses.push((await signIn(portal, blankMember(), WRONG_PIN)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const refused = await signIn(lowSecond, blankMember(), WRONG_PIN);
    expect(summaryLines(refused)).toEqual([
      "The Claim ID and PIN do not match our records, and many sign-ins from your network have failed in the last few minutes. Check the Claim ID and PIN on your notice: the right ones still let you in.",
    ]);
    expect((await signIn(lowFirst, blankMember())).status).toBe(303);
    expect((await signIn(lowSecond, blankMember())).status).toBe(303);
  });
});
