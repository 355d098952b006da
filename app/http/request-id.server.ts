import { randomInt } from "node:crypto";

/**
 * Every request's id (docs/decisions/016-one-logger.md): in the X-Request-Id answer header, on
 * every log line about the request, and on the error page as the "reference for support" a
 * claimant quotes, so support finds the request's lines with one search.
 */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** Crockford's base32 without I, L, O and U, as the claims' reference codes: easy to read out over the phone. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new id: "7K3M-9QXW-2HDF", 60 random bits (a first repeat is expected after about a billion ids; the time tells two apart). */
export function newRequestId(): string {
  return Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  ).join("-");
}

/**
 * A proxy's X-Request-Id that may be used as this request's id: up to 128 letters, digits and
 * `-_.:+/=@` (a UUID, nginx's $request_id, a trace id). Anything else (spaces, quotes, markup, a
 * header repeated) is not taken: the portal makes its own id instead.
 */
export function acceptedRequestId(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" && /^[\w.:+/=@-]{1,128}$/.test(value) ? value : undefined;
}

/**
 * The id of a request: the proxy's X-Request-Id when the request comes from a proxy TRUST_PROXY
 * trusts (`fromTrustedProxy`), so the portal's lines and the proxy's share it; otherwise a new one.
 * A client's own X-Request-Id is never taken: it could pick another request's id, or a misleading one.
 */
export function requestIdOf(header: string | string[] | undefined, fromTrustedProxy: boolean): string {
  return (fromTrustedProxy ? acceptedRequestId(header) : undefined) ?? newRequestId();
}
