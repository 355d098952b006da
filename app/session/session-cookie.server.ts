import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { BoundedMap } from "#app/cache/bounded-map.ts";
import { sessionSecret } from "./secret.server.ts";

/**
 * The session cookie holds only a random session id, signed (SPEC/DESIGN: drafts and
 * authorizations live on the server). HttpOnly and SameSite=Lax always; Secure in production
 * unless COOKIE_SECURE=false (plain-HTTP intranet deployments). A Secure one is named
 * "__Host-session": browsers then accept it only from this host, over TLS, with Path=/ and no
 * Domain, so a sibling subdomain or a plain-HTTP page cannot plant a session id on claimants.
 * (Browsers refuse the prefix without Secure, hence "__session" otherwise.)
 */
let cookie: ReturnType<typeof createCookie> | undefined;

function sessionCookie() {
  const secure = process.env.NODE_ENV === "production" && process.env.COOKIE_SECURE !== "false";
  cookie ??= createCookie(secure ? "__Host-session" : "__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets: [sessionSecret()],
  });
  return cookie;
}

/**
 * Session cookies whose signature was checked, by their signed value, and the session id each
 * carries: a claimant's browser sends the same one with every request, and checking it (an HMAC
 * through WebCrypto) was a twentieth of a step page's CPU. Only values that passed are kept, each
 * about a hundred characters (no longer ones), so what anyone can add is bounded; emptied when full.
 */
const verifiedCookies = new BoundedMap<string, string>(10_000);
const SIGNED_VALUE_MAX_LENGTH = 256;

/** The session cookie's value as sent (the first of that name, as the cookie parser takes it). */
function signedValue(header: string): string | undefined {
  const name = sessionCookie().name;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

export async function readSessionId(request: Request): Promise<string | undefined> {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  const signed = signedValue(header);
  if (signed === undefined) return undefined;
  const known = verifiedCookies.get(signed);
  if (known) return known;
  const value: unknown = await sessionCookie().parse(header);
  if (typeof value !== "string" || !/^[A-Za-z0-9_-]{32,}$/.test(value)) return undefined;
  if (signed.length <= SIGNED_VALUE_MAX_LENGTH) verifiedCookies.set(signed, value);
  return value;
}

/** The request's session id, or a new one with the Set-Cookie header that starts it. */
export async function ensureSessionId(request: Request): Promise<{ sessionId: string; setCookie?: string }> {
  const existing = await readSessionId(request);
  if (existing) return { sessionId: existing };
  return newSessionId();
}

/** A new random session id and the Set-Cookie header that gives it to the browser. */
export async function newSessionId(): Promise<{ sessionId: string; setCookie: string }> {
  const sessionId = randomBytes(24).toString("base64url");
  return { sessionId, setCookie: await sessionCookie().serialize(sessionId) };
}

/** The Set-Cookie header that removes the session cookie from the browser (signing out). */
export async function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
