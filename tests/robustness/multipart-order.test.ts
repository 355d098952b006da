import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DRAIN_LIMIT_BYTES } from "#app/http/unread-body.server.ts";
import { PDF } from "#tests/support/documents.ts";
import { type PortalServer, startPortal } from "#tests/support/portal-server.ts";
import { type ApiSession, multipart, type Part, signInToApi, submitRaw } from "#tests/support/raw-multipart.ts";

/**
 * The JSON API's multipart reader under parts in any order and of any size (the crash of a text
 * part over 64 KB followed by a file): never a 5xx, never the process gone, the connection still
 * answering the next request (or, for a body over the drain limit, closing it cleanly with
 * `Connection: close`, as app/http/unread-body.server.ts decides). `npm test` runs a short form; FUZZ_RUNS=200 (say) runs a long one.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const CLOCK = { "X-Test-Now": "2026-12-01T10:00:00Z" };
const LIMIT = 64 * 1024;

let portal: PortalServer;
let session: ApiSession;
beforeAll(async () => {
  portal = await startPortal();
  session = await signInToApi(portal, CLOCK);
});
afterAll(async () => {
  await portal.stop();
});

const textPart = fc.record({
  name: fc.constantFrom("signature", "claimantInfo", "documentContexts", "claimTransactions", "userPreferredCulture"),
  size: fc.oneof(fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: LIMIT - 2, max: LIMIT + 40_000 })),
});
const filePart = fc.record({
  name: fc.constantFrom("documents", "documents", "claimantInfo"),
  size: fc.integer({ min: 0, max: 300_000 }),
  clientId: fc.constantFrom("doc-aaaaaaaa", "doc-bbbbbbbb", "receipt.pdf"),
});

test("parts in any order and size: a 4xx (413 for a text part over 64 KB), the portal still up and the connection answering", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.oneof(textPart, filePart), { minLength: 1, maxLength: 5 }), async (drawn) => {
      const parts: Part[] = drawn.map((part) =>
        "clientId" in part
          ? {
              name: part.name,
              filename: part.clientId,
              value: Buffer.concat([PDF, Buffer.alloc(Math.max(0, part.size - PDF.length), 0x20)]),
            }
          : { name: part.name, value: "x".repeat(part.size) },
      );
      const conversation = await submitRaw(portal, session, parts, CLOCK);
      const [reply, next] = conversation.responses;
      expect(reply?.status, portal.output().slice(-3000)).toBeGreaterThanOrEqual(400);
      expect(reply!.status).toBeLessThan(500);
      if (drawn.some((part) => !("clientId" in part) && part.size > LIMIT) && reply!.status !== 429)
        expect(reply!.status).toBe(413);
      expect(conversation.error).toBeUndefined();
      if (multipart(parts).length > DRAIN_LIMIT_BYTES) {
        // Too large to read and drop: the answer says the connection closes, and it is closed, not reset.
        expect(reply!.headers.connection).toBe("close");
        expect(conversation.ended).toBe(true);
        expect((await fetch(`${portal.url}/api/csrf`, { headers: CLOCK })).status).toBe(200);
      } else expect(next?.status).toBe(200);
      expect(portal.process.exitCode).toBeNull();
    }),
    // No shrinking: after a crash every smaller case fails too, and the first one is the one to see.
    { numRuns: RUNS, endOnFailure: true },
  );
  expect(portal.output()).not.toMatch(/uncaught exception/i);
});
