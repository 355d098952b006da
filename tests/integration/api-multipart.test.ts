import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { memberWithData, TEST_TOKEN } from "#tests/contract/claimants.ts";
import { Claimant } from "#tests/support/claimant.ts";
import { PDF } from "#tests/support/documents.ts";
import { reimbursementAtDocuments } from "#tests/support/filing.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { converse } from "#tests/support/raw-http.ts";

/**
 * The JSON API's multipart reader, spoken to by hand as curl speaks: parts in the order given, an
 * oversized text part anywhere among files. Fetch's FormData hides the order these bugs need.
 */

const CLOCK = { "X-Test-Now": "2026-12-01T10:00:00Z" };

let portal: PortalServer;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal.stop();
});

/** A session signed in to the standard flow: its cookie and CSRF token. */
async function signIn(): Promise<{ cookie: string; token: string }> {
  const first = await fetch(`${portal.url}/api/csrf`, { headers: CLOCK });
  const cookie = first.headers.get("set-cookie")!.split(";")[0]!;
  const { requestToken } = (await first.json()) as { requestToken: string };
  const reply = await fetch(`${portal.url}/api/forms/standard/authorize`, {
    method: "POST",
    headers: { ...CLOCK, Cookie: cookie, "X-CSRF-TOKEN": requestToken, "Content-Type": "application/json" },
    body: JSON.stringify({ credentials: memberWithData(), reCaptchaResponse: TEST_TOKEN }),
  });
  const body = (await reply.json()) as { csrf: { requestToken: string } };
  expect(reply.status, JSON.stringify(body)).toBe(200);
  return { cookie: reply.headers.get("set-cookie")!.split(";")[0]!, token: body.csrf.requestToken };
}

type Part = { name: string; value: string | Buffer; filename?: string };

const BOUNDARY = "------------------------curlLikeBoundary0123";

/** A multipart body with the parts in this very order (as curl -F sends them). */
function multipart(parts: Part[]): Buffer {
  return Buffer.concat([
    ...parts.flatMap((part) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${
          part.filename === undefined ? "" : `; filename="${part.filename}"`
        }\r\n${part.filename === undefined ? "" : "Content-Type: application/octet-stream\r\n"}\r\n`,
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from("\r\n"),
    ]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

async function submitRaw(session: { cookie: string; token: string }, parts: Part[]) {
  return converse(
    portal.url,
    [
      {
        method: "POST",
        path: "/api/forms/standard",
        headers: {
          ...CLOCK,
          Cookie: session.cookie,
          "X-CSRF-TOKEN": session.token,
          "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
        },
        body: multipart(parts),
      },
      { method: "GET", path: "/api/csrf", headers: CLOCK },
    ],
    5_000,
  );
}

const LONG = "x".repeat(66_000);
const documentPart = (clientId = "doc-aaaaaaaa"): Part => ({ name: "documents", value: PDF, filename: clientId });

describe("an oversized part among files", () => {
  test.each([
    ["signature", "before a file", (long: Part) => [long, documentPart()]],
    ["claimantInfo", "before a file", (long: Part) => [long, documentPart()]],
    ["documentContexts", "before a file", (long: Part) => [long, documentPart()]],
    ["claimTransactions", "before a file", (long: Part) => [long, documentPart()]],
    ["signature", "after a file", (long: Part) => [documentPart(), long]],
    ["signature", "between files", (long: Part) => [documentPart(), long, documentPart("doc-bbbbbbbb")]],
  ])("%s %s: 413 too_large, and the portal keeps answering", async (name, _where, order) => {
    const session = await signIn();
    const conversation = await submitRaw(session, order({ name, value: LONG }));
    expect(conversation.responses[0]?.status, portal.output()).toBe(413);
    // The rest of the body was read and dropped: the next request on the connection is answered.
    expect(conversation.error).toBeUndefined();
    expect(conversation.responses[1]?.status).toBe(200);
    expect(JSON.parse(conversation.responses[0]!.body)).toMatchObject({ code: "too_large" });
    expect(portal.process.exitCode).toBeNull();
    // The portal still answers, on this connection or a new one.
    const after = await fetch(`${portal.url}/api/csrf`, { headers: CLOCK });
    expect(after.status).toBe(200);
    expect(portal.output()).not.toMatch(/uncaught exception/i);
  });
});

describe("the documents step's upload form", () => {
  test("a text field over 64 KB beside the file: 413 with the claimant's message, no crash", async () => {
    const claimant = await reimbursementAtDocuments(new Claimant(portal));
    const page = await claimant.postMultipart(
      "/reimbursement/supporting-documents",
      { records: "documentContexts", record: "new", intent: "upload", "documentContexts.documentKind": LONG + LONG },
      { "documentContexts.file": { name: "receipt.pdf", content: new Uint8Array(PDF) } },
    );
    expect(page.status, page.text("main")).toBe(413);
    // The page of a form too large (RouteErrorBoundary), not the generic failure's "A problem has occured".
    expect(page.text("main")).toContain("The form sent is too large. Please try again.");
    expect(portal.process.exitCode).toBeNull();
    expect((await fetch(`${portal.url}/api/csrf`, { headers: CLOCK })).status).toBe(200);
  });
});
