import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "#app/session/secret.server.ts";
import { getStore } from "#app/storage/store.server.ts";

/**
 * The server-side challenge for claimants whose browser runs no scripts (DESIGN "Captcha without
 * JavaScript"): a sum of two small numbers, read as plain text by any screen reader. The answer is
 * not in the page: the token carries an expiry and a nonce, signed together with the answer and
 * the session the page was shown to, so only the right answer from that session reproduces the
 * signature. A solved challenge passes once: its nonce is remembered in the store until it
 * expires, so a script cannot solve one and replay it for hundreds of sign-ins, nor hand it to
 * other sessions. Wrong answers count against the client's address (address-failures.server.ts).
 */
const LIFETIME_MS = 15 * 60_000;

function sign(sessionId: string, expiresAt: number, nonce: string, answer: string): string {
  return createHmac("sha256", sessionSecret())
    .update(`challenge:${sessionId}:${expiresAt}:${nonce}:${answer}`)
    .digest("base64url");
}

export interface Challenge {
  question: string;
  token: string;
}

/** A new challenge for a page shown to the session `sessionId`. */
export function createChallenge(sessionId: string, now: number): Challenge {
  const first = randomInt(2, 10);
  const second = randomInt(2, 10);
  const expiresAt = now + LIFETIME_MS;
  const nonce = randomBytes(9).toString("base64url");
  return {
    question: `${first} + ${second}`,
    token: `${expiresAt}.${nonce}.${sign(sessionId, expiresAt, nonce, String(first + second))}`,
  };
}

/**
 * Whether `answer` solves the challenge `token` shown to this session, unexpired, for the first
 * time (which uses it up). A wrong answer, or one from another session, uses nothing.
 */
export async function acceptChallengeAnswer(
  token: string,
  answer: string,
  sessionId: string,
  now: number,
): Promise<boolean> {
  const [expiresText, nonce, signature] = token.split(".");
  const expiresAt = Number(expiresText);
  if (!nonce || !/^[\w-]+$/.test(nonce) || !signature || !Number.isFinite(expiresAt) || now > expiresAt) return false;
  const expected = Buffer.from(sign(sessionId, expiresAt, nonce, answer.trim()));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return getStore().useChallenge(nonce, expiresAt);
}
