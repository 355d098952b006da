import { createHash } from "node:crypto";
import type { FormType } from "#app/flow-registry/form-type.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import { getPortal, offeredFlow } from "#app/settlement/portal.server.ts";
import { emailAddressText } from "#app/signals/email-address.ts";
import { getStore } from "#app/storage/store.server.ts";
import type { DraftOwner } from "#app/storage/store.ts";

/**
 * A claim filed without a notice (the open sign-in, decision 026) is one of the e-mail address
 * its claimant gives: one claim per address per flow unless the settlement lets members file
 * several (claims.perMember "many"). The address is known by its key: SHA-256 of the address in
 * lower case, without spaces or invisible characters (" Bo@Example.com" and "bo\u200b@example.com"
 * are bo@example.com: a zero-width space is no other person), an index key, not a secret (the
 * address itself is among the claim's answers).
 */
export interface OpenClaimEmail {
  /** The field it was given in, "model.field" (flows.<flow>.emailField). */
  field: string;
  key: string;
}

/** The e-mail address a claim of the flow is one of, if the flow is open, counts claims by it, and the answers give one. */
export function openClaimEmail(formType: FormType, models: ModelValues): OpenClaimEmail | undefined {
  const flow = offeredFlow(formType);
  if (!flow?.emailField || !flow.signIn.includes("open")) return undefined;
  if (getPortal().settlement.claims.perMember === "many") return undefined;
  const [model, name] = flow.emailField.split(".") as [string, string];
  const email = models[model]?.[name];
  if (typeof email !== "string" || email.trim() === "") return undefined;
  return { field: flow.emailField, key: emailKey(email) };
}

/** An e-mail address's key: SHA-256 of it in lower case, without spaces or invisible characters. */
export function emailKey(email: string): string {
  return createHash("sha256").update(emailAddressText(email)).digest("hex");
}

/**
 * Told at the step the address is given in, before the rest of the form: whether someone else
 * filed a claim of the flow with it (filing checks again, in its transaction).
 */
export async function emailFiledBySomeoneElse(
  formType: FormType,
  models: ModelValues,
  owner: DraftOwner,
): Promise<OpenClaimEmail | undefined> {
  const email = openClaimEmail(formType, models);
  return email && (await getStore().emailTaken(formType, email.key, owner)) ? email : undefined;
}
