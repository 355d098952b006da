import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS } from "#tests/support/backends.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { blankMember } from "#tests/support/members.ts";
import { STANDARD_CLAIMANT, STANDARD_DETAILS } from "#tests/support/demo-answers.ts";
import { getPage, type Page } from "#tests/support/http.ts";
import { type PortalServer, startFailure, startPortal } from "#tests/support/portal-server.ts";

/**
 * Issue 12, item 4: what a claimant leaves behind on a shared computer. Pages and API replies are
 * never stored by the browser or a proxy; a signed-in claimant can sign out from any page; and a
 * session ends after an absolute lifetime however long it is kept alive. On each store, since
 * signing out and the lifetime end sessions there.
 */
let portal: PortalServer;
let shortLived: PortalServer;

/** A standard claim answered without JavaScript, up to its summary page. */
async function toSummary(claimant: Claimant): Promise<Page> {
  await claimant.signIn("standard");
  await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
  await claimant.complete("/standard/claim-details", STANDARD_DETAILS);
  await claimant.complete("/standard/payment-election", { "paymentElection.paymentMethod": "check" });
  await claimant.complete("/standard/supporting-documents", {});
  return claimant.get("/standard/claim-summary");
}

/** A standard claim filed without JavaScript. */
async function fileStandardClaim(claimant: Claimant): Promise<void> {
  await toSummary(claimant);
  const filed = await claimant.post("/standard/claim-summary", {
    "signature.attestation": "on",
    "signature.signature": "Ana García",
    captchaToken: claimant.captchaToken,
  });
  expect(filed.status).toBe(303);
}

function signOutForm(page: Page) {
  const form = page.document.querySelector("form.sign-out");
  return (
    form && {
      method: form.getAttribute("method"),
      action: form.getAttribute("action"),
      csrf: form.querySelector('input[name="csrf"]')?.getAttribute("value"),
      form: form.querySelector('input[name="form"]')?.getAttribute("value"),
      button: form.querySelector("button")?.textContent.trim(),
    }
  );
}

/** A claimant whose every request carries the test clock, set by `at` (minutes from a fixed start). */
function onTheClock(server: PortalServer) {
  const clock = { "X-Test-Now": "" };
  const claimant = new Claimant(server, clock);
  const start = Date.parse("2026-12-01T08:00:00Z");
  const at = (minutes: number) => {
    clock["X-Test-Now"] = new Date(start + minutes * 60_000).toISOString();
  };
  return { claimant, at };
}

describe.each(BACKENDS)("on %s", (backend) => {
  beforeAll(async () => {
    [portal, shortLived] = await Promise.all([
      startPortal({ backend }),
      startPortal({ backend, env: { SESSION_LIFETIME_HOURS: "1" } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([portal.stop(), shortLived.stop()]);
  });

  describe("Cache-Control: no-store", () => {
    test("on every page, redirect, data request and API reply; static assets keep their caching", async () => {
      const claimant = new Claimant(portal);
      const replies: Array<[string, Headers]> = [];
      const seen = async (label: string, page: { headers: Headers }) => void replies.push([label, page.headers]);
      await seen("start page", await claimant.get("/standard"));
      await claimant.signIn("standard");
      await seen("step", await claimant.get("/standard/claimant-info"));
      await seen("summary", await toSummary(new Claimant(portal)));
      const filer = new Claimant(portal);
      await fileStandardClaim(filer);
      await seen("confirmation", await filer.get("/standard/confirmation"));
      await seen("summary redirect", await filer.get("/standard/claim-summary"));
      await seen("data request", await claimant.api("/standard/claimant-info.data", { csrf: false }));
      await seen("session guard's redirect", await getPage(`${portal.url}/standard/claim-summary`));
      await seen("not found", await getPage(`${portal.url}/no-such-page`));
      await seen("lookup", await getPage(`${portal.url}/lookup`));
      await seen("api/csrf", await claimant.api("/api/csrf"));
      await seen("api/deadlines", await fetch(`${portal.url}/api/deadlines`));
      await seen(
        "set-language",
        await fetch(`${portal.url}/api/culture/set-language?culture=es&returnUrl=/standard`, { redirect: "manual" }),
      );
      await seen("healthz", await fetch(`${portal.url}/healthz`));
      for (const [label, headers] of replies) expect(headers.get("cache-control"), label).toBe("no-store");

      // A page that loads modules (the sign-in and lookup pages load none: decision 042).
      const step = await claimant.get("/standard/claimant-info");
      const asset = /"(\/assets\/[^"]+\.js)"/.exec(step.html)![1]!;
      expect((await fetch(`${portal.url}${asset}`)).headers.get("cache-control")).toBe(
        "public, max-age=31536000, immutable",
      );
      expect((await fetch(`${portal.url}/favicon.svg`)).headers.get("cache-control")).toBe("public, max-age=3600");
    });
  });

  describe("signing out", () => {
    test("every signed-in page has a sign-out form: a plain POST with the page's CSRF token", async () => {
      const claimant = new Claimant(portal);
      expect(signOutForm(await claimant.get("/standard")), "not signed in").toBeNull();
      await claimant.signIn("standard");
      const pages = ["/standard", "/standard/claimant-info", "/standard/claimant-info?culture=es"];
      for (const path of pages) {
        const page = await claimant.get(path);
        const spanish = path.endsWith("culture=es");
        expect(signOutForm(page), path).toEqual({
          method: "post",
          action: spanish ? "/sign-out?culture=es" : "/sign-out",
          csrf: claimant.csrfToken(),
          form: "standard",
          button: spanish ? "Cerrar sesión" : "Sign out",
        });
      }
      const filer = new Claimant(portal);
      expect(signOutForm(await toSummary(filer))?.csrf, "summary").toBe(filer.csrfToken());
      await fileStandardClaim(filer);
      expect(signOutForm(await filer.get("/standard/confirmation"))?.csrf, "confirmation").toBe(filer.csrfToken());
      const other = new Claimant(portal);
      await other.signIn("reimbursement");
      expect(signOutForm(await other.get("/reimbursement/claimant-info"))?.form).toBe("reimbursement");
    });

    test("signing out ends the session in the store, clears the cookie and lands on the flow's start page with a message", async () => {
      const claimant = new Claimant(portal);
      await claimant.signIn("standard");
      await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
      await claimant.get("/standard/claim-details?culture=es");
      const oldCookie = claimant.cookieHeader();
      const signedOut = await claimant.post("/sign-out?culture=es", { form: "standard" });
      expect(signedOut.status).toBe(303);
      expect(signedOut.headers.get("location")).toBe("/standard?signedOut=1&culture=es");
      const cleared = signedOut.headers.get("set-cookie")!;
      expect(cleared).toMatch(
        /^__session=[^;]*; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
      );
      expect(signedOut.headers.get("cache-control")).toBe("no-store");

      const landing = await getPage(`${portal.url}/standard?signedOut=1&culture=es`);
      expect(landing.text(".signed-out")).toBe(
        "Ha cerrado la sesión. Si inició sesión con su ID de reclamo y su PIN, las respuestas que guardó se conservan: inicie sesión de nuevo para continuar donde lo dejó.",
      );
      expect(signOutForm(landing)).toBeNull();
      expect((await getPage(`${portal.url}/standard?signedOut=1`)).text(".signed-out")).toBe(
        "You have signed out. If you signed in with your Claim ID and PIN, the answers you saved are kept: sign in again to continue where you left off.",
      );

      // The old cookie (a Back button, a copy of it) is worth nothing: the session is gone from the store.
      for (const path of ["/standard/claimant-info", "/standard/claim-details", "/standard"]) {
        const page = await getPage(`${portal.url}${path}`, { headers: { Cookie: oldCookie } });
        if (path === "/standard") {
          expect(page.status).toBe(200);
          expect(page.document.querySelector(".continue-claim"), "no way back in without signing in").toBeNull();
          expect(signOutForm(page)).toBeNull();
        } else {
          expect(page.status, path).toBe(303);
          expect(page.headers.get("location"), path).toBe("/session-expired?form=standard");
        }
      }
      const keepAlive = await fetch(`${portal.url}/api/session/keep-alive`, {
        method: "POST",
        headers: { Cookie: oldCookie, "X-CSRF-TOKEN": claimant.csrfToken() },
      });
      expect(keepAlive.status).toBe(401);

      // The member's saved answers are theirs: signing in again finds them.
      const again = new Claimant(portal);
      await again.signIn("standard", claimant.member);
      const step = await again.get("/standard/claimant-info");
      expect(step.document.querySelector('input[name="claimantInfo.emailAddress"]')?.getAttribute("value")).toBe(
        STANDARD_CLAIMANT["claimantInfo.emailAddress"],
      );
    });

    test("Back after signing out, or a step opened without signing in, does not blame 30 minutes without activity alone; a session that timed out says it expired", async () => {
      const page = (path: string, cookie = "") =>
        getPage(`${portal.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
      // Signed out: the browser's cookie is gone, and Back asks for a step.
      const claimant = new Claimant(portal);
      await claimant.signIn("standard");
      await claimant.get("/standard/claimant-info");
      await claimant.post("/sign-out", { form: "standard" });
      const back = await page("/standard/claimant-info?culture=es");
      expect(back.headers.get("location")).toBe("/session-expired?form=standard&culture=es");
      const signedOut = await page("/session-expired?form=standard&culture=es");
      expect(signedOut.text("h1")).toBe("No ha iniciado sesión");
      expect(signedOut.text("main")).not.toContain("30 minutos");
      // Back in the same browser, which the landing page gave a new (unused) session cookie: the
      // store cannot tell it from a timed-out session's, so the page names signing out as well.
      await claimant.get("/standard?signedOut=1");
      const sameBrowser = await claimant.get("/standard/claimant-info");
      expect(sameBrowser.headers.get("location")).toBe("/session-expired?form=standard");
      expect((await claimant.get("/session-expired?form=standard")).text("main")).toContain(
        "or you signed out yourself, in this tab or another",
      );
      // A step's address opened in a browser that never came here: not signed in either.
      expect((await page("/session-expired?form=standard")).text("h1")).toBe("You are not signed in");
      // Timed out (the browser's timer ended it, as the API does): the cookie stays, the session is gone.
      const idle = new Claimant(portal);
      await idle.signIn("standard");
      await idle.get("/standard/claimant-info");
      expect((await idle.api("/api/session-timeout", { method: "POST" })).status).toBe(204);
      expect((await page("/session-expired?form=standard", idle.cookieHeader())).text("h1")).toBe(
        "Your session has expired",
      );
    });

    test("a sign-out without the page's CSRF token is refused and the session goes on", async () => {
      const claimant = new Claimant(portal);
      await claimant.signIn("standard");
      await claimant.get("/standard/claimant-info");
      expect((await claimant.post("/sign-out", { form: "standard" }, { csrf: false })).status).toBe(403);
      expect((await claimant.get("/standard/claimant-info")).status).toBe(200);
    });

    test("a page left open while the browser signed in again (another tab, another member) says it expired and how to go on, in the claimant's language", async () => {
      const claimant = new Claimant(portal);
      await claimant.signIn("standard");
      await claimant.get("/standard/claimant-info?culture=es");
      const staleToken = claimant.csrfToken();
      // Another tab of the same browser: another member signs in, the session (and its token) is new.
      await claimant.signIn("standard", blankMember());
      const stale = await claimant.post(
        "/standard/claimant-info?culture=es",
        { ...STANDARD_CLAIMANT, csrf: staleToken },
        { csrf: false },
      );
      expect(stale.status).toBe(403);
      expect(stale.text("main")).toContain("Esta página ha caducado");
      expect(stale.text("main")).not.toContain("Se produjo un problema");
      const again = stale.document.querySelector("main a.page-again");
      expect(again?.getAttribute("href")).toBe("/standard/claimant-info?culture=es");
      expect((await claimant.get(again!.getAttribute("href")!)).status).toBe(200);
    });

    test("with no session there is nothing to end: the start page, with the message", async () => {
      const page = await getPage(`${portal.url}/sign-out`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: portal.url },
        body: "form=bogus",
      });
      expect(page.status).toBe(303);
      expect(page.headers.get("location")).toBe("/?signedOut=1");
      // A link cannot sign anyone out: GET only leads to the start page.
      const get = await getPage(`${portal.url}/sign-out?culture=es`);
      expect(get.status).toBe(302);
      expect(get.headers.get("location")).toBe("/?culture=es");
    });
  });

  describe("the idle time-out, precise to a minute (the last-seen time is written at most once a minute)", () => {
    /** Requests after signing in at minute 0: at which minute, and the status each gets. */
    test.each<[string, Array<[number, number]>]>([
      [
        "a request within a minute of the last one written is not written: the session ends 31 minutes after that one",
        [
          [0.5, 200],
          [31, 303],
        ],
      ],
      [
        "never before the 30 minutes a page announces, however late in its minute the last request came",
        [
          [59 / 60, 200],
          [59 / 60 + 30, 200],
        ],
      ],
      [
        "a request a minute or more after the last one written is written: it pushes the time-out back",
        [
          [1, 200],
          [31.5, 200],
          [62.5, 303],
        ],
      ],
    ])("%s", async (_, requests) => {
      const { claimant, at } = onTheClock(portal);
      at(0);
      await claimant.signIn("standard");
      for (const [minute, status] of requests) {
        at(minute);
        const page = await claimant.get("/standard/claimant-info");
        expect(page.status, `at minute ${minute}`).toBe(status);
        // Each page announces the full 30 minutes from its own request.
        if (status === 200)
          expect(page.html).toContain(
            '<meta http-equiv="refresh" content="1800; url=/session-expired?form=standard"/>',
          );
      }
    });
  });

  describe("an absolute session lifetime", () => {
    test("by default 12 hours: a session kept alive all day ends then, however recently it was used", async () => {
      const { claimant, at } = onTheClock(portal);
      at(0);
      await claimant.signIn("standard");
      // Active every 25 minutes, never idle long enough to time out.
      for (let minutes = 25; minutes < 12 * 60; minutes += 25) {
        at(minutes);
        expect((await claimant.get("/standard/claimant-info")).status, `after ${minutes} minutes`).toBe(200);
      }
      const token = claimant.csrfToken();
      at(12 * 60 + 1);
      const ended = await claimant.get("/standard/claimant-info");
      expect(ended.status).toBe(303);
      expect(ended.headers.get("location")).toBe("/session-expired?form=standard");
      // Ended in the store: not revived by the keep-alive.
      expect(
        (
          await claimant.api("/api/session/keep-alive", {
            method: "POST",
            csrf: false,
            headers: { "X-CSRF-TOKEN": token },
          })
        ).status,
      ).toBe(401);
    });

    test("SESSION_LIFETIME_HOURS sets it; the keep-alive cannot stretch it", async () => {
      const { claimant, at } = onTheClock(shortLived);
      at(0);
      await claimant.signIn("standard");
      await claimant.get("/standard/claimant-info");
      for (const minutes of [20, 40, 59]) {
        at(minutes);
        expect(
          (await claimant.api("/api/session/keep-alive", { method: "POST" })).status,
          `keep-alive after ${minutes} minutes`,
        ).toBe(204);
      }
      at(61);
      expect((await claimant.api("/api/session/keep-alive", { method: "POST" })).status).toBe(401);
      expect((await claimant.get("/standard/claimant-info")).headers.get("location")).toBe(
        "/session-expired?form=standard",
      );
    });

    test("signing in again after the lifetime starts a session with a lifetime of its own", async () => {
      const { claimant, at } = onTheClock(shortLived);
      at(0);
      await claimant.signIn("standard");
      await claimant.get("/standard/claimant-info");
      at(70);
      // Straight back to the start page: not shown as signed in, and signing in works at once.
      const start = await claimant.get("/standard");
      expect(start.document.querySelector(".continue-claim")).toBeNull();
      expect(signOutForm(start)).toBeNull();
      await claimant.signIn("standard");
      at(100);
      expect((await claimant.get("/standard/claimant-info")).status).toBe(200);
    });
  });
});

test("a SESSION_LIFETIME_HOURS that is not a number of hours above 0 stops the server at start-up", async () => {
  for (const value of ["0", "-1", "twelve"]) {
    const { code, output } = await startFailure({ env: { SESSION_LIFETIME_HOURS: value } });
    expect(code, value).toBe(1);
    expect(output, value).toContain(`SESSION_LIFETIME_HOURS must be a number of hours above 0, not "${value}".`);
  }
});
