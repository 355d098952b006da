/**
 * Cloudflare's published Turnstile test keys (developers.cloudflare.com/turnstile/troubleshooting/testing):
 * the demo settlement works with them without a Turnstile account, and a settlement in production
 * must not, since their answer does not depend on who is asking.
 */

/** The test site keys, and what each does whoever the claimant is. */
const TEST_SITE_KEYS: Record<string, string> = {
  "1x00000000000000000000AA": "always passes",
  "2x00000000000000000000AB": "always fails",
  "1x00000000000000000000BB": "always passes, invisibly",
  "2x00000000000000000000BB": "always fails, invisibly",
  "3x00000000000000000000FF": "always asks for an interactive challenge",
};

/**
 * The secret matching each always-pass or always-fail test site key, so that the demo's tokens are
 * verified without CAPTCHA_SECRET_KEY.
 */
export const TEST_SECRETS: Record<string, string> = {
  "1x00000000000000000000AA": "1x0000000000000000000000000000000AA",
  "2x00000000000000000000AB": "2x0000000000000000000000000000000AA",
};

/** What a test site key does ("always passes"), or undefined for any other key. */
export function testSiteKeyBehaviour(siteKey: string): string | undefined {
  return Object.hasOwn(TEST_SITE_KEYS, siteKey) ? TEST_SITE_KEYS[siteKey] : undefined;
}
