import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BACKENDS } from "#tests/support/backends.ts";
import { signInStatus } from "#tests/support/claimant.ts";
import { fileStandardClaim } from "#tests/support/filing.ts";
import { blankMember } from "#tests/support/members.ts";
import { type PortalServer, startFailure, startPortal } from "#tests/support/portal-server.ts";

const TOKEN = "metrics-token-for-the-tests-0123456789";

/** What Debian's promtool says of a scrape: its exit code and words. */
function promtoolCheck(text: string): { status: number | null; output: string } {
  const run = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
  if (run.error)
    throw new Error(`promtool is needed (Debian's prometheus package: .ci/run installs it): ${run.error.message}`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The value of a sample line, by its name and labels as written; undefined when there is none. */
function sample(text: string, line: string): number | undefined {
  const found = text.split("\n").find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

/** Issue 27: metrics at /metrics, in Prometheus' text format, for the operator only. */
describe.each(BACKENDS)("metrics, on %s", (backend) => {
  let portal: PortalServer;
  beforeAll(async () => {
    portal = await startPortal({ backend, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await portal.stop();
  });

  const scrape = (authorization?: string) =>
    fetch(`${portal.url}/metrics`, { headers: authorization ? { Authorization: authorization } : {} });

  test("refused without the operator's token, or with another: 401, nothing of the metrics", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, "Basic b3A6cA=="]) {
      const response = await scrape(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain("portal_");
    }
  });

  test("its counters of failures start at 0, so a rate sees the first after a restart; the scheme is read in any case", async () => {
    const text = await (await scrape(`bearer ${TOKEN}`)).text();
    expect(sample(text, "portal_sign_in_failures_total")).toBe(0);
    expect(sample(text, 'portal_lockouts_total{what="claimId"}')).toBe(0);
    expect(sample(text, 'portal_lockouts_total{what="referenceCode"}')).toBe(0);
  });

  test("with it: what promtool accepts, counting requests, claims filed, failed sign-ins, lockouts and the outbox", async () => {
    const member = blankMember();
    await fileStandardClaim(portal, undefined, member);
    // Five wrong PINs lock a Claim ID (the fifth begins the lockout).
    const locked = blankMember();
    for (let attempt = 0; attempt < 5; attempt++)
      expect(await signInStatus(portal, locked["credentials.claimId"], "000000")).toBe(401);

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const checked = promtoolCheck(text);
    expect(checked.output).toBe("");
    expect(checked.status).toBe(0);

    expect(sample(text, 'portal_claims_filed_total{flow="standard",outcome="filed"}')).toBe(1);
    expect(sample(text, "portal_sign_in_failures_total")).toBe(5);
    expect(sample(text, 'portal_lockouts_total{what="claimId"}')).toBe(1);
    expect(sample(text, 'portal_http_requests_total{route="page",method="GET",status="200"}')).toBeGreaterThan(5);
    expect(sample(text, 'portal_http_requests_total{route="page",method="POST",status="303"}')).toBeGreaterThan(5);
    expect(sample(text, 'portal_http_requests_total{route="metrics",method="GET",status="401"}')).toBe(5);
    expect(sample(text, 'portal_http_request_duration_seconds_count{route="page"}')).toBeGreaterThan(10);
    expect(sample(text, 'portal_http_request_duration_seconds_bucket{route="page",le="+Inf"}')).toBe(
      sample(text, 'portal_http_request_duration_seconds_count{route="page"}'),
    );
    expect(sample(text, "portal_email_outbox_waiting")).toBe(0);
    expect(sample(text, "portal_store_up")).toBe(1);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    // PostgreSQL's pool; SQLite has one connection, and no pool to report.
    if (backend === "postgresql") {
      expect(sample(text, 'portal_store_connections{state="max"}')).toBeGreaterThan(0);
      expect(sample(text, 'portal_store_connections{state="open"}')).toBeGreaterThan(0);
    } else expect(text).not.toMatch(/^portal_store_connections\{/m);
    // Nothing a claimant typed or an address: label values are kinds, flows and statuses. Only
    // label values are looked at: a sample's value (a byte count, a time) may hold the Claim ID's
    // digits by chance.
    const labelValues = [...text.matchAll(/="([^"]*)"/g)].map((match) => match[1] ?? "");
    expect(labelValues.length).toBeGreaterThan(10);
    expect(labelValues.filter((value) => value.includes(member["credentials.claimId"]))).toEqual([]);
    expect(text).not.toContain("/standard");
  });
});

describe("metrics' configuration", () => {
  test("without METRICS_TOKEN there are no metrics: /metrics is a page not found", async () => {
    const portal = await startPortal({ env: { METRICS_TOKEN: undefined } });
    try {
      const response = await fetch(`${portal.url}/metrics`, {
        headers: { Authorization: "Bearer anything-at-all-here" },
      });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("portal_http_requests_total");
    } finally {
      await portal.stop();
    }
  });

  test("a METRICS_TOKEN shorter than 16 characters, or with spaces, stops the server at start, saying how to make one", async () => {
    const blank = await startFailure({ env: { METRICS_TOKEN: " ".repeat(20) } });
    expect(blank.code).toBe(1);
    expect(blank.output).toContain("METRICS_TOKEN has 20 characters");
    const failed = await startFailure({ env: { METRICS_TOKEN: "short" } });
    expect(failed.code).toBe(1);
    expect(failed.output).toContain(
      "METRICS_TOKEN has 5 characters: it needs at least 16, and no spaces (make one with: openssl rand -hex 32).",
    );
  });
});
