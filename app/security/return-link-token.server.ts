import { createHash, createHmac, randomBytes } from "node:crypto";
import { sessionSecret } from "#app/session/secret.server.ts";

/**
 * The token of an open claimant's return link (decision 032). The store keeps only its hash
 * (return_links), and the outbox keeps the message with a slot in place of it (RETURN_LINK_SLOT):
 * the sender fills the slot as it sends, so no table, and no backup, holds a token that resumes a
 * draft. A token is the HMAC of its link's random id under the session secret: 256 bits no one
 * can make without that secret, which signs sessions already (and so opens as much).
 */

/** The outbox key of a return link's message: "return-link:<link id>". */
const KEY_PREFIX = "return-link:";

/** What stands for the token in a return link's message until it is sent. */
export const RETURN_LINK_SLOT = "RETURN-LINK-TOKEN";

/** A new link's id: 128 random bits. */
export function newReturnLinkId(): string {
  return randomBytes(16).toString("base64url");
}

export function returnLinkEmailKey(linkId: string): string {
  return `${KEY_PREFIX}${linkId}`;
}

/** The token of a link: what the e-mailed address carries. */
export function returnLinkToken(linkId: string): string {
  return createHmac("sha256", sessionSecret()).update(`${KEY_PREFIX}${linkId}`).digest("base64url");
}

/** What the store keeps of a token, and finds it by. */
export function returnLinkTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A message's text as it is sent: a return link's with its token in the slot, any other as it is. */
export function withReturnLinkToken(key: string, text: string): string {
  if (!key.startsWith(KEY_PREFIX)) return text;
  return text.replaceAll(RETURN_LINK_SLOT, returnLinkToken(key.slice(KEY_PREFIX.length)));
}
