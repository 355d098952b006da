import { createHmac, timingSafeEqual } from "node:crypto";
import { data } from "react-router";
import { BoundedMap } from "#app/cache/bounded-map.ts";
import { sessionSecret } from "./secret.server.ts";

/** The header the JSON API reads the token from (SPEC §7: GET /api/csrf names it). */
export const CSRF_HEADER_NAME = "X-CSRF-TOKEN";
/** The hidden field HTML forms carry it in. */
export const CSRF_FIELD_NAME = "csrf";

/**
 * Tokens already derived, by session id: a session's token never changes, and every page and POST
 * of it needs it (issue 14: derived once per session, not once per request).
 */
const tokens = new BoundedMap<string, string>(10_000);

/** A token bound to the session: it cannot be used with another claimant's cookie. */
export function csrfToken(sessionId: string): string {
  const known = tokens.get(sessionId);
  if (known) return known;
  const token = createHmac("sha256", sessionSecret()).update(`csrf:${sessionId}`).digest("base64url");
  tokens.set(sessionId, token);
  return token;
}

/** An HTML form's POST must carry its session's token (a forged or missing one is a 403). */
export function requireFormCsrf(sessionId: string | undefined, formData: URLSearchParams | FormData): void {
  if (!isValidCsrfToken(sessionId, formData.get(CSRF_FIELD_NAME)?.toString()))
    throw data(null, { status: 403, statusText: "Forbidden" });
}

export function isValidCsrfToken(sessionId: string | undefined, token: string | null | undefined): boolean {
  if (!sessionId || !token) return false;
  const expected = Buffer.from(csrfToken(sessionId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
