import type { DeadlineKey } from "#app/deadlines/deadline-settings.ts";
import { FLOWS } from "#app/flow-registry/flows.ts";
import { FORM_TYPES, type FormType } from "#app/flow-registry/form-type.ts";
import type { SignInKind } from "#app/flow-registry/sign-in-kinds.ts";
import type { Settlement } from "./settlement-schema.ts";

/** A flow as this settlement offers it: the deadlines that close it and how claimants sign in to it. */
export interface OfferedFlow {
  formType: FormType;
  /** Most specific first; one that is not set is skipped (only a registry default can be unset). */
  deadlineKeys: DeadlineKey[];
  /** Empty for the lookup, which has no sign-in. */
  signIn: SignInKind[];
  /** With the open sign-in: the field ("model.field") holding the e-mail address a claim is one of. */
  emailField?: string;
  /** In a flow that files claims: the field ("model.field") holding the last name a claim is found by with its reference code. */
  lastNameField?: string;
}

/** The field an open flow takes the claimant's e-mail address from, unless the settlement names another. */
export const DEFAULT_EMAIL_FIELD = "claimantInfo.emailAddress";

/** The field a filed claim's last name is read from (claim access), unless the settlement names another. */
export const DEFAULT_LAST_NAME_FIELD = "claimantInfo.lastName";

/** The flows a settlement offers, in the order its start page lists them, and the flow "/" shows, if any. */
export interface OfferedFlows {
  flows: OfferedFlow[];
  home: FormType | undefined;
}

/**
 * settlement.json `flows` and `home`, with the registry's defaults filled in. Without `flows`, the
 * four flows as before they could be chosen: "/" the automotive flow, and the VIN sign-in where
 * claims.vinOnlySignIn names the flow.
 */
export function offeredFlows(settlement: Pick<Settlement, "flows" | "home" | "claims">): OfferedFlows {
  if (!settlement.flows) {
    const vinOnly: readonly string[] = settlement.claims.vinOnlySignIn;
    return {
      flows: FORM_TYPES.map((formType) => ({
        formType,
        deadlineKeys: [...FLOWS[formType].deadlineKeys],
        signIn: FLOWS[formType].signInKinds.filter(
          (kind) => kind === "notice" || (kind === "vin" && vinOnly.includes(formType)),
        ),
        ...(FLOWS[formType].filesClaims ? { lastNameField: DEFAULT_LAST_NAME_FIELD } : {}),
      })),
      home: settlement.home ?? "automotive",
    };
  }
  const offered = Object.entries(settlement.flows) as Array<[FormType, NonNullable<Settlement["flows"]>[FormType]]>;
  return {
    flows: offered.map(([formType, chosen]) => {
      const signIn = chosen?.signIn ?? FLOWS[formType].signInKinds.slice(0, 1);
      return {
        formType,
        deadlineKeys: chosen?.deadlines ?? [...FLOWS[formType].deadlineKeys],
        signIn,
        ...(signIn.includes("open") ? { emailField: chosen?.emailField ?? DEFAULT_EMAIL_FIELD } : {}),
        ...(FLOWS[formType].filesClaims ? { lastNameField: chosen?.lastNameField ?? DEFAULT_LAST_NAME_FIELD } : {}),
      };
    }),
    home: settlement.home,
  };
}
