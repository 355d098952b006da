import { describe, expect, test } from "vitest";
import type { FieldConfig } from "#app/forms/definition-schema.ts";
import { initialFieldValue } from "#app/forms/prepopulation.ts";

const field = (extra: Partial<FieldConfig> = {}) =>
  ({
    componentName: "FormFieldText",
    key: "firstName",
    label: "First name",
    defaultValue: null,
    maskName: "none",
    overrideEverDirtyFieldConstraint: false,
    disableRequiredStyling: false,
    validations: [],
    hasNoneOption: false,
    hasTimePicker: false,
    prepopulatedDataKey: "FirstName",
    ...extra,
  }) as FieldConfig;
const data = { FirstName: "Ana", State: "WA" };

describe("prepopulation (SPEC §4)", () => {
  test("an empty field that was never edited adopts the prepopulated value", () => {
    expect(initialFieldValue(field(), null, data, false)).toBe("Ana");
    expect(initialFieldValue(field(), undefined, data, false)).toBe("Ana");
  });

  test("a field still at its default adopts it too", () => {
    expect(
      initialFieldValue(
        field({ defaultValue: "AL", prepopulatedDataKey: "State", componentName: "FormFieldSelect" }),
        "AL",
        data,
        false,
      ),
    ).toBe("WA");
  });

  test("a value the claimant typed is never overwritten", () => {
    expect(initialFieldValue(field(), "Anita", data, true)).toBe("Anita");
    expect(initialFieldValue(field(), "Anita", data, false)).toBe("Anita");
  });

  test("a field the claimant emptied stays empty unless the definition overrides", () => {
    expect(initialFieldValue(field(), null, data, true)).toBeNull();
    expect(initialFieldValue(field({ overrideEverDirtyFieldConstraint: true }), null, data, true)).toBe("Ana");
  });

  test("the default applies when empty and nothing is prepopulated", () => {
    expect(initialFieldValue(field({ defaultValue: "US", prepopulatedDataKey: undefined }), null, data, false)).toBe(
      "US",
    );
    expect(initialFieldValue(field({ defaultValue: "US" }), null, {}, false)).toBe("US");
    expect(initialFieldValue(field({ defaultValue: "US" }), null, undefined, false)).toBe("US");
  });

  test("a checkbox keeps an unticked answer rather than falling back to a ticked default", () => {
    expect(
      initialFieldValue(
        field({ componentName: "FormFieldCheckbox", defaultValue: true, prepopulatedDataKey: undefined }),
        false,
        undefined,
        true,
      ),
    ).toBe(false);
  });
});
