import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS, readClaims } from "#tests/support/backends.ts";
import { Claimant, challengeOf, fieldError, summaryLines } from "#tests/support/claimant.ts";
import { blankMember } from "#tests/support/members.ts";
import { AUTOMOTIVE_CLAIMANT, STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { startFakeSiteverify } from "#tests/support/fake-siteverify.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

const MEMBER = { "credentials.claimId": "10000001", "credentials.pin": "123456" };
const SIGNED = { "signature.attestation": "on", "signature.signature": "Bo Lee", captchaToken: "test-pass" };

let portal: PortalServer;

/** Signs in and answers every step of the standard flow, up to its summary. */
async function standardAtSummary(claimant = new Claimant(portal), member: Record<string, string> = blankMember()) {
  await claimant.signIn("standard", member);
  await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
  await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
  // Documents are optional in the standard flow.
  await claimant.complete("/standard/supporting-documents", {});
  return claimant;
}

async function signInAttempt(fields: Record<string, string>, claimant = new Claimant(portal), path = "/automotive") {
  await claimant.get(path);
  return claimant.post(path, fields);
}

/** Everything below, on each backend: SQLite always, PostgreSQL when DATABASE_URL is set. */
describe.each(BACKENDS)("on %s", (backend) => {
  beforeAll(async () => {
    portal = await startPortal({ backend });
  });
  afterAll(async () => {
    await portal.stop();
  });

  describe("signing in (SPEC §4 'Form authorization')", () => {
    test("a class member's Claim ID and PIN: authorized, and the member's data fills the first step", async () => {
      const claimant = new Claimant(portal);
      const page = await signInAttempt(
        { ...claimant.member, captchaToken: "test-pass" },
        claimant,
        "/automotive?culture=es",
      );
      expect(page.status).toBe(303);
      expect(page.headers.get("location")).toBe("/automotive/claimant-info?culture=es");
      const first = await claimant.get("/automotive/claimant-info");
      expect(first.document.querySelector("#field-claimantInfo-firstName")?.getAttribute("value")).toBe("Ana");
      expect(
        first.document.querySelector("#field-claimantInfo-mailingSubDivision option[selected]")?.getAttribute("value"),
      ).toBe("WA");
      // Prepopulated data does not overwrite what the claimant typed since.
      expect(
        (
          await claimant.post("/automotive/claimant-info", {
            ...AUTOMOTIVE_CLAIMANT,
            "claimantInfo.firstName": "Anita",
          })
        ).status,
      ).toBe(303);
      await claimant.signIn("automotive");
      expect(
        (await claimant.get("/automotive/claimant-info")).document
          .querySelector("#field-claimantInfo-firstName")
          ?.getAttribute("value"),
      ).toBe("Anita");
    });

    test("signing in gives the session a new id: the cookie from before sign-in no longer reaches the flow", async () => {
      const claimant = new Claimant(portal);
      await claimant.get("/standard");
      const before = claimant.sessionCookie();
      await claimant.signIn("standard", blankMember());
      const after = claimant.sessionCookie();
      expect(after.value).not.toBe(before.value);
      expect((await claimant.get("/standard/claimant-info")).status).toBe(200);
      const planted = await fetch(`${portal.url}/standard/claimant-info`, {
        redirect: "manual",
        headers: { Cookie: `${before.name}=${before.value}` },
      });
      expect(planted.headers.get("location")).toBe("/session-expired?form=standard");
    });

    test("credentials that match no one: 401 with the server's message", async () => {
      const wrongPin = await signInAttempt({ ...MEMBER, "credentials.pin": "654321", captchaToken: "test-pass" });
      expect(wrongPin.status).toBe(401);
      expect(summaryLines(wrongPin)).toEqual([
        "The Claim ID and PIN do not match our records. Check them on your notice and try again.",
      ]);
    });

    test("invalid credentials: 400 with the field's message", async () => {
      const page = await signInAttempt({
        "credentials.claimId": "10000001",
        "credentials.pin": "12345",
        captchaToken: "test-pass",
      });
      expect(page.status).toBe(400);
      expect(fieldError(page, "credentials.pin")).toBe("A PIN has 6 digits");
      const neither = await signInAttempt({ captchaToken: "test-pass" });
      expect(fieldError(neither, "credentials.claimId")).toBe("Enter the Claim ID from your notice");
    });

    test("the captcha: missing, or rejected, is a 400 that says so", async () => {
      const missing = await signInAttempt(MEMBER);
      expect(missing.status).toBe(400);
      expect(summaryLines(missing)).toEqual(["Security check: Complete the security check"]);
      const rejected = await signInAttempt({ ...MEMBER, captchaToken: "forged" });
      expect(rejected.status).toBe(400);
      expect(page(rejected)).toContain("The security check was not passed. Please try again.");
    });

    test("without JavaScript: the server's sum, right or wrong or expired", async () => {
      const claimant = new Claimant(portal);
      const { token, answer } = challengeOf(await claimant.get("/automotive"));
      const wrong = await claimant.post("/automotive", {
        ...MEMBER,
        challengeToken: token,
        challengeAnswer: String(Number(answer) + 1),
      });
      expect(wrong.status).toBe(400);
      const late = await claimant.post(
        "/automotive",
        { ...MEMBER, challengeToken: token, challengeAnswer: answer },
        { headers: { "X-Test-Now": new Date(Date.now() + 20 * 60_000).toISOString() } },
      );
      expect(late.status).toBe(400);
      await claimant.get("/automotive");
      const right = await claimant.post("/automotive", {
        ...MEMBER,
        challengeToken: token,
        challengeAnswer: ` ${answer} `,
      });
      expect(right.status).toBe(303);
    });

    test("a solved sum passes once, and only for the session it was shown to", async () => {
      const claimant = new Claimant(portal);
      const solved = challengeOf(await claimant.get("/automotive"));
      const wrongPin = await claimant.post("/automotive", {
        ...claimant.member,
        "credentials.pin": "000000",
        challengeToken: solved.token,
        challengeAnswer: solved.answer,
      });
      expect(wrongPin.status).toBe(401); // the sum was accepted, the PIN was not
      await claimant.get("/automotive");
      const replayed = await claimant.post("/automotive", {
        ...claimant.member,
        challengeToken: solved.token,
        challengeAnswer: solved.answer,
      });
      expect(replayed.status).toBe(400);
      // Its "Error:" is for screen readers (visually hidden), as beside every field.
      expect(replayed.text("#captcha-error")).toBe("Error: The security check was not passed. Please try again.");

      const shownTo = new Claimant(portal);
      const theirs = challengeOf(await shownTo.get("/automotive"));
      const other = new Claimant(portal);
      await other.get("/automotive");
      const borrowed = await other.post("/automotive", {
        ...other.member,
        challengeToken: theirs.token,
        challengeAnswer: theirs.answer,
      });
      expect(borrowed.status).toBe(400);
      expect((await other.get("/automotive/claimant-info")).status).toBe(303); // not signed in
      // The refusal did not use it up: the session it was shown to still signs in with it.
      expect(
        (
          await shownTo.post("/automotive", {
            ...shownTo.member,
            challengeToken: theirs.token,
            challengeAnswer: theirs.answer,
          })
        ).status,
      ).toBe(303);
    });

    test("a POST without the CSRF token, or from another site, authorizes nothing", async () => {
      const claimant = new Claimant(portal);
      await claimant.get("/automotive");
      expect(
        (await claimant.post("/automotive", { ...MEMBER, captchaToken: "test-pass" }, { csrf: false })).status,
      ).toBe(403);
      const token = claimant.csrfToken();
      const crossSite = await fetch(`${portal.url}/automotive`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Cookie: claimant.cookieHeader(),
          Origin: "https://evil.example",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ ...MEMBER, captchaToken: "test-pass", csrf: token }),
      });
      expect(crossSite.status).toBeGreaterThanOrEqual(400);
      expect(crossSite.status).toBeLessThan(500);
      expect((await claimant.get("/automotive/claimant-info")).status).toBe(303); // still not signed in
    });
  });

  function page(result: Awaited<ReturnType<Claimant["get"]>>) {
    return result.text("main");
  }

  /** A portal whose captcha is Turnstile, checked by a local stand-in of its siteverify, with or without the sum beside it. */
  async function startTurnstilePortal(fallbackChallenge: boolean) {
    const siteverify = await startFakeSiteverify();
    const turnstile = await startPortal({
      backend,
      settlementDir: settlementWith(
        { captcha: { provider: "turnstile", siteKey: "0x4AAAAAAA", verifyUrl: siteverify.url, fallbackChallenge } },
        { testCaptcha: false },
      ),
      env: { CAPTCHA_SECRET_KEY: "secret-for-tests" },
    });
    return { siteverify, turnstile };
  }

  describe("the Turnstile provider, verified against its (stand-in) siteverify endpoint", () => {
    test("a passing token signs in; a failing one is refused; an unreachable provider is a generic failure", async () => {
      const { siteverify, turnstile } = await startTurnstilePortal(false);
      try {
        const attempt = (token: string) => signInAttempt({ ...MEMBER, captchaToken: token }, new Claimant(turnstile));
        expect((await attempt("pass-1")).status).toBe(303);
        expect(siteverify.requests[0]?.get("secret")).toBe("secret-for-tests");
        expect(siteverify.requests[0]?.get("response")).toBe("pass-1");
        expect((await attempt("test-pass")).status).toBe(400); // the test provider's token means nothing here
        const down = await attempt("down");
        expect(down.status).toBe(503);
        // Shown at the security check, which is where a way through would be (the sum, below).
        expect(summaryLines(down)[0]).toBe(
          "Security check: A problem has occured during your submission. Please try again. If this problem persists, please contact the Settlement Administrator using the information below.",
        );
        // Without a fallback challenge, a script-less browser is told the check needs JavaScript.
        expect((await new Claimant(turnstile).get("/automotive")).text(".captcha")).toMatch(/needs JavaScript/);
      } finally {
        await turnstile.stop();
        await siteverify.close();
      }
    });
  });

  describe("the Turnstile provider with the sum beside it", () => {
    test("a widget's token that does not pass (the provider down, or refused) leaves the sum to decide when the claimant answered it", async () => {
      const { siteverify, turnstile } = await startTurnstilePortal(true);
      try {
        const attempt = async (captchaToken: string, sum: "right" | "wrong" | "none") => {
          const claimant = new Claimant(turnstile);
          const { token, answer } = challengeOf(await claimant.get("/automotive"));
          const challengeAnswer = sum === "right" ? answer : sum === "wrong" ? String(Number(answer) + 1) : "";
          return (
            await claimant.post("/automotive", { ...MEMBER, captchaToken, challengeToken: token, challengeAnswer })
          ).status;
        };
        expect(await attempt("down", "none")).toBe(503);
        expect(await attempt("down", "right")).toBe(303);
        expect(await attempt("down", "wrong")).toBe(400);
        expect(await attempt("refused", "right")).toBe(303);
        expect(await attempt("refused", "none")).toBe(400);
        // A token that passes needs no sum, and a wrong one beside it does not spoil it.
        expect(await attempt("pass-2", "wrong")).toBe(303);
      } finally {
        await turnstile.stop();
        await siteverify.close();
      }
    });
  });

  describe("abuse", () => {
    test("failed sign-ins are counted per client: past the budget a failure is answered 429, and the right PIN still signs in", async () => {
      const limited = await startPortal({ backend, env: { AUTHORIZE_ATTEMPTS_PER_10_MIN: "3" } });
      try {
        const statuses = [];
        for (const pin of ["000001", "000002", "000003", "000004", "123456"]) {
          statuses.push(
            (
              await signInAttempt(
                { ...MEMBER, "credentials.pin": pin, captchaToken: "test-pass" },
                new Claimant(limited),
              )
            ).status,
          );
        }
        // Decision 021: a claimant behind the same address (a carrier's NAT) is never refused the right PIN.
        expect(statuses).toEqual([401, 401, 401, 429, 303]);
      } finally {
        await limited.stop();
      }
    });

    test("sign-ins that succeed do not count: many claimants behind one address (a library, a help desk) all sign in", async () => {
      const limited = await startPortal({ backend, env: { AUTHORIZE_ATTEMPTS_PER_10_MIN: "3" } });
      try {
        const statuses = [];
        for (let claimant = 0; claimant < 6; claimant++)
          statuses.push(
            (await signInAttempt({ ...blankMember(), captchaToken: "test-pass" }, new Claimant(limited))).status,
          );
        expect(statuses).toEqual([303, 303, 303, 303, 303, 303]);
      } finally {
        await limited.stop();
      }
    });
  });

  describe("the session time-out (30 minutes without a request)", () => {
    const at = (minutes: number) => ({
      "X-Test-Now": new Date(Date.parse("2026-11-21T18:00:00Z") + minutes * 60_000).toISOString(),
    });

    test("activity keeps it; 30 minutes idle ends it, drafts and all", async () => {
      const cookieOf = new Claimant(portal, at(0));
      await cookieOf.signIn("standard", blankMember());
      await cookieOf.complete("/standard/claimant-info", STANDARD_CLAIMANT);
      const cookie = cookieOf.sessionCookie();
      const later = (minutes: number) =>
        fetch(`${portal.url}/standard/claim-details?culture=es`, {
          redirect: "manual",
          headers: { ...at(minutes), Cookie: `${cookie.name}=${cookie.value}` },
        });
      expect((await later(25)).status).toBe(200);
      expect((await later(54)).status).toBe(200); // 29 minutes after the last request
      const expired = await later(85);
      expect(expired.status).toBe(303);
      expect(expired.headers.get("location")).toBe("/session-expired?form=standard&culture=es");
      expect((await later(86)).headers.get("location")).toBe("/session-expired?form=standard&culture=es");
    });

    test("POST /api/session-timeout logs out; the keep-alive needs the CSRF header", async () => {
      const claimant = new Claimant(portal);
      await claimant.signIn("standard", blankMember());
      await claimant.get("/standard/claimant-info");
      expect((await claimant.api("/api/session/keep-alive", { method: "POST", csrf: false })).status).toBe(403);
      expect((await claimant.api("/api/session/keep-alive", { method: "POST" })).status).toBe(204);
      expect((await claimant.api("/api/session-timeout", { method: "POST" })).status).toBe(204);
      expect((await claimant.get("/standard/claimant-info")).headers.get("location")).toBe(
        "/session-expired?form=standard",
      );
    });

    test("step pages carry the no-JavaScript refresh to /session-expired when the session would lapse", async () => {
      const claimant = new Claimant(portal);
      await claimant.signIn("standard", blankMember());
      const step = await claimant.get("/standard/claimant-info?culture=es");
      // In the head, where HTML allows a refresh (issue 13): in <main> the Nu HTML checker refused it.
      const head = step.html.slice(0, step.html.indexOf("</head>"));
      expect(head).toContain(
        '<noscript><meta http-equiv="refresh" content="1800; url=/session-expired?form=standard&amp;culture=es"/></noscript>',
      );
      expect(step.document.querySelector("main")?.innerHTML).not.toContain("http-equiv");
    });
  });

  describe("check your answers and submission", () => {
    test("the summary lists every answer by step, with change links that come back to it", async () => {
      const claimant = await standardAtSummary();
      const summary = await claimant.get("/standard/claim-summary");
      expect(summary.status).toBe(200);
      expect(summary.document.querySelectorAll(".answer-section h2").map((heading) => heading.textContent)).toEqual([
        "About you",
        "Your claim",
        "How you want to be paid",
        "Supporting documents",
      ]);
      const answers = Object.fromEntries(
        summary.document
          .querySelectorAll(".answer")
          .map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]),
      );
      expect(answers).toMatchObject({
        "Last name": "Lee",
        Country: "United States",
        "ZIP code": "73301",
        "Price of each": "$1,250.50",
        Online: "Yes",
        "In a parts store": "No",
        "Payment method": "Paper check by mail",
        Documents: "None added yet.",
      });
      expect(answers).not.toHaveProperty("PayPal email address"); // it does not apply to a check
      const change = summary.document.querySelector(".answer-section a")!.getAttribute("href")!;
      expect(change).toBe("/standard/claimant-info?return=summary");
      await claimant.get(change);
      const saved = await claimant.post(change, { ...STANDARD_CLAIMANT, "claimantInfo.lastName": "Lee-Park" });
      expect(saved.headers.get("location")).toBe("/standard/claim-summary?saved=1");
      expect(summary.text(".signature-date")).toMatch(/^Date of signature: \w+ \d+, \d{4}$/);
    });

    test("the summary is a summary list: a Change per row naming its question, no Confirm repeats, answers as written, blanks 'Not given'", async () => {
      const claimant = new Claimant(portal);
      await claimant.signIn("standard", blankMember());
      await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
      await claimant.complete("/standard/claim-details", { ...STANDARD_DETAILS, "claimDetails.unitPrice": "1200" });
      await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
      await claimant.complete("/standard/supporting-documents", {});
      const summary = await claimant.get("/standard/claim-summary");
      expect(summary.text(".back-link a")).toBe("Back");
      expect(summary.text(".step-count")).toMatch(/^Step \d+ of \d+$/);
      const rows = summary.document.querySelectorAll(".answer-section .summary-list-row");
      expect(rows.length).toBeGreaterThan(10);
      for (const row of rows) {
        const question = row.querySelector("dt")!.textContent.trim();
        const change = row.querySelector(".summary-list-actions a")!;
        expect(change.textContent.replace(/\s+/g, " ").trim()).toBe(`Change ${question}`);
        expect(change.querySelector(".visually-hidden")!.textContent.trim()).toBe(question);
        expect(change.getAttribute("href")).toMatch(/^\/standard\/[a-z-]+\?return=summary$/);
      }
      const answers = Object.fromEntries(
        rows.map((row) => [row.querySelector("dt")!.textContent.trim(), row.querySelector("dd")!.textContent.trim()]),
      );
      expect(Object.keys(answers).filter((question) => /^Confirm/.test(question))).toEqual([]);
      expect(answers["Email address"]).toBe("bo@acmemotors.example");
      expect(answers["Price of each"]).toBe("$1,200.00");
      expect(Object.values(answers)).not.toContain("Not answered yet");
      expect(Object.values(answers)).toContain("Not given");
    });

    test("submitting files one claim with a reference code; the claim holds what was typed, normalised", async () => {
      const claimant = await standardAtSummary();
      await claimant.get("/standard/claim-summary");
      const unsigned = await claimant.post("/standard/claim-summary", { captchaToken: "test-pass" });
      expect(unsigned.status).toBe(400);
      expect(fieldError(unsigned, "signature.attestation")).toBe("Tick the declaration to submit your claim");
      const filed = await claimant.post("/standard/claim-summary", SIGNED);
      expect(filed.status).toBe(303);
      expect(filed.headers.get("location")).toBe("/standard/confirmation");
      const confirmation = await claimant.get("/standard/confirmation");
      const code = confirmation.text(".reference-code");
      // GOV.UK confirmation: the outcome and the code in a panel, then what happens next.
      expect(confirmation.text(".confirmation-panel h1")).toBe("Claim submitted");
      expect(confirmation.text(".confirmation-panel .reference-code strong")).toBe(code);
      expect(confirmation.text(".what-next h2")).toBe("What happens next");
      expect(confirmation.text(".what-next")).toContain("after the filing deadline");
      expect(confirmation.text(".keep-code")).toContain("Keep this code");
      expect(confirmation.text(".answers")).not.toContain("Not answered yet");
      expect(confirmation.document.querySelectorAll(".answers .summary-list-actions")).toHaveLength(0);
      expect(code).toMatch(/^STD-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      const claim = (await readClaims(portal)).find((row) => row.reference_code === code)!;
      expect(claim.form_type).toBe("standard");
      expect(claim.models.claimantInfo).toMatchObject({ firstName: "Bo", lastName: "Lee", mailingPostalCode: "73301" });
      expect(claim.models.claimDetails).toMatchObject({
        unitPrice: "1250.50",
        purchaseDate: "03/07/2021",
        warrantyPeriod: "01/15/2021 - 01/14/2024",
      });
      expect(claim.models.paymentElection).toMatchObject({ paymentMethod: "check", paypalEmail: null });
      expect(claim.models.signature).toMatchObject({ attestation: true, signature: "Bo Lee" });
    });

    test("the same draft submitted twice, or five times at once, is one claim with one code", async () => {
      const member = blankMember();
      const claimant = await standardAtSummary(new Claimant(portal), member);
      await claimant.get("/standard/claim-summary");
      const token = claimant.csrfToken();
      const cookie = claimant.sessionCookie();
      const post = () =>
        fetch(`${portal.url}/standard/claim-summary`, {
          method: "POST",
          redirect: "manual",
          headers: {
            Cookie: `${cookie.name}=${cookie.value}`,
            Origin: portal.url,
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({ ...SIGNED, csrf: token }),
        });
      const answers = await Promise.all([post(), post(), post(), post(), post()]);
      expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303, 303, 303]);
      const again = await post(); // the back button and a resubmission
      expect(again.headers.get("location")).toBe("/standard/confirmation");
      const code = (await claimant.get("/standard/confirmation")).text(".reference-code");
      const draftId = (await readClaims(portal)).find((row) => row.reference_code === code)!.draft_id;
      expect((await readClaims(portal)).filter((row) => row.draft_id === draftId)).toHaveLength(1);
      // Signing in again afterwards shows the claim filed (one claim per member, the default).
      expect((await claimant.signIn("standard", member)).headers.get("location")).toBe("/standard/confirmation");
      expect((await claimant.get("/standard/claim-summary")).headers.get("location")).toBe("/standard/confirmation");
    });

    test("the summary before the steps are done goes to the first one not done", async () => {
      const claimant = new Claimant(portal);
      await claimant.signIn("reimbursement", blankMember());
      expect((await claimant.get("/reimbursement/claim-summary")).headers.get("location")).toBe(
        "/reimbursement/claimant-info",
      );
      expect((await claimant.get("/reimbursement/confirmation")).headers.get("location")).toBe(
        "/reimbursement/claim-summary",
      );
    });
  });

  describe("a server restart in the middle of a flow", () => {
    test("keeps the session, its authorization and the draft", async () => {
      const first = await startPortal({ backend });
      const claimant = new Claimant(first);
      await claimant.signIn("standard", blankMember());
      await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
      const cookie = claimant.sessionCookie();
      expect(await first.stop()).toBe(0);
      const second = await startPortal({
        env: { DATA_DIR: first.dataDir, ...(first.databaseUrl ? { DATABASE_URL: first.databaseUrl } : {}) },
      });
      try {
        const back = await fetch(`${second.url}/standard/claimant-info`, {
          headers: { Cookie: `${cookie.name}=${cookie.value}` },
          redirect: "manual",
        });
        expect(back.status).toBe(200);
        expect(await back.text()).toContain('value="Lee"');
        expect(
          (
            await fetch(`${second.url}/standard/claim-details`, {
              headers: { Cookie: `${cookie.name}=${cookie.value}` },
              redirect: "manual",
            })
          ).status,
        ).toBe(200);
      } finally {
        await second.stop();
      }
    });
  });

  describe("the VIN lookup", () => {
    test("says whether a vehicle is covered, behind the captcha", async () => {
      const claimant = new Claimant(portal);
      await claimant.get("/lookup?culture=es");
      const covered = await claimant.post("/lookup?culture=es", {
        "vinLookup.vin": "2t1burhe0jc012345",
        captchaToken: "test-pass",
      });
      expect(covered.status).toBe(200);
      expect(covered.text(".lookup-result")).toBe(
        "El vehículo con VIN 2T1BURHE0JC012345 está cubierto por el acuerdo.",
      );
      const unknown = await claimant.post("/lookup", {
        "vinLookup.vin": "1HGCM82633A000000",
        captchaToken: "test-pass",
      });
      expect(unknown.text(".lookup-result")).toBe(
        "The vehicle with VIN 1HGCM82633A000000 is not on the list of covered vehicles.",
      );
      // Each answer says what to do next: file a claim, or check the VIN and whom to ask.
      expect(covered.text(".lookup-next")).toBe(
        "Para presentar un reclamo, inicie sesión con el ID de reclamo y el PIN de su aviso. Presentar un reclamo",
      );
      expect(covered.document.querySelector(".lookup-next a")?.getAttribute("href")).toBe("/?culture=es");
      expect(unknown.text(".lookup-next")).toBe(
        "Check the 17 characters against your vehicle's registration or title, and look up again. If you believe your vehicle should be covered, contact the Settlement Administrator: their details are at the bottom of this page.",
      );
      const noCaptcha = await claimant.post("/lookup", { "vinLookup.vin": "1HGCM82633A004352" });
      expect(noCaptcha.status).toBe(400);
      expect(noCaptcha.document.querySelector(".lookup-result")).toBeNull();
    });
  });
});

/** The write-side JSON API of SPEC §7, on each backend. */
describe.each(BACKENDS)("the JSON API on %s", (backend) => {
  let api: PortalServer;
  beforeAll(async () => {
    api = await startPortal({ backend });
  });
  afterAll(async () => {
    await api.stop();
  });

  async function apiClaimant() {
    const claimant = new Claimant(api);
    const csrf = (await (await fetch(`${api.url}/api/csrf`)).json()) as {
      requestHeaderName: string;
      requestToken: string;
    };
    expect(csrf.requestHeaderName).toBe("X-CSRF-TOKEN");
    // The cookie that came with the token; the claimant helper keeps it from a page load.
    await claimant.get("/standard");
    return claimant;
  }

  const authorize = (claimant: Claimant, formType: string, body: unknown, csrf = true) =>
    claimant.api(`/api/forms/${formType}/authorize`, {
      method: "POST",
      csrf,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  test("authorize: 200 with prepopulated data, 401 for no such member, 400 for bad input or captcha, 403 without CSRF", async () => {
    const claimant = await apiClaimant();
    expect(
      (
        await authorize(
          claimant,
          "standard",
          { credentials: { claimId: "10000002", pin: "654321" }, reCaptchaResponse: "test-pass" },
          false,
        )
      ).status,
    ).toBe(403);
    const ok = await authorize(claimant, "standard", {
      credentials: { claimId: "10000002", pin: "654321" },
      reCaptchaResponse: "test-pass",
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      authorized: true,
      error: null,
      prepopulatedData: { FirstName: "Bo", LastName: "Lee", State: "TX" },
    });
    const wrong = await authorize(claimant, "standard", {
      credentials: { claimId: "10000002", pin: "000000" },
      reCaptchaResponse: "test-pass",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({
      authorized: false,
      error: "The Claim ID and PIN do not match our records. Check them on your notice and try again.",
    });
    const bad = await authorize(claimant, "standard", {
      credentials: { claimId: "1" },
      reCaptchaResponse: "test-pass",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain("credentials.claimId: A Claim ID has 8 digits");
    expect(
      (await authorize(claimant, "standard", { credentials: { claimId: "10000002", pin: "654321" } })).status,
    ).toBe(400);
    const lookup = await authorize(claimant, "lookup", {
      credentials: { vin: "3VWDX7AJ5DM123456" },
      reCaptchaResponse: "test-pass",
    });
    expect(await lookup.json()).toMatchObject({ authorized: true, covered: true });
    expect((await claimant.api("/api/forms/mortgage/authorize", { method: "POST" })).status).toBe(404);
  });

  test("submit: multipart JSON parts, validated like the pages, filed once with a reference code", async () => {
    const claimant = await apiClaimant();
    const multipart = (parts: Record<string, unknown>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(parts)) form.append(name, JSON.stringify(value));
      return form;
    };
    const answers = {
      claimantInfo: {
        firstName: "Bo",
        lastName: "Lee",
        mailingStreetLine1: "1 Main St",
        mailingCity: "Austin",
        mailingCountry: "US",
        mailingSubDivision: "TX",
        mailingPostalCode: "73301",
        emailAddress: "bo@example.com",
        confirmEmailAddress: "bo@example.com",
      },
      claimDetails: {
        boughtPartsKit: true,
        quantity: 2,
        unitPrice: "19.99",
        purchaseDate: "3/7/2021",
        boughtInStore: true,
      },
      paymentElection: { paymentMethod: "check" },
      signature: { attestation: true, signature: "Bo Lee" },
      reCaptchaResponse: "test-pass",
      userPreferredCulture: "es",
    };
    const submit = (parts: Record<string, unknown>) =>
      claimant.api("/api/forms/standard", { method: "POST", body: multipart(parts) });
    expect((await submit(answers)).status).toBe(401); // not authorized yet
    await authorize(claimant, "standard", {
      credentials: { claimId: "10000002", pin: "654321" },
      reCaptchaResponse: "test-pass",
    });
    const invalid = await submit({ ...answers, claimDetails: { ...answers.claimDetails, quantity: 0 } });
    expect(invalid.status).toBe(400);
    // In the language the claimant prefers (userPreferredCulture "es"), each field's message in `fields` too.
    expect(await invalid.json()).toEqual({
      code: "validation_failed",
      error: "claimDetails.quantity: Ingrese un número entre 1 y 100",
      fields: { "claimDetails.quantity": "Ingrese un número entre 1 y 100" },
    });
    // Money past its bound, as text or as a JSON number, is refused with its message and files nothing (issue 10).
    for (const unitPrice of ["10,000.01", 99999999999999]) {
      const tooMuch = await submit({ ...answers, claimDetails: { ...answers.claimDetails, unitPrice } });
      expect(tooMuch.status, String(unitPrice)).toBe(400);
      expect(await tooMuch.json()).toMatchObject({
        code: "validation_failed",
        error: "claimDetails.unitPrice: Ingrese un precio de entre $0.01 y $10,000",
      });
    }
    expect((await readClaims(api)).filter((row) => row.claim_id === "10000002")).toEqual([]);
    const notJson = new FormData();
    notJson.append("claimantInfo", "{not json");
    expect((await claimant.api("/api/forms/standard", { method: "POST", body: notJson })).status).toBe(400);

    const filed = await submit(answers);
    expect(filed.status).toBe(200);
    const { referenceCodeForm } = (await filed.json()) as { referenceCodeForm: string };
    expect(referenceCodeForm).toMatch(/^STD-/);
    expect(await (await submit(answers)).json()).toMatchObject({ referenceCodeForm }); // retried: the same claim
    const claim = (await readClaims(api)).find((row) => row.reference_code === referenceCodeForm)!;
    expect(claim.culture).toBe("es");
    expect(claim.models.claimDetails).toMatchObject({
      quantity: "2",
      unitPrice: "19.99",
      purchaseDate: "03/07/2021",
      boughtInStore: true,
      boughtOnline: false,
    });
    expect(claim.models.signature).toMatchObject({ attestation: true, signature: "Bo Lee" });
  });
});
