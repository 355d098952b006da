import path from "node:path";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { fieldsOfBlocks, type FormDefinition } from "#app/forms/form-definition.ts";
import { SettlementConfigError } from "./config-error.ts";
import type { OfferedFlow } from "./offered-flows.ts";

/**
 * A flow with the open sign-in (no notice, issue 24) asks for nothing on its sign-in page: the
 * claimant starts with the captcha alone and gives their name and contact details on the flow's
 * steps. Its emailField must be one of those steps' fields: the address a claim is one of.
 */
export function checkOpenFlows(settlementDir: string, flows: OfferedFlow[], forms: Record<FormType, FormDefinition>) {
  for (const { formType, signIn, emailField } of flows) {
    if (!signIn.includes("open")) continue;
    const { pages } = forms[formType];
    const asked = fieldsOfBlocks(pages.index?.blocks ?? []);
    if (asked.length > 0)
      throw new SettlementConfigError(
        `Invalid form definition:\n  ${path.join(settlementDir, "forms", `${formType}.pages.json`)}: index: ${formType}'s sign-in is "open", which asks for nothing: remove ${asked.map((field) => `"${field}"`).join(", ")} from its sign-in page`,
      );
    const onSteps = Object.entries(pages).flatMap(([step, page]) =>
      step === "index" ? [] : fieldsOfBlocks(page.blocks),
    );
    if (!emailField || !onSteps.includes(emailField))
      throw new SettlementConfigError(
        `Invalid settlement configuration:\n  ${path.join(settlementDir, "settlement.json")}: at flows.${formType}.emailField: "${emailField}" is not a field ${formType}'s steps ask: the open sign-in counts claims by the e-mail address the claimant gives there`,
      );
  }
}
