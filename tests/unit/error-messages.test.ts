import path from "node:path";
import { describe, expect, test } from "vitest";
import type { ValidationRule } from "#app/forms/definition-schema.ts";
import { loadFormDefinitions } from "#app/forms/form-definitions.server.ts";
import { modelKey } from "#app/forms/form-definition.ts";
import { readLocaleFile, loadLocales } from "#app/i18n/locales.server.ts";
import { DEMO_SETTLEMENT } from "#tests/support/settlement.ts";

/** Rules that ask for an answer: GOV.UK's "Enter …" / "Select …", not "Value is required". */
const ASKING_RULES: ValidationRule["type"][] = [
  "required",
  "requiredOnClientOnly",
  "requiredIf",
  "nestedRequiredIf",
  "requiredIfOtherPropertyMatchesRegex",
  "requireOnePropertyValTrue",
  "confirmNone",
];

/** Every rule of the demo's four flows, as "flow model.field rule" with the rule. */
function demoRules(): Array<{ where: string; rule: ValidationRule }> {
  const forms = loadFormDefinitions(DEMO_SETTLEMENT);
  return Object.entries(forms).flatMap(([flow, form]) =>
    form.models.flatMap((model) =>
      Object.values(model.fields).flatMap((field) =>
        field.validations.map((rule) => ({ where: `${flow} ${modelKey(model)}.${field.key} ${rule.type}`, rule })),
      ),
    ),
  );
}

describe("the demo settlement's error messages (issue 13)", () => {
  test("every rule asking for an answer says what to do with this field, not the generic text", () => {
    const generic = demoRules()
      .filter(({ rule }) => ASKING_RULES.includes(rule.type) && !rule.message)
      .map(({ where }) => where);
    expect(generic).toEqual([]);
  });

  test("every range and date rule says its bounds in the field's own words", () => {
    const bounded: ValidationRule["type"][] = [
      "range",
      "beforeDate",
      "endDate",
      "preventFutureDate",
      "preventFutureShortDate",
    ];
    const generic = demoRules()
      .filter(({ rule }) => bounded.includes(rule.type) && !rule.message)
      .map(({ where }) => where);
    expect(generic).toEqual([]);
  });

  test("every message a demo definition names has a text in English and in Spanish", () => {
    const locales = loadLocales("locales", DEMO_SETTLEMENT, ["en", "es"]);
    const keys = [...new Set(demoRules().flatMap(({ rule }) => (rule.message ? [rule.message] : [])))];
    expect(keys.length).toBeGreaterThan(40);
    for (const culture of ["en", "es"] as const) {
      expect(
        keys.filter((key) => !locales[culture]![key]),
        culture,
      ).toEqual([]);
    }
    // Two fields asking the same question in two flows share a key; different questions do not share a text.
    const english = keys.map((key) => locales.en![key]);
    expect(english.filter((text, index) => english.indexOf(text) !== index)).toEqual([]);
  });

  test("the settlement's English and Spanish texts have the same keys", () => {
    const english = readLocaleFile(path.join(DEMO_SETTLEMENT, "locales", "en.json"));
    const spanish = readLocaleFile(path.join(DEMO_SETTLEMENT, "locales", "es.json"));
    expect(Object.keys(english).filter((key) => !(key in spanish))).toEqual([]);
    expect(Object.keys(spanish).filter((key) => !(key in english))).toEqual([]);
  });
});
