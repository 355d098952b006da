import path from "node:path";
import type { DeadlineSettings } from "#app/deadlines/deadline-settings.ts";
import { FLOWS } from "#app/flow-registry/flows.ts";
import type { FormType } from "#app/flow-registry/form-type.ts";
import { fieldsOfBlocks, type FormDefinition, resolveField } from "#app/forms/form-definition.ts";
import { SettlementConfigError } from "./config-error.ts";
import type { OfferedFlow } from "./offered-flows.ts";

/**
 * What the offered flows must agree with once their forms are loaded, each a mistake that would
 * otherwise pass start-up and leave a portal that looks right and is not (found by trying it as an
 * operator, issue 24): a claim flow that never closes, a sign-in page without what its sign-in needs.
 */
export function checkOfferedFlows(
  settlementDir: string,
  flows: OfferedFlow[],
  forms: Record<FormType, FormDefinition>,
  deadlines: DeadlineSettings,
) {
  const settlementFile = path.join(settlementDir, "settlement.json");
  const pagesFile = (formType: FormType) => path.join(settlementDir, "forms", `${formType}.pages.json`);
  for (const { formType, signIn, emailField, lastNameField, deadlineKeys } of flows) {
    // A claim flow whose deadlines are all unset would take claims for ever, its start page showing
    // no date. (The lookup only says whether a VIN is covered: it may stay open.)
    if (FLOWS[formType].filesClaims && !deadlineKeys.some((key) => deadlines[key]))
      fail(
        settlementFile,
        `at deadlines: none of ${formType}'s deadlines (${deadlineKeys.join(", ")}) is set: a flow must close; set one, or name its own in flows.${formType}.deadlines`,
      );
    if (lastNameField && !stepFields(forms[formType]).includes(lastNameField))
      fail(
        settlementFile,
        `at flows.${formType}.lastNameField: "${lastNameField}" is not a field ${formType}'s steps ask: a claimant finds a filed claim by its reference code and the last name given there`,
      );
    const { pages } = forms[formType];
    const asked = fieldsOfBlocks(pages.index?.blocks ?? []);
    if (
      signIn.includes("notice") &&
      !(["claimId", "pin"] as const).every((name) => asked.some((field) => field.endsWith(`.${name}`)))
    )
      fail(
        pagesFile(formType),
        `index: ${formType}'s sign-in is "notice", but its sign-in page does not ask for a Claim ID and a PIN: no one could sign in`,
      );
    if (!signIn.includes("open")) continue;
    if (asked.length > 0)
      fail(
        pagesFile(formType),
        `index: ${formType}'s sign-in is "open", which asks for nothing: remove ${asked.map((field) => `"${field}"`).join(", ")} from its sign-in page`,
      );
    checkEmailField(settlementFile, formType, forms[formType], emailField);
  }
}

/**
 * An open flow counts claims by the e-mail address given in its emailField: one of its steps' fields,
 * and a required one (a claim without an address would not be counted at all).
 */
function checkEmailField(file: string, formType: FormType, definition: FormDefinition, emailField: string | undefined) {
  const onSteps = stepFields(definition);
  const where = `at flows.${formType}.emailField: "${emailField}"`;
  if (!emailField || !onSteps.includes(emailField))
    fail(
      file,
      `${where} is not a field ${formType}'s steps ask: the open sign-in counts claims by the e-mail address the claimant gives there`,
    );
  const required = resolveField(definition, emailField)?.field.validations?.some((rule) => rule.type === "required");
  if (!required)
    fail(file, `${where} is not required: a claim without an address would escape the one claim per address`);
}

/** The fields a flow's steps ask (not its sign-in page's credentials), as "model.field". */
function stepFields(definition: FormDefinition): string[] {
  return Object.entries(definition.pages).flatMap(([step, page]) =>
    step === "index" ? [] : fieldsOfBlocks(page.blocks),
  );
}

function fail(file: string, problem: string): never {
  throw new SettlementConfigError(`Invalid settlement configuration:\n  ${file}: ${problem}`);
}
