import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant } from "#tests/support/claimant.ts";
import { at } from "#tests/support/http.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { type Conversation, converse, type RawRequest } from "#tests/support/raw-http.ts";

/**
 * Issue 12, item 1: an answer sent before the request's body was read used to leave the rest of
 * the body on the connection, so the next request on it was never answered and the connection was
 * reset seconds later. Each early answer is tested on a raw kept-alive connection, as a browser
 * reuses it: the next request must be answered at once, or (a body over the drain limit) the
 * answer says Connection: close and the connection ends cleanly, without a reset.
 */
let portal: PortalServer;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal.stop();
});

const KB = 1024;
const MB = 1024 * KB;
const URL_ENCODED = { "Content-Type": "application/x-www-form-urlencoded" };
const NEXT: RawRequest = { method: "GET", path: "/healthz" };

/** A multipart form with one file of `size` bytes, as a browser sends an upload. */
function upload(size: number): { headers: Record<string, string>; body: Buffer } {
  const boundary = "----portal-test-boundary";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\nnone\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="documentContexts.file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    ),
    Buffer.alloc(size, "x"),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` }, body };
}

/** The early answer came, and the next request on the same connection was answered within a second. */
function expectKeptAndAnswered(conversation: Conversation, status: number) {
  expect(conversation.error).toBeUndefined();
  expect(conversation.responses.map((response) => response.status)).toEqual([status, 200]);
  expect(conversation.responses[0]!.headers.connection).not.toBe("close");
  expect(conversation.responses[1]!.at - conversation.sent[1]!).toBeLessThan(1_000);
}

/** The early answer came whole, said Connection: close, and the server then ended the connection without a reset. */
function expectClosedCleanly(conversation: Conversation, status: number) {
  expect(conversation.responses.map((response) => response.status)).toEqual([status]);
  expect(conversation.responses[0]!.headers.connection).toBe("close");
  expect(conversation.ended).toBe(true);
  expect(conversation.error).toBeUndefined();
}

describe("an answer sent before the body was read leaves the connection usable", () => {
  test("the session guard's 303 (no session), with a 512 KB form", async () => {
    const conversation = await converse(portal.url, [
      { method: "POST", path: "/standard/claimant-info", headers: URL_ENCODED, body: 512 * KB },
      NEXT,
    ]);
    expectKeptAndAnswered(conversation, 303);
    expect(conversation.responses[0]!.headers.location).toBe("/session-expired?form=standard");
  });

  test("the deadline's 303, with a 512 KB form", async () => {
    const conversation = await converse(portal.url, [
      {
        method: "POST",
        path: "/standard/claimant-info",
        headers: { ...URL_ENCODED, ...at("2028-01-15T12:00:00Z") },
        body: 512 * KB,
      },
      NEXT,
    ]);
    expectKeptAndAnswered(conversation, 303);
    expect(conversation.responses[0]!.headers.location).not.toContain("session-expired");
  });

  test("the JSON API's CSRF 403, with a 512 KB body", async () => {
    const claimant = new Claimant(portal);
    await claimant.get("/standard");
    const conversation = await converse(portal.url, [
      {
        method: "POST",
        path: "/api/forms/standard/authorize",
        headers: { "Content-Type": "application/json", Cookie: claimant.cookieHeader() },
        body: `{"x":"${"a".repeat(512 * KB)}"}`,
      },
      NEXT,
    ]);
    expectKeptAndAnswered(conversation, 403);
  });

  test("React Router's 400 for a POST from another origin, with a 512 KB form", async () => {
    const conversation = await converse(portal.url, [
      {
        method: "POST",
        path: "/standard",
        headers: { ...URL_ENCODED, Origin: "https://evil.example" },
        body: 512 * KB,
      },
      NEXT,
    ]);
    expectKeptAndAnswered(conversation, 400);
  });

  test("a 405 (a page that takes no POST) and a POST to an unknown path, with a 512 KB form", async () => {
    expectKeptAndAnswered(
      await converse(portal.url, [{ method: "POST", path: "/deadline", headers: URL_ENCODED, body: 512 * KB }, NEXT]),
      405,
    );
    expectKeptAndAnswered(
      await converse(portal.url, [
        { method: "POST", path: "/no-such-page", headers: URL_ENCODED, body: 512 * KB },
        NEXT,
      ]),
      404,
    );
  });

  test("a form over the form size limit: the 413 page, after reading no more than the limit", async () => {
    const conversation = await converse(portal.url, [
      { method: "POST", path: "/standard", headers: URL_ENCODED, body: 600 * KB },
      NEXT,
    ]);
    expectKeptAndAnswered(conversation, 413);
    expect(conversation.responses[0]!.body).toContain("The form sent is too large. Please try again.");
  });
});

describe("a body over the drain limit: Connection: close, and a clean end", () => {
  test("a 17 MB form gets the 413 page, not a reset", async () => {
    const conversation = await converse(
      portal.url,
      [{ method: "POST", path: "/standard", headers: URL_ENCODED, body: 17 * MB }, NEXT],
      10_000,
    );
    expectClosedCleanly(conversation, 413);
    expect(conversation.responses[0]!.body).toContain("The form sent is too large. Please try again.");
  });

  test("a 5 MB upload after the session has gone: the session guard's 303", async () => {
    const { headers, body } = upload(5 * MB);
    const conversation = await converse(
      portal.url,
      [{ method: "POST", path: "/reimbursement/supporting-documents", headers, body }, NEXT],
      10_000,
    );
    expectClosedCleanly(conversation, 303);
    expect(conversation.responses[0]!.headers.location).toBe("/session-expired?form=reimbursement");
  });

  test("a body of unknown length (chunked), answered early", async () => {
    const chunk = "a".repeat(64 * KB);
    const body = `${`${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(8)}0\r\n\r\n`;
    const conversation = await converse(portal.url, [
      {
        method: "POST",
        path: "/standard/claimant-info",
        headers: { ...URL_ENCODED, "Transfer-Encoding": "chunked" },
        body,
      },
      NEXT,
    ]);
    expectClosedCleanly(conversation, 303);
  });
});

test("answers that read the whole body keep the connection as before", async () => {
  const claimant = new Claimant(portal);
  await claimant.get("/standard");
  const conversation = await converse(portal.url, [
    {
      method: "POST",
      path: "/standard",
      headers: { ...URL_ENCODED, Cookie: claimant.cookieHeader() },
      body: `csrf=${claimant.csrfToken()}&credentials.claimId=10000001&credentials.pin=000000&captchaToken=test-pass`,
    },
    NEXT,
  ]);
  expectKeptAndAnswered(conversation, 401);
});
