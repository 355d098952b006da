import type { Logger } from "#app/log.server.ts";
import type { Settlement } from "#app/settlement/settlement-schema.ts";
import {
  CAPTCHA_TOKEN_FIELD,
  type CaptchaSettings,
  CHALLENGE_ANSWER_FIELD,
  CHALLENGE_TOKEN_FIELD,
  TEST_PROVIDER_TOKEN,
} from "./captcha-fields.ts";
import { acceptChallengeAnswer, createChallenge } from "./fallback-challenge.server.ts";
import { TEST_SECRETS } from "./turnstile-test-keys.ts";

export type CaptchaOutcome = { ok: true } | { ok: false; reason: "missing" | "rejected" | "unavailable" };

export interface CaptchaProof {
  token?: string | null;
  challengeToken?: string | null;
  challengeAnswer?: string | null;
}

/**
 * Whom a proof comes from: the session its page was shown to (the no-JavaScript challenge is bound
 * to it: on signing in, the id before the renewal), the client's address (for the provider), and
 * the request's logger (a provider that cannot be asked is logged with the request's id).
 */
export interface CaptchaRequester {
  sessionId: string;
  remoteIp: string;
  log: Logger;
}

/** SPEC §5: the captcha is required whenever enabled, and always in production. */
export function captchaRequired(settlement: Settlement): boolean {
  return settlement.captcha.enabled || process.env.NODE_ENV === "production";
}

/** Turnstile's siteverify (or the configured stand-in): success, rejection, or no answer at all. */
async function verifyWithProvider(
  settlement: Settlement,
  token: string,
  remoteIp: string,
  log: Logger,
): Promise<CaptchaOutcome> {
  const { captcha } = settlement;
  if (captcha.provider === "test")
    return token === TEST_PROVIDER_TOKEN ? { ok: true } : { ok: false, reason: "rejected" };
  // A real site key needs CAPTCHA_SECRET_KEY; Cloudflare's test keys have their test secrets.
  const secret = process.env.CAPTCHA_SECRET_KEY ?? TEST_SECRETS[captcha.siteKey];
  if (!secret) {
    log.error("CAPTCHA_SECRET_KEY is not set: captcha tokens cannot be verified");
    return { ok: false, reason: "unavailable" };
  }
  try {
    const response = await fetch(captcha.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) {
      log.error("the captcha provider answered with an error", { providerStatus: response.status });
      return { ok: false, reason: "unavailable" };
    }
    const result = (await response.json()) as { success?: unknown };
    return result.success === true ? { ok: true } : { ok: false, reason: "rejected" };
  } catch (error) {
    log.error("captcha verification failed", { error });
    return { ok: false, reason: "unavailable" };
  }
}

/**
 * Checks the proof a form carries: the widget's token when scripts ran, else the answer to the
 * server-side challenge (when the settlement offers it). A token that does not pass (refused, or
 * the provider out of reach) leaves the sum to decide when the claimant answered it too: the page
 * offers the sum beside the widget after such a refusal, so a provider that is down never locks
 * out a claimant whose browser runs the widget.
 */
export async function verifyCaptcha(
  settlement: Settlement,
  proof: CaptchaProof,
  { sessionId, remoteIp, log }: CaptchaRequester,
  now: number,
): Promise<CaptchaOutcome> {
  if (!captchaRequired(settlement)) return { ok: true };
  const { challengeToken, challengeAnswer } = proof;
  const sum = settlement.captcha.fallbackChallenge && challengeToken && challengeAnswer;
  if (proof.token) {
    const widget = await verifyWithProvider(settlement, proof.token, remoteIp, log);
    if (widget.ok || !sum) return widget;
  }
  if (sum)
    return (await acceptChallengeAnswer(challengeToken, challengeAnswer, sessionId, now))
      ? { ok: true }
      : { ok: false, reason: "rejected" };
  return { ok: false, reason: "missing" };
}

/**
 * What a failed check means for the claimant: a missing or rejected proof is theirs to redo (400,
 * with its message), an unreachable provider is not (503, with the caller's generic message).
 */
export function captchaRefusal(
  reason: "missing" | "rejected" | "unavailable",
  unavailableKey: string,
): { status: 400 | 503; key: string } {
  if (reason === "unavailable") return { status: 503, key: unavailableKey };
  return { status: 400, key: reason === "missing" ? "Captcha_Required" : "Captcha_Rejected" };
}

export function captchaProof(formData: FormData | URLSearchParams): CaptchaProof {
  const field = (name: string) => formData.get(name)?.toString() ?? null;
  return {
    token: field(CAPTCHA_TOKEN_FIELD),
    challengeToken: field(CHALLENGE_TOKEN_FIELD),
    challengeAnswer: field(CHALLENGE_ANSWER_FIELD),
  };
}

/** The captcha settings a page shown to `sessionId` sends to its form, with a fresh fallback challenge. */
export function captchaSettings(settlement: Settlement, sessionId: string, now: number): CaptchaSettings {
  const { captcha } = settlement;
  return {
    required: captchaRequired(settlement),
    provider: captcha.provider,
    siteKey: captcha.siteKey,
    challenge: captcha.fallbackChallenge ? createChallenge(sessionId, now) : undefined,
  };
}
