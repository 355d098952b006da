import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
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
 * Cookie headers whose signature was checked, and the session id each carries: a claimant's
 * browser sends the same header with every request, and checking it (an HMAC through WebCrypto)
 * was a twentieth of a step page's CPU. Only headers that passed are kept, so made-up cookies
 * cannot fill it; it is emptied when full.
 */
const verifiedHeaders = new Map<string, string>();
const VERIFIED_HEADERS_KEPT = 10_000;

export async function readSessionId(request: Request): Promise<string | undefined> {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  const known = verifiedHeaders.get(header);
  if (known) return known;
  const value: unknown = await sessionCookie().parse(header);
  if (typeof value !== "string" || !/^[A-Za-z0-9_-]{32,}$/.test(value)) return undefined;
  if (verifiedHeaders.size >= VERIFIED_HEADERS_KEPT) verifiedHeaders.clear();
  verifiedHeaders.set(header, value);
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
