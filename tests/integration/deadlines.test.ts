import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { at } from "#tests/support/http.ts";
import { type PortalServer, startFailure, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

const AFTER_FILING = "2027-04-15T12:00:00Z";
const AFTER_GLOBAL = "2027-07-15T12:00:00Z";
const BEFORE_ALL = "2027-03-31T12:00:00Z";

/** Flat-shape deadlines with a target per culture for filing, none for lookup, and a global default. */
const withTargets = settlementWith((s) => {
  s.deadlines = {
    deadlines: {
      claimFilingDeadline: {
        date: "03/31/2027",
        timeZone: "Pacific Standard Time",
        redirectTargets: { es: "https://example.test/cerrado", default: "https://example.test/closed" },
      },
      lookupDeadline: { date: "03/31/2027", timeZone: "Pacific Standard Time" },
      globalDeadline: {
        date: "06/30/2027",
        timeZone: "Pacific Standard Time",
        redirectTargets: { default: "https://example.test/over" },
      },
    },
  };
});

/** A filing deadline whose target is a page of the portal itself, with a query and a fragment. */
const withLocalTarget = settlementWith((s) => {
  s.deadlines = {
    deadlines: {
      claimFilingDeadline: {
        date: "03/31/2027",
        timeZone: "Pacific Standard Time",
        redirectTargets: { default: "/deadline?from=filing#closed" },
      },
    },
  };
});

let targets: PortalServer;
let demo: PortalServer;
let local: PortalServer;
beforeAll(async () => {
  [targets, demo, local] = await Promise.all([
    startPortal({ settlementDir: withTargets }),
    startPortal(),
    startPortal({ settlementDir: withLocalTarget }),
  ]);
});
afterAll(async () => {
  await Promise.all([targets.stop(), demo.stop(), local.stop()]);
});

async function outcome(server: PortalServer, method: "GET" | "POST", path: string, now: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: {
      ...at(now),
      ...(method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url } : {}),
    },
    body: method === "POST" ? "intent=continue" : undefined,
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("location") };
}

describe.each(["GET", "POST"] as const)("the deadline guard on %s", (method) => {
  test("before every deadline the flows answer", async () => {
    for (const path of ["/", "/automotive", "/standard", "/reimbursement", "/lookup"]) {
      expect((await outcome(targets, method, path, BEFORE_ALL)).location, path).toBeNull();
    }
  });

  test("a passed deadline goes to its target for the culture", async () => {
    expect(await outcome(targets, method, "/automotive?culture=es", AFTER_FILING)).toEqual({
      status: 303,
      location: "https://example.test/cerrado",
    });
  });

  test("else to its default target", async () => {
    for (const path of ["/", "/automotive/", "/standard", "/reimbursement"]) {
      expect(await outcome(targets, method, path, AFTER_FILING), path).toEqual({
        status: 303,
        location: "https://example.test/closed",
      });
    }
  });

  test("else to the global deadline's default", async () => {
    expect(await outcome(targets, method, "/lookup?culture=es", AFTER_FILING)).toEqual({
      status: 303,
      location: "https://example.test/over",
    });
  });

  test("else to /deadline, keeping the culture", async () => {
    expect(await outcome(demo, method, "/lookup", "2027-04-01T08:00:00Z")).toEqual({
      status: 303,
      location: "/deadline?flow=lookup",
    });
    expect(await outcome(demo, method, "/reimbursement?culture=es", "2027-04-01T08:00:00Z")).toEqual({
      status: 303,
      location: "/deadline?flow=reimbursement&culture=es",
    });
  });

  test("a target on the portal itself keeps the claimant's culture", async () => {
    expect(await outcome(local, method, "/automotive?culture=es", AFTER_FILING)).toEqual({
      status: 303,
      location: "/deadline?from=filing&culture=es#closed",
    });
    expect(await outcome(local, method, "/standard", AFTER_FILING)).toEqual({
      status: 303,
      location: "/deadline?from=filing#closed",
    });
  });

  test("the specific deadline wins over the global one once both have passed", async () => {
    expect((await outcome(targets, method, "/standard", AFTER_GLOBAL)).location).toBe("https://example.test/closed");
  });

  test("a deadline closes at the end of its day in its own zone", async () => {
    // 03/31/2027 in Pacific time ends at 06:59:59.999 UTC on April 1.
    expect((await outcome(demo, method, "/", "2027-04-01T06:59:59Z")).location).toBeNull();
    expect((await outcome(demo, method, "/", "2027-04-01T07:00:00Z")).location).toBe("/deadline?flow=automotive");
  });
});

describe("the test clock", () => {
  test("is ignored in production", async () => {
    const production = await startPortal({ env: { NODE_ENV: "production", PORTAL_TEST_CLOCK: "" } });
    try {
      expect((await outcome(production, "GET", "/", AFTER_GLOBAL)).status).toBe(200);
    } finally {
      await production.stop();
    }
  });

  test("cannot be turned on in production", async () => {
    const { code, output } = await startFailure({ env: { NODE_ENV: "production", PORTAL_TEST_CLOCK: "1" } });
    expect(code).toBe(1);
    expect(output).toContain("PORTAL_TEST_CLOCK=1 is for tests only");
  });
});
