import { mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant } from "#tests/support/claimant.ts";
import { getPage } from "#tests/support/http.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { settlementWith } from "#tests/support/settlement.ts";

/**
 * Issue 12, item 6: one log format (decision 016). Every line the server writes is a JSON object
 * with time, level and message; every request's line has its id, the one the answer's X-Request-Id
 * gives and the error page quotes; refusals are warnings without a stack, faults errors with one.
 */
interface LogLine {
  time: string;
  level: string;
  message: string;
  requestId?: string;
  method?: string;
  path?: string;
  status?: number;
  reason?: string;
  error?: { name: string; message: string; code?: string; stack: string; cause?: unknown };
}

/** Every line of the server's output, each of which must be a JSON log line. */
function logLines(server: PortalServer): LogLine[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      let entry: LogLine;
      try {
        entry = JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`Not a JSON line: ${line}`);
      }
      expect(entry.time, line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(["info", "warn", "error"], line).toContain(entry.level);
      expect(typeof entry.message, line).toBe("string");
      return entry;
    });
}

/** Until the request's line is in the output: it is written as the answer finishes, and may come just after it. */
async function logged(server: PortalServer, response: { headers: Headers }) {
  const id = response.headers.get("x-request-id");
  await expect.poll(() => server.output().includes(`"requestId":"${id}"`)).toBe(true);
}

/** The one line for the request that answered `response`, found by the id it answered with. */
function lineOf(server: PortalServer, response: { headers: Headers }): LogLine {
  const id = response.headers.get("x-request-id");
  expect(id).toBeTruthy();
  const lines = logLines(server).filter((line) => line.requestId === id && line.message === "request");
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

/** A loopback port nothing listens on (one that was just free): connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const form = (fields: Record<string, string>) => ({
  "Content-Type": "application/x-www-form-urlencoded",
  body: new URLSearchParams(fields).toString(),
});

describe("a session of requests", () => {
  test("every line is JSON with time, level and message, a request's with its id; refusals are warnings without a stack, a fault an error with one", async () => {
    // The captcha provider cannot be reached: the sign-in fails in the app's own code, which logs it with the request's id.
    const unreachable = await closedPort();
    const portal = await startPortal({
      settlementDir: settlementWith(
        {
          captcha: {
            provider: "turnstile",
            siteKey: "0x4AAAAAAA",
            verifyUrl: `http://127.0.0.1:${unreachable}/siteverify`,
            fallbackChallenge: false,
          },
        },
        {
          testCaptcha: false,
        },
      ),
      // The whole grace to stop in, so it logs "stopped" rather than being cut (tests cut at 0.5 s).
      env: { CAPTCHA_SECRET_KEY: "secret-for-tests", SHUTDOWN_GRACE_MS: "10000" },
    });
    const claimant = new Claimant(portal);
    const page = await claimant.get("/lookup");
    const csrfRefused = await claimant.post("/lookup", { claimId: "1" }, { csrf: false });
    const { body, ...headers } = form({ claimId: "1" });
    const crossSite = await fetch(`${portal.url}/lookup`, {
      method: "POST",
      headers: { ...headers, Origin: "https://elsewhere.example" },
      body,
      redirect: "manual",
    });
    const crossSiteData = await fetch(`${portal.url}/lookup.data`, {
      method: "POST",
      headers: { ...headers, Origin: "https://elsewhere.example" },
      body,
      redirect: "manual",
    });
    // Without TRUST_PROXY, a client's own X-Request-Id is not taken.
    const notFound = await fetch(`${portal.url}/no-such-page`, { headers: { "X-Request-Id": "chosen-by-the-client" } });
    const notAllowed = await fetch(`${portal.url}/healthz`, { method: "POST", headers: { Origin: portal.url } });
    const malformedUrl = await fetch(`${portal.url}/%E0%A4%A`);
    await claimant.get("/standard");
    const captchaDown = await claimant.post("/standard", { ...claimant.member, captchaToken: "a-token" });
    await Promise.all(
      [crossSite, crossSiteData, notFound, notAllowed, malformedUrl].map((response) => response.text()),
    );
    expect(await portal.stop()).toBe(0);

    expect([
      page.status,
      csrfRefused.status,
      crossSite.status,
      crossSiteData.status,
      notFound.status,
      notAllowed.status,
      malformedUrl.status,
      captchaDown.status,
    ]).toEqual([200, 403, 400, 400, 404, 405, 404, 503]);
    const lines = logLines(portal);
    // Start-up first (the line tests/support/portal-server.ts finds the port in; before it, what
    // start-up made: the field key of a new data folder, the settlement's list read in), shutdown last.
    const listening = lines.findIndex((line) => line.message.includes(" listening on http:"));
    expect(lines.slice(0, listening).map((line) => line.message)).toEqual([
      expect.stringMatching(/^made a new field key in /),
      expect.stringMatching(/^class-member list read from .*class-members\.csv$/),
    ]);
    expect(lines[listening]).toMatchObject({
      level: "info",
      message: expect.stringMatching(/listening on http:\/\/127\.0\.0\.1:\d+$/),
      port: expect.any(Number),
    });
    expect(lines.slice(-2).map((line) => line.message)).toEqual([
      "SIGTERM received: finishing in-flight requests",
      "stopped",
    ]);
    // Each request is one line with its own id.
    const requests = lines.filter((line) => line.message === "request");
    expect(requests).toHaveLength(9);
    for (const line of requests)
      expect(line).toMatchObject({
        requestId: expect.stringMatching(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
        method: expect.any(String),
        status: expect.any(Number),
      });
    expect(new Set(requests.map((line) => line.requestId)).size).toBe(requests.length);

    expect(lineOf(portal, page)).toMatchObject({ level: "info", method: "GET", path: "/lookup", status: 200 });
    // Refusals: warnings, with React Router's reason where it gives one, never a stack.
    expect(lineOf(portal, csrfRefused)).toMatchObject({ level: "warn", method: "POST", path: "/lookup", status: 403 });
    for (const response of [crossSite, crossSiteData]) {
      expect(lineOf(portal, response)).toMatchObject({
        level: "warn",
        method: "POST",
        status: 400,
        reason: 'a form was posted from another site (Origin "https://elsewhere.example") and refused',
      });
    }
    expect(lineOf(portal, notFound)).toMatchObject({ level: "warn", path: "/no-such-page", status: 404 });
    expect(notFound.headers.get("x-request-id")).not.toBe("chosen-by-the-client");
    expect(portal.output()).not.toContain("chosen-by-the-client");
    expect(lineOf(portal, notAllowed)).toMatchObject({
      level: "warn",
      path: "/healthz",
      status: 405,
      reason: expect.stringContaining("did not provide an `action`"),
    });
    // An address that does not decode is not found, like any other (the line has it as sent).
    expect(lineOf(portal, malformedUrl)).toMatchObject({ level: "warn", path: "/%E0%A4%A", status: 404 });
    for (const line of lines.filter((entry) => entry.level !== "error"))
      expect(JSON.stringify(line)).not.toMatch(/stack|\bat \S+ \(/);

    // App code logging inside a request (the captcha check) carries the request's id; the error's
    // cause (the refused connection) is kept, its stack one field.
    const captchaId = captchaDown.headers.get("x-request-id");
    expect(lineOf(portal, captchaDown)).toMatchObject({ level: "error", path: "/standard", status: 503 });
    const failure = lines.find((line) => line.message === "captcha verification failed")!;
    expect(failure).toMatchObject({
      level: "error",
      requestId: captchaId,
      error: {
        name: "TypeError",
        message: "fetch failed",
        cause: { code: "ECONNREFUSED", stack: expect.stringMatching(/ECONNREFUSED.*\n {4}at /) },
      },
    });
    // Nothing else was an error.
    expect(lines.filter((line) => line.level === "error").map((line) => line.requestId)).toEqual([
      captchaId,
      captchaId,
    ]);
  });
});

describe("a method no route takes", () => {
  test("TRACE (or CONNECT, PROPFIND) is a 405, logged as a warning without a stack, on any path", async () => {
    const portal = await startPortal();
    // fetch refuses to send TRACE, as React Router's adapter did (with a 500): a plain request does.
    const send = (method: string, pathname: string) =>
      new Promise<{ status: number; id: string }>((resolve, reject) => {
        const req = httpRequest(`${portal.url}${pathname}`, { method }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, id: String(res.headers["x-request-id"]) }));
        });
        req.on("error", reject);
        req.end();
      });
    const answers = [
      await send("TRACE", "/"),
      await send("TRACE", "/assets/x.js"),
      await send("PROPFIND", "/automotive"),
    ];
    expect(await portal.stop()).toBe(0);
    expect(answers.map((answer) => answer.status)).toEqual([405, 405, 405]);
    for (const answer of answers) {
      const line = logLines(portal).find((entry) => entry.requestId === answer.id && entry.message === "request");
      expect(line).toMatchObject({ level: "warn", status: 405 });
      expect(line?.error).toBeUndefined();
    }
    expect(logLines(portal).filter((entry) => entry.level === "error")).toEqual([]);
  });
});

describe("a server fault", () => {
  let broken: PortalServer;
  beforeAll(async () => {
    // A data folder below a regular file cannot be made: every page that needs the store fails.
    const file = path.join(mkdtempSync(path.join(tmpdir(), "not-a-folder-")), "file");
    writeFileSync(file, "");
    broken = await startPortal({ env: { DATA_DIR: path.join(file, "data"), TRUST_PROXY: "loopback" } });
  });
  afterAll(async () => {
    await broken.stop();
  });

  test("the 500 page quotes the request's id, as its X-Request-Id and its log line (at error, with the stack) do, and nothing else of the fault", async () => {
    const failed = await getPage(`${broken.url}/lookup`);
    const id = failed.headers.get("x-request-id")!;
    expect(failed.status).toBe(500);
    expect(failed.text("h1")).toBe("Something went wrong");
    expect(failed.text(".support-reference")).toBe(`Reference for support: ${id}`);
    expect(failed.html).not.toMatch(/ENOTDIR|\bat \S+ \(|\.(ts|js):\d+/);
    await logged(broken, failed);
    const line = lineOf(broken, failed);
    expect(line).toMatchObject({
      level: "error",
      method: "GET",
      path: "/lookup",
      status: 500,
      error: { code: "ENOTDIR", message: expect.stringContaining("ENOTDIR") },
    });
    expect(line.error!.stack).toMatch(/^Error: ENOTDIR.*\n {4}at /);

    // Without JavaScript, a form post that fails shows the error page in the portal's layout (header,
    // footer, the contact the message points to) and with a title, not a bare heading.
    for (const page of [
      failed,
      await getPage(`${broken.url}/lookup`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: broken.url },
        body: "vinLookup.vin=1",
      }),
    ]) {
      expect(page.status).toBe(500);
      expect(page.document.querySelector("title")?.textContent).toMatch(/^Something went wrong – /);
      expect(page.document.querySelector("footer")).not.toBeNull();
    }

    const spanish = await getPage(`${broken.url}/lookup?culture=es`);
    expect(spanish.status).toBe(500);
    expect(spanish.text(".support-reference")).toBe(`Referencia para soporte: ${spanish.headers.get("x-request-id")}`);

    // A route that answers a failure itself (the health check's 503) logs why on its line too.
    const health = await fetch(`${broken.url}/healthz`);
    expect(health.status).toBe(503);
    await logged(broken, health);
    expect(lineOf(broken, health)).toMatchObject({
      level: "error",
      path: "/healthz",
      status: 503,
      error: { code: "ENOTDIR", stack: expect.stringMatching(/\n {4}at /) },
    });
  });

  test("a trusted proxy's X-Request-Id is the request's id, on its line and the error page; one that is no id is replaced", async () => {
    const proxied = await getPage(`${broken.url}/lookup`, {
      headers: { "X-Request-Id": "0f8fad5b-d9cb-469f-a165-70867728950e" },
    });
    expect(proxied.headers.get("x-request-id")).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    expect(proxied.text(".support-reference")).toBe("Reference for support: 0f8fad5b-d9cb-469f-a165-70867728950e");
    const odd = await fetch(`${broken.url}/error`, { headers: { "X-Request-Id": "<b>not an id</b>" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await logged(broken, proxied);
    await logged(broken, odd);
    expect(lineOf(broken, proxied)).toMatchObject({ level: "error", status: 500 });
    expect(lineOf(broken, odd)).toMatchObject({ level: "info", path: "/error", status: 200 });
  });
});
