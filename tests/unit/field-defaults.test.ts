import { describe, expect, test } from "vitest";
import { modelConfigSchema } from "#app/forms/definition-schema.ts";
import { fieldsOfBlocks } from "#app/forms/form-definition.ts";
import { loadFormDefinitions } from "#app/forms/form-definitions.server.ts";
import { FIELD_DEFAULTS, withFieldDefaults, withoutFieldDefaults } from "#app/forms/field-defaults.ts";
import { pageModels } from "#app/flows/step-page.server.ts";
import { DEMO_SETTLEMENT } from "#tests/support/settlement.ts";

/**
 * Issue 14 item 3: a page's loader data carries its fields without the values a definition holds
 * when it says nothing, and the step form puts them back: the form sees the same definitions.
 */
describe("field definitions in the loader data", () => {
  test("the defaults left out are the definition schema's own", () => {
    const [parsed] = Object.values(
      modelConfigSchema.parse({
        metadataHash: "m",
        metadata: { dtoMapping: "M" },
        fields: { a: { componentName: "FormFieldText", key: "a", label: "A" } },
      }).fields,
    );
    expect(parsed).toEqual({ componentName: "FormFieldText", key: "a", label: "A", ...FIELD_DEFAULTS });
  });

  test("every page of the demo's flows: put back whole, and nothing sent that the defaults say", () => {
    for (const [formType, definition] of Object.entries(loadFormDefinitions(DEMO_SETTLEMENT))) {
      for (const [step, page] of Object.entries(definition.pages)) {
        const models = pageModels(definition, fieldsOfBlocks(page.blocks));
        const wire = withoutFieldDefaults(models);
        expect(withFieldDefaults(wire), `${formType} ${step}`).toEqual(models);
        for (const field of wire.flatMap((model) => Object.values(model.fields)))
          for (const [key, value] of Object.entries(FIELD_DEFAULTS))
            if (key in field) expect((field as Record<string, unknown>)[key]).not.toEqual(value);
        // Made once per page: the same objects for every request.
        expect(withoutFieldDefaults(models)).toBe(wire);
        expect(withFieldDefaults(wire)).toBe(withFieldDefaults(wire));
      }
    }
  });
});
