import type { FormType } from "#app/flow-registry/form-type.ts";
import type { FormDefinition } from "#app/forms/form-definition.ts";
import type { ModelValues } from "#app/forms/field-answers.ts";
import type { StepContext } from "#app/forms/validate-step.ts";
import type { Translate } from "#app/i18n/i18n.ts";
import type { Settlement } from "#app/settlement/settlement-schema.ts";

/** What every use case of a flow works with: its form, the claimant's language and texts, the time. */
export interface Flow {
  formType: FormType;
  definition: FormDefinition;
  culture: string;
  text: Translate;
  /** The request's time (tests may set it: app/clock.server.ts). */
  now: number;
  settlement: Settlement;
}

/** What a step's checks need from the flow: the settlement's character whitelist and address rule, the time. */
export function checksOf(flow: Flow, saved: ModelValues): StepContext {
  const { characterWhitelist, internationalAddresses } = flow.settlement;
  return { characterWhitelist, internationalAddresses, now: flow.now, side: "server", saved };
}
