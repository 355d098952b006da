import { describe, expect, test } from "vitest";
import { FIELD_BLOCK_CONTROLS } from "#app/components/blocks/controls.tsx";
import { blockFields, FIELD_BLOCKS } from "#app/forms/blocks/index.ts";
import { COMPONENT_NAMES } from "#app/forms/definition-schema.ts";
import { FIELD_CONTROLS } from "#app/components/fields/controls.ts";
import { FIELD_KINDS } from "#app/forms/fields/index.ts";
import { FIELD_NORMALIZERS } from "#app/forms/fields/normalizers.ts";

/** Adding a field kind is its folder and a line in each registry: nothing of it may be missing. */
describe("field kinds (app/forms/fields/)", () => {
  test.each(COMPONENT_NAMES)("%s has its kind, with every part, its normalizer and its control", (name) => {
    const kind = FIELD_KINDS[name];
    expect(kind, `${name} in fields/index.ts`).toBeDefined();
    for (const part of ["read", "holdsDate", "startValue", "display", "check"] as const)
      expect(typeof kind[part], `${name}.${part}`).toBe("function");
    for (const flag of ["visible", "upload"] as const) expect(typeof kind[flag], `${name}.${flag}`).toBe("boolean");
    expect(typeof FIELD_NORMALIZERS[name], `${name} in fields/normalizers.ts`).toBe("function");
    expect(typeof FIELD_CONTROLS[name], `${name} in fields/controls.ts`).toBe("function");
  });

  test("the registries name no kind the definitions do not", () => {
    expect(Object.keys(FIELD_KINDS).sort()).toEqual([...COMPONENT_NAMES].sort());
    expect(Object.keys(FIELD_NORMALIZERS).sort()).toEqual([...COMPONENT_NAMES].sort());
    expect(Object.keys(FIELD_CONTROLS).sort()).toEqual([...COMPONENT_NAMES].sort());
  });
});

/** The same for the blocks that lay out fields (app/forms/blocks/). */
describe("field blocks (app/forms/blocks/)", () => {
  test("each has the fields it shows and a control", () => {
    expect(Object.keys(FIELD_BLOCKS).sort()).toEqual(Object.keys(FIELD_BLOCK_CONTROLS).sort());
    for (const [kind, block] of Object.entries(FIELD_BLOCKS)) {
      expect(typeof block.fields, kind).toBe("function");
      expect(typeof FIELD_BLOCK_CONTROLS[kind as keyof typeof FIELD_BLOCK_CONTROLS], kind).toBe("function");
    }
  });

  test("a name block shows the middle initial only in a layout that has one", () => {
    const fields = { first: "firstName", middleInitial: "middleInitial", last: "lastName" };
    expect(blockFields({ kind: "nameInput", model: "claimantInfo", legend: "L", layout: "firstLast", fields })).toEqual(
      ["claimantInfo.firstName", "claimantInfo.lastName"],
    );
    expect(
      blockFields({ kind: "nameInput", model: "claimantInfo", legend: "L", layout: "firstMiddleInitialLast", fields }),
    ).toEqual(["claimantInfo.firstName", "claimantInfo.middleInitial", "claimantInfo.lastName"]);
  });
});
