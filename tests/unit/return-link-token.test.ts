import { afterAll, beforeAll, expect, test } from "vitest";
import {
  newReturnLinkId,
  RETURN_LINK_SLOT,
  returnLinkEmailKey,
  returnLinkToken,
  returnLinkTokenHash,
  withReturnLinkToken,
} from "#app/security/return-link-token.server.ts";

/** Decision 032: a return link's token is made from its id under the session secret, as its message is sent. */
const previous = process.env.SESSION_SECRET;
beforeAll(() => {
  process.env.SESSION_SECRET = "a-session-secret-of-at-least-32-characters";
});
afterAll(() => {
  if (previous === undefined) delete process.env.SESSION_SECRET;
  else process.env.SESSION_SECRET = previous;
});

test("a link's id is 128 random bits; its token 256 bits, the same for the id every time, another for another id", () => {
  const id = newReturnLinkId();
  expect(Buffer.from(id, "base64url")).toHaveLength(16);
  expect(newReturnLinkId()).not.toBe(id);
  const token = returnLinkToken(id);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(returnLinkToken(id)).toBe(token);
  expect(returnLinkToken(newReturnLinkId())).not.toBe(token);
  expect(returnLinkTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
  expect(returnLinkTokenHash(token)).not.toContain(token);
});

test("the sender fills a return link's slot with its token, and leaves every other message as it is", () => {
  const id = newReturnLinkId();
  const text = `Open https://portal.example/return?token=${RETURN_LINK_SLOT}\n`;
  expect(withReturnLinkToken(returnLinkEmailKey(id), text)).toBe(
    `Open https://portal.example/return?token=${returnLinkToken(id)}\n`,
  );
  expect(withReturnLinkToken("claim-filed:STD-1:1", text)).toBe(text);
});
