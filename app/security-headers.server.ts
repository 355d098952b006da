import type { Settlement } from "./settlement/settlement-schema.ts";

/** The captcha provider's script and challenge frame come from here (Turnstile). */
const CAPTCHA_ORIGIN = "https://challenges.cloudflare.com";

/**
 * A strict Content-Security-Policy: scripts only from this origin and with this request's nonce,
 * plus the captcha provider; no framing of the portal. Form posts may be redirected to the
 * deadline redirect targets (browsers apply form-action to the redirect), so those origins are
 * allowed as form targets too.
 */
export function contentSecurityPolicy(settlement: Settlement): (nonce: string) => string {
  const deadlineOrigins = new Set<string>();
  const collect = (url: string | undefined) => {
    if (url && /^https?:\/\//.test(url)) deadlineOrigins.add(new URL(url).origin);
  };
  const { config } = settlement.deadlines;
  for (const entry of Object.values(config)) {
    for (const deadline of Object.values(entry as Record<string, { redirectUrl?: string; redirectTargets?: Record<string, string> } | undefined>)) {
      if (typeof deadline !== "object" || deadline === null) continue;
      collect(deadline.redirectUrl);
      for (const target of Object.values(deadline.redirectTargets ?? {})) collect(target);
    }
  }
  const formTargets = ["'self'", ...deadlineOrigins].join(" ");
  return (nonce) =>
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' ${CAPTCHA_ORIGIN}`,
      `frame-src ${CAPTCHA_ORIGIN}`,
      `connect-src 'self' ${CAPTCHA_ORIGIN}`,
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action ${formTargets}`,
      "frame-ancestors 'none'",
    ].join("; ");
}
