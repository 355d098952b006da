/** Form field names the captcha uses, shared by the server checks and the field component. */
export const CAPTCHA_TOKEN_FIELD = "captchaToken";
export const CHALLENGE_TOKEN_FIELD = "challengeToken";
export const CHALLENGE_ANSWER_FIELD = "challengeAnswer";
/** The error key a captcha failure is reported under, and the id of the captcha's box. */
export const CAPTCHA_ERROR_NAME = "captcha";
/** The id of the sum's answer (the server-side challenge's input). */
export const CHALLENGE_ANSWER_ID = "captcha-answer";
/** What the "test" provider's stand-in widget produces; refused in production (portal.server.ts). */
export const TEST_PROVIDER_TOKEN = "test-pass";

/** What a page tells its captcha field. */
export interface CaptchaSettings {
  required: boolean;
  provider: "turnstile" | "test";
  siteKey: string;
  /** The server-side challenge for browsers that run no scripts, when the settlement offers it. */
  challenge?: { question: string; token: string };
}

/**
 * Where an error summary's line for the captcha leads (GOV.UK: to the question's input): the sum's
 * answer where the page offers the sum (it stays shown while the captcha has an error), else the box.
 */
export function captchaErrorHref(settings: CaptchaSettings | undefined): string {
  return `#${settings?.challenge ? CHALLENGE_ANSWER_ID : CAPTCHA_ERROR_NAME}`;
}
