import { memberByClaimIdAndPin, memberByVin } from "#app/claimants/class-members.server.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import type { SignInKind } from "#app/flow-registry/sign-in-kinds.ts";
import { offeredFlow } from "#app/settlement/portal.server.ts";
import type { SignIn } from "#app/storage/store.ts";
import type { Refusal } from "./refusal.ts";

/** A sign-in proved, with the data the flow may fill in for the claimant. */
export interface Identity {
  signIn: SignIn;
  prepopulated: Record<string, string>;
}

/** The sign-in kinds the settlement gives a flow (settlement.json flows.<flow>.signIn; none for a flow not offered). */
export function signInKindsOf(formType: FormType): readonly SignInKind[] {
  return offeredFlow(formType)?.signIn ?? [];
}

type Credentials = ModelValues[string] | undefined;
const given = (credentials: Credentials, name: string) =>
  typeof credentials?.[name] === "string" ? (credentials[name] as string) : "";

/**
 * The kind of sign-in the credentials are: none at all in a flow without notices ("open" stands
 * alone in a flow), else a Claim ID makes it the notice's, else a VIN alone.
 */
function kindOf(formType: FormType, credentials: Credentials): SignInKind {
  if (signInKindsOf(formType).includes("open")) return "open";
  return given(credentials, "claimId") ? "notice" : "vin";
}

/** Each kind's proof: who the credentials are, or why they prove no one (401). */
const PROOFS: Record<
  SignInKind,
  (credentials: Credentials, now: number) => Promise<Identity | Refusal<"notRecognised">>
> = {
  async notice(credentials, now) {
    const member = await memberByClaimIdAndPin(given(credentials, "claimId"), given(credentials, "pin"));
    return member
      ? { signIn: { at: now, method: "claimIdPin", claimId: member.claimId }, prepopulated: member.prepopulated }
      : { ok: false, reason: "notRecognised", status: 401, key: "Authorization_ClaimIdPinMismatch" };
  },
  // No member's data is ever shown for a VIN: only the VIN itself is filled in.
  async vin(credentials, now) {
    const vin = given(credentials, "vin").toUpperCase();
    if (!(await memberByVin(vin)))
      return { ok: false, reason: "notRecognised", status: 401, key: "Authorization_VinNotFound" };
    return { signIn: { at: now, method: "vin", vin }, prepopulated: { VIN: vin } };
  },
  // No notice, nothing to prove: the captcha was passed, and the claimant says who they are on the steps.
  async open(_credentials, now) {
    return { signIn: { at: now, method: "open" }, prepopulated: {} };
  },
};

/** A class member's Claim ID and PIN, whatever the flow (claim access: every claim the member filed). */
export function proveMember(credentials: Credentials, now: number): Promise<Identity | Refusal<"notRecognised">> {
  return PROOFS.notice(credentials, now);
}

/**
 * The one identity check: the credentials (already valid by their model's rules) prove a sign-in of
 * a kind the flow offers, or they do not (401), or they are of a kind it does not offer (400).
 */
export function proveIdentity(
  formType: FormType,
  credentials: Credentials,
  now: number,
): Promise<Identity | Refusal<"notRecognised" | "credentialsRequired">> {
  const kind = kindOf(formType, credentials);
  if (!signInKindsOf(formType).includes(kind))
    return Promise.resolve({
      ok: false,
      reason: "credentialsRequired",
      status: 400,
      key: "Authorization_ClaimIdPinRequired",
    });
  return PROOFS[kind](credentials, now);
}
