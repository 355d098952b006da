import { createHmac, timingSafeEqual } from "node:crypto";
import { sessionSecret } from "./secret.server.ts";

/** The header the JSON API reads the token from (SPEC §7: GET /api/csrf names it). */
export const CSRF_HEADER_NAME = "X-CSRF-TOKEN";
/** The hidden field HTML forms carry it in. */
export const CSRF_FIELD_NAME = "csrf";

/** A token bound to the session: it cannot be used with another claimant's cookie. */
export function csrfToken(sessionId: string): string {
  return createHmac("sha256", sessionSecret()).update(`csrf:${sessionId}`).digest("base64url");
}

export function isValidCsrfToken(sessionId: string | undefined, token: string | null | undefined): boolean {
  if (!sessionId || !token) return false;
  const expected = Buffer.from(csrfToken(sessionId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
