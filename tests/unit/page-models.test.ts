import { describe, expect, test } from "vitest";
import { fieldsOfBlocks, type FormDefinition } from "#app/forms/form-definition.ts";
import { loadFormDefinitions } from "#app/forms/form-definitions.server.ts";
import { pageModels } from "#app/flows/step-page.server.ts";
import { DEMO_SETTLEMENT } from "#tests/support/settlement.ts";

/** Issue 14: a page's models are worked out once per definition and page, not on every request. */
describe("a page's models", () => {
  const [standard, again] = [loadFormDefinitions(DEMO_SETTLEMENT), loadFormDefinitions(DEMO_SETTLEMENT)].map(
    (forms) => forms.standard,
  ) as [FormDefinition, FormDefinition];
  const paths = fieldsOfBlocks(standard.pages["claimant-info"]!.blocks);

  test("hold the page's fields only, in the definition's order", () => {
    const models = pageModels(standard, paths);
    expect(models.map((model) => model.metadata.dtoMapping)).toEqual(["ClaimantInfo"]);
    expect(Object.keys(models[0]!.fields)).toEqual([
      "firstName",
      "lastName",
      "mailingStreetLine1",
      "mailingStreetLine2",
      "mailingCity",
      "mailingSubDivision",
      "mailingPostalCode",
      "mailingSubDivisionNonUS",
      "mailingPostalCodeNonUS",
      "mailingCountry",
      "emailAddress",
      "confirmEmailAddress",
    ]);
    // The definition's own field configurations, not copies.
    expect(models[0]!.fields.firstName).toBe(standard.models.find((model) => model.fields.firstName)!.fields.firstName);
  });

  test("are kept per definition and page: the same, frozen, for the next request", () => {
    const models = pageModels(standard, paths);
    expect(pageModels(standard, [...paths])).toBe(models);
    expect(Object.isFrozen(models) && Object.isFrozen(models[0])).toBe(true);
    // Another definition (a settlement loaded again) or another page has models of its own.
    expect(pageModels(again, paths)).not.toBe(models);
    expect(pageModels(again, paths)).toEqual(models);
    const details = pageModels(standard, fieldsOfBlocks(standard.pages["claim-details"]!.blocks));
    expect(details).not.toEqual(models);
  });
});
