import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { at, getPage, linkHref } from "#tests/support/http.ts";
import { blankMember } from "#tests/support/members.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";

/**
 * Issue 26, words (pages): a page says what happened and how to go on. Without JavaScript here;
 * the browser's side is in tests/e2e/pages-say-what-happened.test.ts.
 */
let portal: PortalServer;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal.stop();
});

/** The demo's flows close on March 31, 2027 at 23:59:59 Pacific time; the settlement on September 30. */
const AFTER_FILING = "2027-04-01T08:00:00Z";
const AFTER_SETTLEMENT = "2027-10-01T08:00:00Z";

/** Opens `path` at `now` as a claimant would, following the deadline guard's redirect to the page it names. */
async function landing(path: string, now: string) {
  const first = await getPage(`${portal.url}${path}`, { headers: at(now) });
  expect(first.status).toBe(303);
  const page = await getPage(new URL(first.headers.get("location")!, portal.url).toString(), { headers: at(now) });
  expect(page.status).toBe(200);
  return page;
}

describe("/deadline says which deadline passed, and when, in the settlement's time zone", () => {
  test.each([
    ["/automotive", "Vehicle owner or lessee claim: the deadline was Wednesday, March 31, 2027, 11:59 PM PDT"],
    ["/lookup?culture=es", "Búsqueda de VIN: la fecha límite era el miércoles, 31 de marzo de 2027, 11:59 p. m. PDT"],
    [
      "/reimbursement/claimant-info",
      "Repair reimbursement claim: the deadline was Wednesday, March 31, 2027, 11:59 PM PDT",
    ],
  ])("a flow's own deadline: %s", async (path, said) => {
    const page = await landing(path, AFTER_FILING);
    expect(page.text("h1")).toMatch(/The deadline has passed|La fecha límite ha pasado/);
    expect(page.text("main")).toContain(said);
  });

  test("the settlement's own deadline, English and Spanish", async () => {
    const english = await getPage(`${portal.url}/deadline`, { headers: at(AFTER_SETTLEMENT) });
    expect(english.text("main")).toContain(
      "The deadline for this settlement was Thursday, September 30, 2027, 11:59 PM PDT",
    );
    const spanish = await getPage(`${portal.url}/deadline?culture=es`, { headers: at(AFTER_SETTLEMENT) });
    expect(spanish.text("main")).toContain(
      "La fecha límite de este acuerdo era el jueves, 30 de septiembre de 2027, 11:59 p. m. PDT",
    );
  });

  test("opened with no deadline passed, it claims none", async () => {
    const page = await getPage(`${portal.url}/deadline?flow=automotive`, { headers: at("2027-03-01T08:00:00Z") });
    expect(page.text("main")).not.toContain("was");
    expect(page.text("main")).toContain("The deadline for this part of the settlement has passed");
  });
});

describe("a flow's start page opened while signed in", () => {
  test.each(["en", "es"])(
    "offers the claim where it was left, not a second sign-in; sign-out stays (%s)",
    async (culture) => {
      const claimant = new Claimant(portal);
      await claimant.signIn("standard", blankMember());
      await claimant.complete(`/standard/claimant-info?culture=${culture}`, STANDARD_CLAIMANT);
      const page = await claimant.get(`/standard?culture=${culture}`);
      expect(page.status).toBe(200);
      expect(page.document.querySelector('input[name="credentials.claimId"]')).toBeNull();
      expect(page.document.querySelector("form.step-form")).toBeNull();
      expect(page.document.querySelector("form.sign-out button")).not.toBeNull();
      const label = culture === "es" ? "Continuar su reclamo" : "Continue your claim";
      expect(linkHref(page, label)).toBe(
        culture === "es" ? "/standard/claim-details?culture=es" : "/standard/claim-details",
      );
      expect(page.text("main")).toContain(culture === "es" ? "Ha iniciado sesión" : "You are signed in");
    },
  );

  test("once the claim is filed, the way on is to see it", async () => {
    const claimant = new Claimant(portal);
    await claimant.signIn("standard", blankMember());
    await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
    await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
    await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
    await claimant.complete("/standard/supporting-documents", {});
    await claimant.get("/standard/claim-summary");
    const filed = await claimant.post("/standard/claim-summary", {
      "signature.attestation": "on",
      "signature.signature": "Ana García",
      captchaToken: claimant.captchaToken,
    });
    expect(filed.status).toBe(303);
    const page = await claimant.get("/standard");
    expect(page.document.querySelector("form.step-form")).toBeNull();
    expect(linkHref(page, "See your filed claim")).toBe("/standard/confirmation");
  });

  test("signed in to another flow only, the start page still signs in", async () => {
    const claimant = new Claimant(portal);
    await claimant.signIn("standard", blankMember());
    const page = await claimant.get("/automotive");
    expect(page.document.querySelector('input[name="credentials.claimId"]')).not.toBeNull();
  });
});
