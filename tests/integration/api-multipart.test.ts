import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Claimant } from "#tests/support/claimant.ts";
import { PDF } from "#tests/support/documents.ts";
import { reimbursementAtDocuments } from "#tests/support/filing.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { type Part, signInToApi, submitRaw } from "#tests/support/raw-multipart.ts";

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
    const session = await signInToApi(portal, CLOCK);
    const conversation = await submitRaw(portal, session, order({ name, value: LONG }), CLOCK);
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
