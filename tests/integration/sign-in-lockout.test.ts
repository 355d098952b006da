import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS } from "#tests/support/backends.ts";
import { Claimant, summaryLines } from "#tests/support/claimant.ts";
import { blankMember, type Credentials } from "#tests/support/members.ts";
import { portalCommand } from "#tests/support/portal-command.ts";
import { demoForTests, type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { withStore } from "#tests/support/server-state.ts";

/**
 * Issue 10, "sign-in that cannot be guessed": five failed sign-ins of a Claim ID within 15 minutes
 * lock it (15 minutes, then twice as long each time), counted in the store so every instance sees
 * them, whatever addresses the attempts come from. The test servers' per-client limit is set out
 * of reach, so only the lockout answers 429 here. Times are the test clock's (X-Test-Now).
 */
const T0 = Date.parse("2026-11-21T18:00:00Z"); // 10:00 AM in Los Angeles
const at = (minutes: number) => ({ "X-Test-Now": new Date(T0 + minutes * 60_000).toISOString() });
const WRONG_PIN = "000000";

const LOCKED_EN = (until: string) =>
  `This Claim ID is locked after too many wrong PINs. You can try again after ${until}. If you need help, contact the Settlement Administrator at 1-800-555-0142 or info@acmetransmissionsettlement.example.`;

/** Folds the narrow no-break space Intl puts before AM/PM into a plain space. */
const folded = (text: string) => text.replace(/\s+/g, " ");

/** One sign-in on the standard flow's page, from a browser (a session) of its own, at a time on the test clock. */
async function signInPage(
  portal: PortalServer,
  credentials: Credentials,
  pin: string,
  minutes: number,
  culture = "en",
) {
  const claimant = new Claimant(portal, at(minutes));
  await claimant.get(`/standard?culture=${culture}`);
  return claimant.post(`/standard?culture=${culture}`, {
    ...credentials,
    "credentials.pin": pin,
    captchaToken: "test-pass",
  });
}

/** One sign-in through the JSON API (SPEC §7), from a client of its own. */
async function signInApi(portal: PortalServer, credentials: Credentials, pin: string, minutes: number) {
  const client = new Claimant(portal, at(minutes));
  await client.get("/standard");
  const response = await client.api("/api/forms/standard/authorize", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      credentials: { claimId: credentials["credentials.claimId"], pin },
      reCaptchaResponse: "test-pass",
    }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { code?: string; authorized: boolean; error: string | null },
  };
}

async function failTimes(portal: PortalServer, credentials: Credentials, times: number, minutes: number) {
  const statuses = [];
  for (let attempt = 0; attempt < times; attempt++)
    statuses.push((await signInPage(portal, credentials, WRONG_PIN, minutes)).status);
  return statuses;
}

const pinOf = (credentials: Credentials) => credentials["credentials.pin"];
const claimIdOf = (credentials: Credentials) => credentials["credentials.claimId"];

describe.each(BACKENDS)("the sign-in lockout on %s", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ backend });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("five wrong PINs lock the Claim ID: even the right PIN is refused, with until when and whom to call; it opens after 15 minutes", async () => {
    const member = blankMember();
    expect(await failTimes(portal, member, 5, 0)).toEqual([401, 401, 401, 401, 401]);
    const locked = await signInPage(portal, member, pinOf(member), 1);
    expect(locked.status).toBe(429);
    expect(summaryLines(locked).map(folded)).toEqual([
      LOCKED_EN("November 21, 2026 at 10:15 AM Pacific Standard Time"),
    ]);
    const spanish = await signInPage(portal, member, pinOf(member), 2, "es");
    expect(spanish.status).toBe(429);
    expect(summaryLines(spanish).map(folded)).toEqual([
      "Este ID de reclamo está bloqueado por demasiados PIN incorrectos. Puede volver a intentarlo después del 21 de noviembre de 2026 a las 10:15 hora estándar del Pacífico. Si necesita ayuda, comuníquese con el Administrador del Acuerdo al 1-800-555-0142 o a info@acmetransmissionsettlement.example.",
    ]);
    expect(await withStore(portal, (store) => store.getSignInFailures(claimIdOf(member)))).toMatchObject({
      lockouts: 1,
      lockedUntil: T0 + 15 * 60_000,
    });

    expect((await signInPage(portal, member, pinOf(member), 14.9)).status).toBe(429);
    expect((await signInPage(portal, member, pinOf(member), 15)).status).toBe(303);
    // Signing in forgets the failures.
    expect(await withStore(portal, (store) => store.getSignInFailures(claimIdOf(member)))).toBeUndefined();
  });

  test("a Claim ID locked again soon after lasts twice as long", async () => {
    const member = blankMember();
    await failTimes(portal, member, 5, 0);
    expect(await failTimes(portal, member, 5, 16)).toEqual([401, 401, 401, 401, 401]);
    const locked = await signInPage(portal, member, pinOf(member), 45);
    expect(locked.status).toBe(429);
    expect(folded(summaryLines(locked)[0]!)).toBe(LOCKED_EN("November 21, 2026 at 10:46 AM Pacific Standard Time"));
    expect((await signInPage(portal, member, pinOf(member), 46)).status).toBe(303);
  });

  test("a success before the fifth failure starts the count again", async () => {
    const member = blankMember();
    expect(await failTimes(portal, member, 4, 0)).toEqual([401, 401, 401, 401]);
    expect((await signInPage(portal, member, pinOf(member), 1)).status).toBe(303);
    expect(await failTimes(portal, member, 4, 2)).toEqual([401, 401, 401, 401]);
    expect((await signInPage(portal, member, pinOf(member), 3)).status).toBe(303);
  });

  test("failures are counted per window of 15 minutes: four, then four more 15 minutes later, lock nothing", async () => {
    const member = blankMember();
    await failTimes(portal, member, 4, 0);
    await failTimes(portal, member, 4, 15);
    expect((await signInPage(portal, member, pinOf(member), 16)).status).toBe(303);
  });

  test("a Claim ID that does not exist is locked the same way, with the same message: the lockout tells no one which exist", async () => {
    const member = blankMember();
    const nobody = { "credentials.claimId": "49999999", "credentials.pin": "123456" };
    expect(await failTimes(portal, nobody, 5, 0)).toEqual([401, 401, 401, 401, 401]);
    await failTimes(portal, member, 5, 0);
    const unknown = await signInPage(portal, nobody, "123456", 1);
    const known = await signInPage(portal, member, pinOf(member), 1);
    expect(unknown.status).toBe(429);
    expect(summaryLines(unknown)).toEqual(summaryLines(known));
  });

  test("the JSON API counts and refuses the same, as 423 { code: locked_out, authorized: false, error }, and a lock from the pages holds there", async () => {
    const member = blankMember();
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++) statuses.push((await signInApi(portal, member, WRONG_PIN, 0)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await signInApi(portal, member, pinOf(member), 1);
    // 423 Locked, the Claim ID's lock (decision 020); 429 is this client's own rate limit.
    expect(locked.status).toBe(423);
    expect(locked.body).toMatchObject({ code: "locked_out", authorized: false });
    expect(folded(locked.body.error!)).toBe(LOCKED_EN("November 21, 2026 at 10:15 AM Pacific Standard Time"));
    expect((await signInPage(portal, member, pinOf(member), 1)).status).toBe(429);

    const other = blankMember();
    await failTimes(portal, other, 5, 0);
    expect((await signInApi(portal, other, pinOf(other), 1)).status).toBe(423);
    expect((await signInApi(portal, other, pinOf(other), 16)).status).toBe(200);
  });

  test("ten attempts at once: five are compared, the rest refused, however they race", async () => {
    const member = blankMember();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => signInPage(portal, member, WRONG_PIN, 0).then((page) => page.status)),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  test("an administrator unlocks a Claim ID: npm run portal -- unlock <Claim ID>", async () => {
    const member = blankMember();
    await failTimes(portal, member, 5, 0);
    const unlocked = await portalCommand(portal, demoForTests(), "unlock", claimIdOf(member));
    expect(unlocked.code, unlocked.stderr).toBe(0);
    expect(unlocked.stdout).toBe(`Claim ID ${claimIdOf(member)} is unlocked: its failed sign-ins are forgotten.\n`);
    expect((await signInPage(portal, member, pinOf(member), 1)).status).toBe(303);
    const again = await portalCommand(portal, demoForTests(), "unlock", claimIdOf(member));
    expect(again.stdout).toBe(`Claim ID ${claimIdOf(member)} had no failed sign-ins.\n`);
    expect((await portalCommand(portal, demoForTests(), "unlock")).code).toBe(2);
  });
});

/** Several instances on one PostgreSQL: the count is in the database, not in any one process. */
describe.each(BACKENDS.filter((backend) => backend === "postgresql"))("two instances sharing %s", (backend) => {
  let first: PortalServer;
  let second: PortalServer;
  beforeAll(async () => {
    first = await startPortal({ backend });
    second = await startPortal({ env: { DATABASE_URL: first.databaseUrl! } });
  });
  afterAll(async () => {
    await Promise.all([first.stop(), second.stop()]);
  });

  test("failures on either count together, and the lock holds on both", async () => {
    const member = blankMember();
    expect(await failTimes(first, member, 3, 0)).toEqual([401, 401, 401]);
    expect(await failTimes(second, member, 2, 0)).toEqual([401, 401]);
    expect((await signInPage(first, member, pinOf(member), 1)).status).toBe(429);
    expect((await signInApi(second, member, pinOf(member), 1)).status).toBe(423);
    expect((await signInPage(second, member, pinOf(member), 15)).status).toBe(303);
  });
});
