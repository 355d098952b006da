import { mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "undici";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant } from "#tests/support/claimant.ts";
import { STANDARD_CLAIMANT } from "#tests/support/demo-answers.ts";
import { getPage } from "#tests/support/http.ts";
import { settlementWith } from "#tests/support/settlement.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";

let portal: PortalServer;
beforeAll(async () => {
  portal = await startPortal({ env: { TRUST_PROXY: "loopback" } });
});
afterAll(async () => {
  await portal.stop();
});

describe("the HTTP server", () => {
  test("pages carry a strict CSP whose nonce is on every inline script", async () => {
    const page = await getPage(`${portal.url}/`);
    const csp = page.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/challenges\.cloudflare\.com/);
    expect(csp).toContain("frame-src https://challenges.cloudflare.com");
    expect(csp).not.toContain("unsafe-inline");
    const scripts = page.document.querySelectorAll("script");
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.getAttribute("nonce")).toBe(nonce);
    // A fresh nonce per request.
    const again = (await getPage(`${portal.url}/`)).headers.get("content-security-policy")!;
    expect(/'nonce-([^']+)'/.exec(again)?.[1]).not.toBe(nonce);
  });

  test("security headers; HSTS only when the request came over TLS", async () => {
    const plain = await fetch(`${portal.url}/lookup`);
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    expect(plain.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(plain.headers.get("x-powered-by")).toBeNull();
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const proxied = await fetch(`${portal.url}/lookup`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(proxied.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  test("responses are compressed for clients that accept it", async () => {
    const response = await new Promise<{ encoding?: string }>((resolve, reject) => {
      request(`${portal.url}/lookup`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        res.resume();
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"] }));
      })
        .on("error", reject)
        .end();
    });
    expect(response.encoding).toBe("gzip");
  });

  test("GET /healthz", async () => {
    const response = await fetch(`${portal.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", caseNumber: "Case No. 3:25-cv-04821-JST" });
  });

  test("every request is logged as one JSON line with its id, without its query string", async () => {
    const response = await fetch(`${portal.url}/lookup?culture=es&secret=1`);
    const id = response.headers.get("x-request-id")!;
    // Written as the answer finishes: it may come just after it.
    await expect.poll(() => portal.output().includes(`"requestId":"${id}"`)).toBe(true);
    const lines = portal
      .output()
      .split("\n")
      .filter((entry) => entry.includes(`"requestId":"${id}"`));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      time: expect.any(String),
      level: "info",
      requestId: id,
      message: "request",
      method: "GET",
      path: "/lookup",
      status: 200,
    });
    expect(portal.output()).not.toContain("secret=1");
  });

  test("a malformed URL is a 4xx, not a crash", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      request(`${portal.url}/%E0%A4%A`, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
        .on("error", reject)
        .end();
    });
    expect(status).toBeLessThan(500);
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200);
  });
});

/** Sends `head` as written on a new connection and reads until the server closes it: the status line, the body. */
function exchange(head: string): Promise<{ statusLine: string; body: string }> {
  const { port } = new URL(portal.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", reject);
    socket.on("end", () => {
      socket.end();
      resolve({ statusLine: answer.split("\r\n")[0]!, body: answer.slice(answer.indexOf("\r\n\r\n") + 4) });
    });
    socket.write(head);
  });
}

describe("the Host header (issue 23)", () => {
  test("none (HTTP/1.0), or one that is no host name: the plain 400, on pages, the API and static files", async () => {
    for (const path of ["/", "/standard", "/api/csrf", "/favicon.ico"]) {
      for (const head of [
        `GET ${path} HTTP/1.0\r\n\r\n`,
        `GET ${path} HTTP/1.1\r\nHost: exa mple\r\nConnection: close\r\n\r\n`,
        `GET ${path} HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n`,
        `GET ${path} HTTP/1.1\r\nHost: a b@portal.example\r\nConnection: close\r\n\r\n`,
        // A port no URL has (the host name alone passed, and React Router's URL threw).
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:99999\r\nConnection: close\r\n\r\n`,
      ]) {
        const answer = await exchange(head);
        expect(answer, JSON.stringify(head)).toEqual({ statusLine: "HTTP/1.1 400 Bad Request", body: "Bad Request" });
      }
    }
    // The refusals are the client's mistake: warnings, not errors.
    expect(portal.output()).not.toMatch(/"level":"error".*Invalid URL|"level":"error".*reading 'split'/);
  });

  test("/healthz answers a balancer's HTTP/1.0 health check, which sends no Host: 200", async () => {
    const answer = await exchange("GET /healthz HTTP/1.0\r\n\r\n");
    expect(answer.statusLine).toBe("HTTP/1.1 200 OK");
    expect(JSON.parse(answer.body)).toMatchObject({ status: "ok" });
    // With a Host that is no host name it is a 400 like every other address: that is a client's mistake.
    expect((await exchange("GET /healthz HTTP/1.1\r\nHost: exa mple\r\nConnection: close\r\n\r\n")).statusLine).toBe(
      "HTTP/1.1 400 Bad Request",
    );
  });
});

/** The server's own warnings at start, not a request's (a refused one is a warning too). */
const warnings = (server: PortalServer) =>
  server
    .output()
    .split("\n")
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { level?: string; message?: string; time?: string; requestId?: string };
        return entry.level === "warn" && entry.time && !entry.requestId ? [entry.message!] : [];
      } catch {
        return [];
      }
    });

describe("TRUST_PROXY at start-up", () => {
  test("trusting only the loopback proxy, on loopback: no warning", () => {
    expect(warnings(portal)).toEqual([]);
  });

  test("TRUST_PROXY=true, or any TRUST_PROXY on a public address: a warning line each, and the server still starts", async () => {
    const believesAll = await startPortal({ env: { TRUST_PROXY: "true" } });
    const listensWide = await startPortal({ env: { TRUST_PROXY: "1", HOST: "0.0.0.0" } });
    try {
      expect(warnings(believesAll)).toEqual([
        expect.stringMatching(/^TRUST_PROXY=true believes every X-Forwarded-For address/),
      ]);
      expect(warnings(listensWide)).toEqual([
        expect.stringMatching(/^TRUST_PROXY is set and the portal listens on 0\.0\.0\.0, not on loopback only/),
      ]);
      expect((await fetch(`${listensWide.url}/healthz`)).status).toBe(200);
    } finally {
      await Promise.all([believesAll.stop(), listensWide.stop()]);
    }
  });
});

describe("in production", () => {
  test("Cloudflare's always-pass test site key: a warning line at start; the settlement's own key: none", async () => {
    const production = { NODE_ENV: "production", PORTAL_TEST_CLOCK: "" };
    // The demo settlement as shipped uses the test key 1x00000000000000000000AA.
    const demo = await startPortal({ env: production });
    const ownKey = await startPortal({
      env: { ...production, CAPTCHA_SECRET_KEY: "0x4AAAAAAAAsecretOfTheSettlement" },
      settlementDir: settlementWith(
        (settlement) => {
          (settlement.captcha as { siteKey: string }).siteKey = "0x4AAAAAAAAbcdefghijklm";
        },
        { testCaptcha: false },
      ),
    });
    try {
      expect(warnings(demo)).toEqual([
        expect.stringMatching(
          /settlement\.json: at captcha\.siteKey: 1x00000000000000000000AA is Cloudflare's test site key that always passes/,
        ),
      ]);
      expect(warnings(ownKey)).toEqual([]);
    } finally {
      await Promise.all([demo.stop(), ownKey.stop()]);
    }
  });

  test("a server fault answers 500 with no stack trace, and the server stays up", async () => {
    // A data folder below a regular file cannot be created, even by root: starting a session fails.
    const file = path.join(mkdtempSync(path.join(tmpdir(), "not-a-folder-")), "file");
    writeFileSync(file, "");
    const production = await startPortal({
      env: { NODE_ENV: "production", PORTAL_TEST_CLOCK: "", DATA_DIR: path.join(file, "data"), SESSION_SECRET: "" },
    });
    try {
      const response = await fetch(`${production.url}/api/csrf`);
      const body = await response.text();
      expect(response.status).toBe(500);
      expect(body).not.toMatch(/ENOTDIR|at .*\.(ts|js):\d+/);
      // The request's log line (with the fault) is written as the answer finishes: it may come just after it.
      await expect.poll(() => production.output()).toContain("ENOTDIR");
      // Still up: pages that need no storage answer, and the health check reports the fault.
      expect((await fetch(`${production.url}/error`)).status).toBe(200);
      const health = await fetch(`${production.url}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: "unavailable", database: "sqlite" });
    } finally {
      await production.stop();
    }
  });

  test("the session cookie is Secure and __Host- prefixed: only this host, over TLS, may set it", async () => {
    const production = await startPortal({ env: { NODE_ENV: "production", PORTAL_TEST_CLOCK: "" } });
    try {
      const first = await fetch(`${production.url}/api/csrf`);
      const cookie = first.headers.get("set-cookie")!;
      expect(cookie).toMatch(/^__Host-session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
      // The browser sends it back under that name, and it is the same session.
      const again = await fetch(`${production.url}/api/csrf`, { headers: { Cookie: cookie.split(";")[0]! } });
      expect(again.headers.get("set-cookie")).toBeNull();
      expect(((await again.json()) as { requestToken: string }).requestToken).toBe(
        ((await first.json()) as { requestToken: string }).requestToken,
      );
      // Without TLS (COOKIE_SECURE=false) a browser would refuse the prefix: the plain name then.
      const plain = await startPortal({
        env: { NODE_ENV: "production", PORTAL_TEST_CLOCK: "", COOKIE_SECURE: "false" },
      });
      try {
        expect((await fetch(`${plain.url}/api/csrf`)).headers.get("set-cookie")).toMatch(
          /^__session=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/,
        );
      } finally {
        await plain.stop();
      }
    } finally {
      await production.stop();
    }
  });

  test("SIGTERM stops the server cleanly even with idle keep-alive connections open", async () => {
    const server = await startPortal({ env: { SHUTDOWN_GRACE_MS: "10000" } });
    const agentResponse = await fetch(`${server.url}/healthz`, { keepalive: true });
    await agentResponse.text();
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain("SIGTERM received");
    // Stopped by itself once the idle connection closed at its keep-alive timeout, not cut by the grace period.
    expect(server.output()).toContain('"message":"stopped"');
  });

  test("a rolling restart loses nothing: keep-alive clients sending as SIGTERM arrives see no reset", async () => {
    const server = await startPortal({ env: { SHUTDOWN_GRACE_MS: "10000" } });
    const CLIENTS = 40;
    const MAX_REQUESTS = 150;
    // One kept-alive connection per client, as a claimant's browser or a proxy's upstream keeps it.
    const clients = Array.from({ length: CLIENTS }, () => new Client(server.url, { pipelining: 1 }));
    const outcomes = { answered: 0, closeSaid: 0, refused: 0, lost: [] as string[] };
    let signalled = false;
    let answeredBefore = 0;
    /** Answers each client has had: the signal comes once each has its connection kept alive. */
    const answeredBy = new Array<number>(CLIENTS).fill(0);
    const sigtermSent = Promise.withResolvers<void>();
    const claimant = async (client: Client, index: number) => {
      for (let sent = 0; sent < MAX_REQUESTS; sent++) {
        try {
          const response = await client.request({ method: "GET", path: index % 2 ? "/standard" : "/healthz" });
          await response.body.text();
          outcomes.answered++;
          answeredBy[index]!++;
          if (signalled && response.headers.connection === "close") outcomes.closeSaid++;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? String(error);
          // The listener closed: a new connection is refused, which a balancer retries elsewhere.
          if (code === "ECONNREFUSED") {
            outcomes.refused++;
            return;
          }
          // Anything else (a reset, "other side closed") is a request lost in the restart.
          outcomes.lost.push(code);
          return;
        }
        if (!signalled && answeredBy.every((count) => count >= 2)) sigtermSent.resolve();
        // A moment's pause now and then: some connections are idle when the signal comes, some busy.
        if (sent % 3 === 2) await new Promise((resolve) => setTimeout(resolve, index % 7));
      }
    };
    try {
      const running = clients.map(claimant);
      await sigtermSent.promise;
      signalled = true;
      answeredBefore = outcomes.answered;
      const exited = server.stop();
      await Promise.all(running);
      expect(await exited).toBe(0);
      console.log(
        `rolling restart: ${outcomes.answered} answered (${outcomes.answered - answeredBefore} after SIGTERM, ${outcomes.closeSaid} of them with Connection: close), ${outcomes.refused} refused (ECONNREFUSED), ${outcomes.lost.length} lost`,
      );
      expect(outcomes.lost).toEqual([]);
      // Every client went on until the listener refused it: the signal came while they were sending.
      expect(outcomes.refused).toBe(CLIENTS);
    } finally {
      await Promise.all(clients.map((client) => client.destroy()));
      await server.stop();
    }
  });

  test("SIGTERM lets a request in flight finish, refuses new ones, then exits", async () => {
    const server = await startPortal({ env: { SHUTDOWN_GRACE_MS: "10000" } });
    const claimant = new Claimant(server);
    await claimant.signIn("standard");
    const form = await claimant.get("/standard/claimant-info");
    const cookie = claimant.sessionCookie();
    const token = form.document.querySelector('input[name="csrf"]')!.getAttribute("value")!;
    const body = new URLSearchParams({ csrf: token, ...STANDARD_CLAIMANT }).toString();
    const port = Number(new URL(server.url).port);

    // A claimant on a slow connection: the headers and half the form have arrived.
    const socket = connect(port, "127.0.0.1");
    let response = "";
    socket.on("data", (chunk) => (response += chunk.toString()));
    const closed = new Promise((resolve) => socket.on("close", resolve));
    socket.write(
      `POST /standard/claimant-info HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie.name}=${cookie.value}\r\nOrigin: ${server.url}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 40)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = server.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));

    // New connections are refused while the old request is still being sent. (A request on a
    // connection kept alive from before is answered, with Connection: close: the rolling restart test.)
    const refused = await new Promise<string | undefined>((resolve) =>
      connect(port, "127.0.0.1")
        .on("connect", () => resolve(undefined))
        .on("error", (error: NodeJS.ErrnoException) => resolve(error.code)),
    );
    expect(refused).toBe("ECONNREFUSED");
    socket.write(body.slice(40));
    await closed; // the server answers, then closes the connection as it stops
    expect(response).toMatch(/^HTTP\/1\.1 303 /);
    expect(response).toMatch(/\r\nlocation: \/standard\/claim-details\?saved=1\r\n/i);
    expect(await exited).toBe(0);
    expect(server.output()).toContain('"message":"stopped"');
  });
});
