import { describe, expect, test } from "vitest";
import { askedFields, modelFields, PayloadError, unaskedAnswers } from "#app/api/api-payload.server.ts";
import { modelConfigsSchema } from "#app/forms/definition-schema.ts";
import { pagesSchema } from "#app/forms/page-schema.ts";
import { createTranslate } from "#app/i18n/i18n.ts";

/** What a JSON API client's model is read as, and which of its fields the form asks (decision 020). */

const [details] = modelConfigsSchema.parse([
  {
    metadataHash: "details-v1",
    metadata: { dtoMapping: "Details" },
    fields: {
      name: { componentName: "FormFieldText", key: "name", label: "Name" },
      initial: { componentName: "FormFieldText", key: "initial", label: "Initial" },
      country: {
        componentName: "FormFieldSelect",
        key: "country",
        label: "Country",
        optionsSource: "countries",
        defaultValue: "US",
      },
      extra: { componentName: "FormFieldText", key: "extra", label: "Extra" },
    },
  },
]);
const text = createTranslate({
  Api_UnknownField: "{0}: no such field",
  Api_FieldNotAnswer: "{0}: not an answer",
  Api_FieldNotAsked: "not asked",
});
const fieldsOf = (value: unknown) => modelFields(value, details!, "details", text);

describe("askedFields", () => {
  test("the fields of the flow's pages, not of a skipped one", () => {
    const pages = pagesSchema.parse({
      index: { title: "t", blocks: [] },
      "claim-details": {
        title: "t",
        blocks: [
          { kind: "field", field: "details.name" },
          { kind: "field", field: "details.country" },
        ],
      },
      "payment-election": { title: "t", skipped: true, blocks: [{ kind: "field", field: "details.extra" }] },
    });
    expect([...(askedFields({ pages }).get("details") ?? [])].sort()).toEqual(["country", "name"]);
  });
});

describe("modelFields and unaskedAnswers", () => {
  test("a key of no field, or a value that is no answer, is refused by name; numbers become text", () => {
    expect(fieldsOf({ fields: { name: "Ana", initial: 5 } })).toEqual({ name: "Ana", initial: "5" });
    expect(fieldsOf({ clientId: "model-1", id: null, name: "Ana" })).toEqual({ name: "Ana" });
    expect(() => fieldsOf({ fields: { bogus: "x" } })).toThrow(new PayloadError("details.bogus: no such field"));
    expect(() => fieldsOf({ fields: { clientId: "x" } })).toThrow(PayloadError);
    expect(() => fieldsOf({ name: { a: 1 } })).toThrow(new PayloadError("details.name: not an answer"));
    expect(() => fieldsOf({ name: ["Ana"] })).toThrow(PayloadError);
  });

  test("an unasked field is fine null, empty, unticked or at its default; with a value it is named", () => {
    const asked = new Set(["name"]);
    const check = (answers: Record<string, unknown>) => unaskedAnswers(answers, details!, asked, "details", text);
    expect(check({ name: "Ana", initial: null, extra: "", country: "US" })).toEqual({});
    expect(check({ extra: false })).toEqual({});
    expect(check({ initial: "Q", country: "CA" })).toEqual({
      "details.initial": "not asked",
      "details.country": "not asked",
    });
  });
});
