import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { blankMember } from "#tests/support/members.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

/**
 * Issue 25, item 6: the sign-in page and each step page say until when a draft is kept, truthfully
 * for the sign-in: a member's until the flow's first deadline (the demo's claim filing deadline,
 * March 31, 2027 at 11:59 PM Pacific) plus the 30 days' retention, when the purge removes it; an
 * unverified session's only while the session lasts.
 */

const MEMBER_EN = "Answers not filed as a claim are kept until Friday, April 30, 2027, 11:59 PM PDT, then deleted.";
const MEMBER_ES = "se conservan hasta el viernes, 30 de abril de 2027, 11:59 p. m. PDT y luego se eliminan.";
const SESSION_EN = "they are deleted when you sign out, or after 30 minutes without activity";

/** The demo, its automotive flow also taking a VIN alone (claims.vinOnlySignIn). */
function settlementWithVinSignIn() {
  const dir = settlementWith((config) => ({ ...config, claims: { vinOnlySignIn: ["automotive"] } }));
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

describe.each(BACKENDS)("until when a draft is kept, on %s", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ backend, settlementDir: settlementWithVinSignIn() });
  });
  afterAll(async () => {
    await portal.stop();
  });

  test("the sign-in page: a member's draft until the deadline plus the retention; signed in by VIN alone, while the session lasts", async () => {
    const claimant = new Claimant(portal);
    expect((await claimant.get("/standard")).text(".draft-kept")).toContain(MEMBER_EN);
    expect((await claimant.get("/standard?culture=es")).text(".draft-kept")).toContain(MEMBER_ES);
    const both = await claimant.get("/automotive");
    expect(both.text(".draft-kept")).toContain(MEMBER_EN);
    expect(both.text(".draft-kept")).toContain(
      `If you sign in with a VIN alone, your answers are kept only while you are signed in: ${SESSION_EN}.`,
    );
  });

  test("each step page says it for the claimant's own sign-in", async () => {
    const member = new Claimant(portal);
    await member.signIn("standard", blankMember());
    for (const step of ["/standard/claimant-info", "/standard/claimant-info?culture=es"]) {
      const page = await member.get(step);
      expect(page.text(".draft-kept"), step).toContain(step.includes("es") ? MEMBER_ES : MEMBER_EN);
      expect(page.text(".draft-kept"), step).not.toContain("30 minutes");
    }

    const byVin = new Claimant(portal);
    await byVin.get("/automotive");
    expect(
      (await byVin.post("/automotive", { "credentials.vin": "2T1BURHE0JC012345", captchaToken: "test-pass" })).status,
    ).toBe(303);
    const page = await byVin.get("/automotive/claimant-info");
    expect(page.text(".draft-kept")).toBe(
      `Your answers are kept only while you are signed in: ${SESSION_EN}. Finish and file your claim in one visit.`,
    );
    expect(page.text(".draft-kept")).not.toContain("2027");
  });
});
