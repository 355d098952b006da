import type { DeadlineSettings } from "./deadlines/deadline-settings.ts";

/** The captcha provider's script and challenge frame come from here (Turnstile). */
const CAPTCHA_ORIGIN = "https://challenges.cloudflare.com";

/**
 * A strict Content-Security-Policy: scripts only from this origin and with this request's nonce,
 * plus the captcha provider; no framing of the portal. Form posts may be redirected to the
 * deadline redirect targets (browsers apply form-action to the redirect), so those origins are
 * allowed as form targets too.
 */
export function contentSecurityPolicy(deadlines: DeadlineSettings): (nonce: string) => string {
  const deadlineOrigins = new Set(
    Object.values(deadlines)
      .flatMap((deadline) => Object.values(deadline.redirectTargets))
      .filter((target) => /^https?:\/\//.test(target))
      .map((target) => new URL(target).origin),
  );
  const formTargets = ["'self'", ...deadlineOrigins].join(" ");
  return (nonce) =>
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' ${CAPTCHA_ORIGIN}`,
      `frame-src ${CAPTCHA_ORIGIN}`,
      `connect-src 'self' ${CAPTCHA_ORIGIN}`,
      // The theme's styles are in the page (app/themes/theme-styles.server.tsx), with its nonce.
      `style-src 'nonce-${nonce}'`,
      "img-src 'self' data:",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action ${formTargets}`,
      "frame-ancestors 'none'",
    ].join("; ");
}
