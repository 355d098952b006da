import { describe, expect, test } from "vitest";
import { resolveField } from "#app/forms/form-definition.ts";
import { getPortal } from "#app/settlement/portal.server.ts";

describe("resolveField", () => {
  const definition = getPortal().forms.standard;

  test("finds a field by 'model.field', the same object each time", () => {
    const first = resolveField(definition, "claimantInfo.firstName");
    expect(first?.field.key).toBe("firstName");
    expect(resolveField(definition, "claimantInfo.firstName")).toBe(first);
  });

  test("finds nothing for what is not 'model.field' of the definition's own fields", () => {
    for (const reference of [
      "claimantInfo.firstName.x1",
      "claimantInfo",
      "claimantInfo.constructor",
      "claimantInfo.__proto__",
      "claimantInfo.toString",
      "nothing.firstName",
      "claimantInfo.bogus",
    ])
      expect(resolveField(definition, reference), reference).toBeUndefined();
  });
});
