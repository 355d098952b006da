import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { at } from "#tests/support/http.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

const FLAT_DEADLINES = {
  deadlines: { claimFilingDeadline: { date: "03/31/2027", timeZone: "Eastern Standard Time" } },
};

let portal: PortalServer;
let flat: PortalServer;
beforeAll(async () => {
  [portal, flat] = await Promise.all([
    startPortal(),
    startPortal({ settlementDir: settlementWith({ deadlines: FLAT_DEADLINES }) }),
  ]);
});
afterAll(async () => {
  await Promise.all([portal.stop(), flat.stop()]);
});

async function getJson(url: string, init?: RequestInit) {
  const response = await fetch(url, init);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return { response, body: (await response.json()) as Record<string, unknown> };
}

describe("the read-side JSON API", () => {
  test("GET /api/csrf names the header and gives a token bound to the session cookie", async () => {
    const first = await getJson(`${portal.url}/api/csrf`);
    expect(first.body.requestHeaderName).toBe("X-CSRF-TOKEN");
    expect(first.body.requestToken).toMatch(/^[\w-]{43}$/);
    const cookie = first.response.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // The same session keeps its token; another session gets another one.
    const again = await getJson(`${portal.url}/api/csrf`, { headers: { Cookie: cookie.split(";")[0]! } });
    expect(again.body.requestToken).toBe(first.body.requestToken);
    expect(again.response.headers.get("set-cookie")).toBeNull();
    const other = await getJson(`${portal.url}/api/csrf`);
    expect(other.body.requestToken).not.toBe(first.body.requestToken);
  });

  test("a forged session cookie is not accepted: a new session starts", async () => {
    const { response } = await getJson(`${portal.url}/api/csrf`, {
      headers: { Cookie: "__session=forged-session-id-forged-session-id-0000" },
    });
    expect(response.headers.get("set-cookie")).toMatch(/^__session=/);
  });

  test("a GET of an address that only takes a POST is a 405 naming POST", async () => {
    for (const pathname of [
      "/api/session/keep-alive",
      "/api/session-timeout",
      "/api/forms/standard",
      "/api/forms/standard/authorize",
    ]) {
      const response = await fetch(`${portal.url}${pathname}`);
      expect(response.status, pathname).toBe(405);
      expect(response.headers.get("allow"), pathname).toBe("POST");
    }
  });

  test("GET /api/deadlines serves the per-language shape as configured", async () => {
    const { body } = await getJson(`${portal.url}/api/deadlines`);
    expect(body.en).toMatchObject({
      projectTimeZone: "Pacific Standard Time",
      deadlines: { claimFilingDeadline: { deadlineDateTime: "2027-03-31T23:59:59" } },
    });
  });

  test("GET /api/deadlines serves the flat shape as configured", async () => {
    const { body } = await getJson(`${flat.url}/api/deadlines`);
    expect(body).toEqual(FLAT_DEADLINES);
  });

  test("GET /api/characters-whitelist", async () => {
    const { body } = await getJson(`${portal.url}/api/characters-whitelist`);
    expect(typeof body.allowedCharacters).toBe("string");
    expect(body.allowedCharacters).toContain("ñ");
  });

  test("GET /api/captcha gives the site key config and never a secret", async () => {
    const { body } = await getJson(`${portal.url}/api/captcha`);
    expect(body).toEqual({
      enabled: true,
      provider: "test",
      siteKey: "1x00000000000000000000AA",
      url: null,
      class: "cf-turnstile",
    });
  });

  test("GET /api/signature-date is today in Los Angeles, also just before its midnight", async () => {
    // 07:30 UTC on Nov 22 is still 23:30 on Nov 21 in Los Angeles.
    const late = await getJson(`${portal.url}/api/signature-date?culture=es`, { headers: at("2026-11-22T07:30:00Z") });
    expect(late.body).toEqual({ culture: "es", signatureDate: "11/21/2026", displayDate: "21 de noviembre de 2026" });
    const after = await getJson(`${portal.url}/api/signature-date?culture=en`, { headers: at("2026-11-22T08:30:00Z") });
    expect(after.body).toEqual({ culture: "en", signatureDate: "11/22/2026", displayDate: "November 22, 2026" });
    expect((await fetch(`${portal.url}/api/signature-date?culture=xx`)).status).toBe(400);
  });
});

describe("GET /api/forms/config", () => {
  test("serves the form type's server model configs", async () => {
    const { body } = await getJson(`${portal.url}/api/forms/config?formType=standard`);
    const models = body as unknown as Array<{
      metadataHash: string;
      metadata: { dtoMapping: string };
      fields: Record<string, { componentName: string }>;
    }>;
    expect(models.map((model) => model.metadata.dtoMapping)).toEqual([
      "Credentials",
      "ClaimantInfo",
      "ClaimDetails",
      "PaymentElection",
      "Signature",
      "DocumentContexts",
    ]);
    expect(models[2]!.fields.purchaseDate!.componentName).toBe("FormFieldDate");
    expect(models.every((model) => model.metadataHash)).toBe(true);
  });

  test("without a form type: SPEC §7's list of model configs, each model once with the form types that use it (issue 24)", async () => {
    const { body } = await getJson(`${portal.url}/api/forms/config`);
    const list = body as unknown as Array<{ metadataHash: string; formTypes: string[] }>;
    expect(Array.isArray(list)).toBe(true);
    // A client finds its model by metadataHash (SPEC §8: "no model matches metadata; more than one matches").
    const hashes = list.map((model) => model.metadataHash);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(list.find((model) => model.metadataHash === "signature-v1")!.formTypes).toEqual([
      "automotive",
      "reimbursement",
      "standard",
    ]);
    // Each form type's models, found in the list by its name, are what ?formType= gives.
    const byHash = (a: { metadataHash: string }, b: { metadataHash: string }) =>
      a.metadataHash.localeCompare(b.metadataHash);
    for (const formType of ["automotive", "reimbursement", "standard", "lookup"]) {
      const own = (await getJson(`${portal.url}/api/forms/config?formType=${formType}`)).body as unknown as Array<{
        metadataHash: string;
      }>;
      const listed = list
        .filter((model) => model.formTypes.includes(formType))
        .map(({ formTypes: _formTypes, ...model }) => model);
      expect(listed.sort(byHash), formType).toEqual(own.sort(byHash));
    }
  });

  test("an unknown form type is a 400", async () => {
    for (const query of ["?formType=mortgage", "?formType="]) {
      expect((await fetch(`${portal.url}/api/forms/config${query}`)).status, query).toBe(400);
    }
  });
});
