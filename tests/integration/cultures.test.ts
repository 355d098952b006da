import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT } from "#tests/support/demo-answers.ts";
import { blankMember } from "#tests/support/members.ts";
import { getPage, linkHref } from "#tests/support/http.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

let portal: PortalServer;
let kontent: PortalServer;
beforeAll(async () => {
  [portal, kontent] = await Promise.all([
    startPortal(),
    startPortal({ settlementDir: settlementWith({ theme: "jnd-9-0-kontent" }) }),
  ]);
});
afterAll(async () => {
  await Promise.all([portal.stop(), kontent.stop()]);
});

const lang = (page: Awaited<ReturnType<typeof getPage>>) => page.document.querySelector("html")?.getAttribute("lang");

describe("cultures", () => {
  test("a page carries, in its culture, the texts its scripts can ask for and no others", async () => {
    const claimant = new Claimant(portal);
    await claimant.signIn("standard", blankMember());
    await claimant.complete("/standard/claimant-info", STANDARD_CLAIMANT);
    for (const culture of ["en", "es"]) {
      const page = await claimant.get(`/standard/claim-details?culture=${culture}`);
      // In the page's data (decision 036), not a script of their own that the page waits for.
      expect(page.html).not.toMatch(/\/texts\//);
      const texts = JSON.parse(page.document.querySelector("#page-data")!.textContent).texts as Record<string, string>;
      const all = {
        ...JSON.parse(readFileSync(`locales/${culture}.json`, "utf8")),
        ...JSON.parse(readFileSync(`settlements/demo/locales/${culture}.json`, "utf8")),
      } as Record<string, string>;
      // What the content shows as the server renders it (a settlement's own text among them)…
      expect(texts.Field_PurchaseDate, culture).toBe(all.Field_PurchaseDate);
      // …and what only the scripts show: the error summary's title, the calendar (a module loaded
      // when first opened), the time-out warning (in the page only while open).
      for (const key of ["Form_ErrorSummaryTitle", "Picker_Month", "Picker_PreviousMonth", "SessionTimeout_Header"])
        expect(texts[key], `${culture} ${key}`).toBe(all[key]);
      // Not the header's (the server's markup alone), nor the JSON API's messages, nor most others.
      expect(texts.Header_Menu, culture).toBeUndefined();
      expect(
        Object.keys(texts).filter((key) => key.startsWith("Api_")),
        culture,
      ).toEqual([]);
      expect(Object.keys(texts).length, culture).toBeLessThan(Object.keys(all).length / 2);
      // …which the API still answers with, in the culture asked.
      const api = await fetch(`${portal.url}/api/forms/standard?culture=${culture}`, { method: "POST" });
      const error = (await api.json()).error;
      expect(error, culture).toMatch(culture === "en" ? /request failed/ : /solicitud/);
    }
  });

  test("a step with the country and state lists does not carry their ~250 names among its texts: its scripts never draw them", async () => {
    const claimant = new Claimant(portal);
    await claimant.signIn("standard", blankMember());
    for (const culture of ["en", "es"]) {
      const page = await claimant.get(`/standard/claimant-info?culture=${culture}`);
      const countries = page.document.querySelectorAll('select[name="claimantInfo.mailingCountry"] option');
      const states = page.document.querySelectorAll('select[name="claimantInfo.mailingSubDivision"] option');
      expect(countries.length, culture).toBeGreaterThan(190);
      expect(states.length, culture).toBeGreaterThan(50);
      const texts = JSON.parse(page.document.querySelector("#page-data")!.textContent).texts as Record<string, string>;
      // Not even the country its dependency hints name ("United States"): the enhancer takes the
      // hints away, and draws no list (decision 045). The same on every request.
      expect(
        Object.keys(texts).filter((key) => /^(Country|State)_/.test(key)),
        culture,
      ).toEqual([]);
      const again = await claimant.get(`/standard/claimant-info?culture=${culture}`);
      expect(Object.keys(JSON.parse(again.document.querySelector("#page-data")!.textContent).texts).sort()).toEqual(
        Object.keys(texts).sort(),
      );
    }
  });

  test("the chosen culture survives a navigation through several pages", async () => {
    // Start in English and choose Spanish from the header.
    const home = await getPage(`${portal.url}/`);
    expect(lang(home)).toBe("en");
    const spanishHome = await getPage(`${portal.url}${linkHref(home, "Español")}`);
    expect(lang(spanishHome)).toBe("es");
    expect(spanishHome.text("h1")).toBe("Reclamo de propietario o arrendatario de vehículo");

    // Follow the header's VIN lookup link, then the logo back home: still Spanish.
    const lookup = await getPage(`${portal.url}${linkHref(spanishHome, "Búsqueda de VIN")}`);
    expect(lang(lookup)).toBe("es");
    expect(lookup.text("h1")).toBe("Búsqueda de VIN");
    const logoHref = lookup.document.querySelector("a.logo")!.getAttribute("href")!;
    expect(logoHref).toBe("/?culture=es");
    const back = await getPage(`${portal.url}${logoHref}`);
    expect(lang(back)).toBe("es");

    // English is offered only now that the page is not English, and keeps the page.
    expect(home.document.querySelectorAll(".language-links a").map((a) => a.textContent)).toEqual(["Español"]);
    expect(lookup.document.querySelectorAll(".language-links a").map((a) => a.textContent)).toEqual(["English"]);
    const english = await getPage(`${portal.url}${linkHref(lookup, "English")}`);
    expect(lang(english)).toBe("en");
    expect(english.text("h1")).toBe("VIN lookup");
  });

  test("the start page states its deadline in each culture's own order, with the time and zone", async () => {
    const english = await getPage(`${portal.url}/`);
    expect(english.text("main p strong")).toBe(
      "Claims must be submitted online by Wednesday, March 31, 2027, 11:59 PM PDT.",
    );
    const spanish = await getPage(`${portal.url}/?culture=es`);
    expect(spanish.text("main p strong")).toBe(
      "Los reclamos deben presentarse en línea a más tardar el miércoles, 31 de marzo de 2027, 11:59 p. m. PDT.",
    );
  });

  test("redirects keep the culture", async () => {
    const response = await fetch(`${portal.url}/lookup?culture=es`, {
      redirect: "manual",
      headers: { "X-Test-Now": "2027-05-01T00:00:00Z" },
    });
    expect(response.headers.get("location")).toBe("/deadline?flow=lookup&culture=es");
  });

  test("an unsupported or missing culture falls back to en", async () => {
    for (const query of ["", "?culture=fr", "?culture="]) {
      expect(lang(await getPage(`${portal.url}/lookup${query}`))).toBe("en");
    }
  });

  test("the kontent header's language dropdown is a GET form that keeps the page and its query", async () => {
    const page = await getPage(`${kontent.url}/session-expired?form=standard`);
    const form = page.document.querySelector("form.language-select")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/session-expired");
    expect(form.querySelectorAll("option").map((o) => o.getAttribute("value"))).toEqual(["en", "es"]);
    expect(form.querySelector("button[type=submit]")).not.toBeNull();
    const hidden = form
      .querySelectorAll("input[type=hidden]")
      .map((input) => [input.getAttribute("name"), input.getAttribute("value")]);
    expect(hidden).toEqual([["form", "standard"]]);
    // What the browser sends when the claimant picks Español and presses the button:
    const chosen = await getPage(`${kontent.url}/session-expired?form=standard&culture=es`);
    expect(lang(chosen)).toBe("es");
    expect(chosen.document.querySelector("a.start-again")?.getAttribute("href")).toBe("/standard?culture=es");
    expect(chosen.document.querySelector("option[selected]")?.getAttribute("value")).toBe("es");
  });

  test("GET /api/culture/content lists every text of the culture as {key, value}", async () => {
    const response = await fetch(`${portal.url}/api/culture/content?culture=es`);
    expect(response.status).toBe(200);
    const content = (await response.json()) as Array<{ key: string; value: string }>;
    expect(content).toContainEqual({ key: "NotFound_Title", value: "Página no encontrada" });
    expect(content).toContainEqual({ key: "Deadline_claimFilingDeadline_DDD", value: "31 de marzo de 2027" });
    expect(content.every((entry) => Object.keys(entry).join() === "key,value")).toBe(true);
  });

  test("an unknown or missing culture is a 400 that names the cultures", async () => {
    for (const query of ["?culture=fr", ""]) {
      const response = await fetch(`${portal.url}/api/culture/content${query}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/one of: en, es/);
    }
  });

  test("GET /api/culture/set-language sends the claimant back in that culture, to local paths only", async () => {
    const go = async (query: string) =>
      (await fetch(`${portal.url}/api/culture/set-language${query}`, { redirect: "manual" })).headers.get("location");
    expect(await go("?culture=es&returnUrl=%2Flookup%3Fculture%3Den")).toBe("/lookup?culture=es");
    expect(await go("?culture=en&returnUrl=%2Flookup%3Fculture%3Des")).toBe("/lookup");
    expect(await go("?culture=es&returnUrl=%2F%2Fevil.example%2F")).toBe("/?culture=es");
    expect(await go("?culture=es&returnUrl=https%3A%2F%2Fevil.example%2F")).toBe("/?culture=es");
  });

  test("GET /api/culture/set-language follows a return URL only if, normalised, it is on this origin", async () => {
    const go = async (returnUrl: string) =>
      (
        await fetch(`${portal.url}/api/culture/set-language?culture=es&returnUrl=${encodeURIComponent(returnUrl)}`, {
          redirect: "manual",
        })
      ).headers.get("location");
    // Dot segments and backslashes that a browser would resolve to another host.
    for (const returnUrl of [
      "/.//evil.example/login",
      "/..//evil.example/login",
      "/x/..//evil.example/login",
      "/\\evil.example/login",
      "\\/evil.example",
      "/%2E//evil.example",
      "http://evil.example/",
      "javascript:alert(1)",
      " //evil.example",
    ]) {
      const location = await go(returnUrl);
      expect(location, returnUrl).toBe("/?culture=es");
    }
    // Same-origin addresses, however written, are followed once normalised.
    expect(await go("/x/../lookup?culture=en#top")).toBe("/lookup?culture=es#top");
    // A backslash after a dot segment is a separator on this host: a local (not found) page.
    expect(await go("/.\\evil.example")).toBe("/evil.example?culture=es");
    expect(await go(`${portal.url}/standard`)).toBe("/standard?culture=es");
  });
});
