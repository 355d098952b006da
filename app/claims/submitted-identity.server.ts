import { listedMember, memberByClaimIdAndPin } from "#app/claimants/class-members.server.ts";
import type { SignIn } from "#app/storage/store.ts";

/**
 * SPEC §3's submission payload carries `credentials` and `prepopulatedData`. Neither decides
 * whose claim it is: that is the member the session signed in as (decision 012). But a client
 * that sends them says whom it means, and a claim filed for the signed-in member from a client
 * that meant someone else would surprise both; so what is sent must be the signed-in member's,
 * or the submission is refused and nothing is filed (decision 020). Nothing of either is stored.
 */

const given = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

/** Whether the credentials sent (flat fields; blank ones are not sent) are those the session signed in with. */
export async function credentialsMatch(credentials: Record<string, unknown> | null, signIn: SignIn): Promise<boolean> {
  if (!credentials) return true;
  const claimId = given(credentials.claimId);
  const pin = given(credentials.pin);
  const vin = given(credentials.vin)?.toUpperCase();
  if (signIn.method === "vin") return !claimId && !pin && (!vin || vin === signIn.vin);
  // Signed in without a notice: credentials would mean someone the session never proved to be.
  if (signIn.method === "open") return !claimId && !pin && !vin;
  if (claimId !== undefined && claimId !== signIn.claimId) return false;
  // The PIN was proved at sign-in: this compares it with the member's own, it reveals nothing new.
  if (pin !== undefined && !(await memberByClaimIdAndPin(signIn.claimId!, pin))) return false;
  if (!vin) return true;
  // Members may share a vehicle: the VIN must be one of the signed-in member's own.
  return (await listedMember(signIn.claimId!))?.vin === vin;
}

/**
 * Whether the prepopulated data sent is what signing in gave this member (SPEC §4: the client
 * copies it into models, with camel-cased names): a flat object, a model or a list of models, each
 * value sent among the sign-in's under the same name in any case. Blank values are not sent.
 */
export function prepopulatedDataMatches(sent: unknown, signedIn: Record<string, string> | undefined): boolean {
  const known = new Map(Object.entries(signedIn ?? {}).map(([key, value]) => [key.toLowerCase(), value]));
  return pairsOf(sent).every(([key, value]) => known.get(key.toLowerCase()) === value);
}

function pairsOf(sent: unknown): Array<[string, string]> {
  if (Array.isArray(sent)) return sent.flatMap(pairsOf);
  if (typeof sent !== "object" || sent === null) return [];
  const { fields } = sent as { fields?: unknown };
  const values = typeof fields === "object" && fields !== null ? fields : sent;
  return Object.entries(values).flatMap(([key, value]): Array<[string, string]> => {
    if (value === null || value === "" || typeof value === "object") return [];
    return [[key, String(value)]];
  });
}
