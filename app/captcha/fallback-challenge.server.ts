import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "#app/session/secret.server.ts";

/**
 * The server-side challenge for claimants whose browser runs no scripts (DESIGN "Captcha without
 * JavaScript"): a sum of two small numbers, read as plain text by any screen reader. The answer is
 * not in the page: the token carries an expiry and a nonce, signed together with the answer, so
 * only the right answer reproduces the signature. Attempts are rate-limited per client elsewhere.
 */
const LIFETIME_MS = 15 * 60_000;

function sign(expiresAt: number, nonce: string, answer: string): string {
  return createHmac("sha256", sessionSecret()).update(`challenge:${expiresAt}:${nonce}:${answer}`).digest("base64url");
}

export interface Challenge {
  question: string;
  token: string;
}

export function createChallenge(now: number): Challenge {
  const first = randomInt(2, 10);
  const second = randomInt(2, 10);
  const expiresAt = now + LIFETIME_MS;
  const nonce = randomBytes(9).toString("base64url");
  return { question: `${first} + ${second}`, token: `${expiresAt}.${nonce}.${sign(expiresAt, nonce, String(first + second))}` };
}

export function isChallengeAnswered(token: string, answer: string, now: number): boolean {
  const [expiresText, nonce, signature] = token.split(".");
  const expiresAt = Number(expiresText);
  if (!nonce || !signature || !Number.isFinite(expiresAt) || now > expiresAt) return false;
  const expected = Buffer.from(sign(expiresAt, nonce, answer.trim()));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
