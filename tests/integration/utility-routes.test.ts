import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getPage, rawRequest } from "#tests/support/http.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";

let portal: PortalServer;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal.stop();
});

describe("utility routes", () => {
  test("/page-not-found is a real 404, in the requested culture", async () => {
    const page = await getPage(`${portal.url}/page-not-found`);
    expect(page.status).toBe(404);
    expect(page.text("h1")).toBe("Page not found");
    const spanish = await getPage(`${portal.url}/page-not-found?culture=es`);
    expect(spanish.status).toBe(404);
    expect(spanish.document.querySelector("html")?.getAttribute("lang")).toBe("es");
    expect(spanish.text("h1")).toBe("Página no encontrada");
    expect(spanish.text("title")).toBe("Página no encontrada – Acuerdo sobre las transmisiones de Acme Motors");
  });

  test("any unknown path gets the not-found page with a 404, keeping the culture", async () => {
    // The flows' routes take any first segment (app/routes.ts): a name that is no flow, a step no
    // flow has, the start page by "index", or a step of the one-page lookup is not found all the same.
    const unknown = ["/no/such/page", "/automotive/not-a-step", "/apis/nothing-here", "/nothing-here"];
    const notSteps = ["/standard/index", "/lookup/claimant-info", "/lookup/claim-summary", "/lookup/index"];
    const noFlow = ["/nope/claimant-info", "/nope/supporting-documents", "/nope/claim-summary", "/nope/confirmation"];
    // The same page wherever it answers: the full banner too, not the compact one of the step
    // routes that take some of these addresses.
    const banner = (await getPage(`${portal.url}/page-not-found?culture=es`)).document.querySelector(".banner");
    expect(banner?.getAttribute("class")).toBe("banner");
    for (const path of [...unknown, ...notSteps, ...noFlow]) {
      const page = await getPage(`${portal.url}${path}?culture=es`);
      expect(page.status, path).toBe(404);
      expect(page.text("h1"), path).toBe("Página no encontrada");
      expect(page.document.querySelector(".banner")?.outerHTML, path).toBe(banner?.outerHTML);
    }
    // Under /api/ it is the API's own 404, in its JSON shape (docs/api.md; tests/contract/errors.test.ts),
    // even where the rest of the address names a flow's page.
    for (const path of [
      "/api/nothing-here",
      "/api/claim-summary",
      "/api/confirmation",
      "/api/supporting-documents",
      "/api/claimant-info",
      "/api/index",
      "/api",
    ]) {
      const api = await fetch(`${portal.url}${path}?culture=es`);
      expect(api.status, path).toBe(404);
      expect(await api.json(), path).toMatchObject({ code: "not_found" });
    }
  });

  test("an address whose dot segments leave /api/ is what it resolves to, as React Router reads it", async () => {
    // Sent as written (fetch would resolve the dots before sending): /api/%2e%2e/lookup is /lookup.
    const asWritten = async (path: string, method = "GET") => {
      const answer = await rawRequest(portal.url, path, { method });
      return { status: answer.status, type: String(answer.headers["content-type"]), body: answer.body.toString() };
    };
    const lookupHeading = /<h1[^>]*>[^<]*<\/h1>/.exec((await getPage(`${portal.url}/lookup`)).html)![0];
    for (const path of ["/api/%2e%2e/lookup", "/api/../lookup", "/API/%2E%2E/lookup"]) {
      const answer = await asWritten(path);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toContain(lookupHeading);
    }
    const outside = await asWritten("/api/%2e%2e/nothing-here", "POST");
    expect(outside.status).toBe(404);
    expect(outside.type).toMatch(/^text\/html/);
  });

  test("an address that does not decode (a link cut inside a %-escape, bytes that are not UTF-8) gets the not-found page, in the claimant's language", async () => {
    // Sent as written: a link cut short in an e-mail, or typed. It was Express's bare text
    // "Bad Request" in English; React Router alone would answer it but print a warning that is no
    // log line, for anyone to repeat.
    const before = portal.output().length;
    for (const path of [
      "/%E0%A4%A",
      "/standard/%zz",
      "/standard/claimant-info%",
      "/nothing/%E0%A4%A",
      "/standard/%ed%a0%80",
    ]) {
      for (const method of ["GET", "POST"]) {
        const answer = await rawRequest(portal.url, `${path}?culture=es`, {
          method,
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: portal.url },
        });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(String(answer.headers["content-type"]), path).toMatch(/^text\/html/);
        expect(answer.body.toString(), path).toMatch(/<h1[^>]*>Página no encontrada<\/h1>/);
      }
    }
    // Under /api/ it is the API's JSON 404.
    const api = await rawRequest(portal.url, "/api/forms/%E0%A4%A/config");
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body.toString())).toMatchObject({ code: "not_found" });
    // Capitals first go to the lowercase address (a 301), which then is not found the same way.
    const capitals = await rawRequest(portal.url, "/Standard/%ED%A0%80");
    expect(capitals.status).toBe(301);
    expect((await rawRequest(portal.url, String(capitals.headers.location))).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = portal.output().slice(before).split("\n").filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
  });

  test("a page takes GET, HEAD and POST: PUT, PATCH, DELETE or OPTIONS is a 405 saying so, with the security headers, and does nothing", async () => {
    for (const path of ["/", "/standard", "/standard/claimant-info", "/page-not-found", "/no/such/page"])
      for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) {
        const answer = await rawRequest(portal.url, `${path}?culture=es`, {
          method,
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: portal.url },
        });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe("GET, HEAD, POST");
        expect(answer.headers["x-content-type-options"], `${method} ${path}`).toBe("nosniff");
      }
    // A method no address takes, likewise with the security headers.
    const trace = await rawRequest(portal.url, "/standard", { method: "TRACE" });
    expect(trace.status).toBe(405);
    expect(trace.headers["x-content-type-options"]).toBe("nosniff");
  });

  test("a POST to an unknown path gets the not-found page with a 404 too, not a 405", async () => {
    for (const path of ["/no/such/page", "/page-not-found", "/nope", "/nope/claim-summary", "/standard/index"]) {
      const page = await getPage(`${portal.url}${path}?culture=es`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: portal.url },
        body: "a=1",
      });
      expect(page.status, path).toBe(404);
      expect(page.text("h1"), path).toBe("Página no encontrada");
    }
  });

  test("/error shows SPEC's message word for word, with the contact details in the footer", async () => {
    const page = await getPage(`${portal.url}/error`);
    expect(page.status).toBe(200);
    expect(page.text("main")).toContain(
      "A problem has occured during your submission. Please try again. If this problem persists, please contact the Settlement Administrator using the information below.",
    );
    expect(page.text("footer")).toContain("1-800-555-0142");
    expect((await getPage(`${portal.url}/error?culture=es`)).text("h1")).toBe("Se produjo un error");
  });

  test("/deadline renders, and never redirects even once every deadline has passed", async () => {
    const page = await getPage(`${portal.url}/deadline?culture=es`, {
      headers: { "X-Test-Now": "2030-01-01T00:00:00Z" },
    });
    expect(page.status).toBe(200);
    expect(page.text("h1")).toBe("La fecha límite ha pasado");
  });

  test("/session-expired offers the named form's start again, in the culture", async () => {
    const page = await getPage(`${portal.url}/session-expired?form=reimbursement&culture=es`);
    expect(page.status).toBe(200);
    // A browser with no session (tests/integration/sessions.test.ts has the one that timed out).
    expect(page.text("h1")).toBe("No ha iniciado sesión");
    const link = page.document.querySelector("a.start-again");
    expect(link?.getAttribute("href")).toBe("/reimbursement?culture=es");
    expect(link?.textContent).toBe("Inicie sesión de nuevo en su Reclamo de reembolso de reparaciones");
  });

  test("/session-expired with no or an unknown form links to the start page", async () => {
    for (const query of ["", "?form=bogus"]) {
      const page = await getPage(`${portal.url}/session-expired${query}`);
      expect(page.status).toBe(200);
      expect(page.document.querySelector("a.start-again")).toBeNull();
      expect(page.document.querySelector("main a")?.getAttribute("href")).toBe("/");
    }
  });

  test("the flow start pages answer with and without a trailing slash", async () => {
    for (const path of ["/", "/automotive", "/automotive/", "/reimbursement", "/standard/", "/lookup", "/lookup/"]) {
      expect((await getPage(`${portal.url}${path}`)).status, path).toBe(200);
    }
    expect((await getPage(`${portal.url}/`)).text("h1")).toBe("Vehicle owner or lessee claim");
    expect((await getPage(`${portal.url}/lookup`)).text("h1")).toBe("VIN lookup");
  });

  test("flow addresses in any case: a permanent redirect to the lowercase address, the query kept", async () => {
    const cases = [
      ["/Automotive", "/automotive"],
      ["/LOOKUP?culture=es", "/lookup?culture=es"],
      ["/Standard/claimant-info", "/standard/claimant-info"],
      [
        "/REIMBURSEMENT/Claim-Summary?culture=es&return=summary",
        "/reimbursement/claim-summary?culture=es&return=summary",
      ],
      ["/%41utomotive", "/automotive"],
      ["/standard/Claimant-Info", "/standard/claimant-info"],
    ];
    for (const [path, lowercase] of cases) {
      const page = await getPage(`${portal.url}${path}`);
      expect(page.status, path).toBe(301);
      expect(page.headers.get("location"), path).toBe(lowercase);
    }
    expect((await getPage(`${portal.url}/Automotive`, { redirect: "follow" })).text("h1")).toBe(
      "Vehicle owner or lessee claim",
    );
    // A form posted to such an address keeps its method and body (308), rather than failing.
    const posted = await getPage(`${portal.url}/Standard?culture=es`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: portal.url },
      body: "a=1",
    });
    expect(posted.status).toBe(308);
    expect(posted.headers.get("location")).toBe("/standard?culture=es");
  });
});
