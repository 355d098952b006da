import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { modelConfigsSchema } from "#app/forms/definition-schema.ts";
import { pagesSchema } from "#app/forms/page-schema.ts";
import { type StepContext, validateStep } from "#app/forms/validate-step.ts";

const models = modelConfigsSchema.parse([
  {
    metadataHash: "h",
    metadata: { dtoMapping: "Details" },
    fields: {
      country: {
        componentName: "FormFieldSelect",
        key: "country",
        label: "Country",
        optionsSource: "countries",
        defaultValue: "US",
      },
      postal: {
        componentName: "FormFieldText",
        key: "postal",
        label: "Postal",
        maskName: "ZIP_CODE",
        validations: [{ type: "required" }],
        dependencies: { conditions: [{ field: "country", oneOf: ["US", "CA"] }], maskOverride: "ZIP_CODE_NON_US" },
      },
      code: {
        componentName: "FormFieldHidden",
        key: "code",
        label: "Code",
        defaultValue: "X1",
        dependencies: { conditions: [{ field: "country", equals: "US" }] },
      },
      account: {
        componentName: "FormFieldText",
        key: "account",
        label: "Account",
        validations: [{ type: "required" }],
        dependencies: { conditions: [{ field: "country", equals: "US" }], disable: true },
      },
      mailingCountry: {
        componentName: "FormFieldSelect",
        key: "mailingCountry",
        label: "Country",
        optionsSource: "countries",
        defaultValue: "US",
      },
    },
  },
]);
const pages = pagesSchema.parse({
  index: { title: "t", blocks: [] },
  "claim-details": {
    title: "t",
    blocks: ["country", "postal", "code", "account", "mailingCountry"].map((key) => ({
      kind: "field",
      field: `details.${key}`,
    })),
  },
});
const context: StepContext = {
  characterWhitelist: "",
  internationalAddresses: true,
  now: Date.now(),
  side: "server",
  saved: {},
};
const run = (details: Record<string, string>, extra: Partial<StepContext> = {}) =>
  validateStep({ models, pages }, "claim-details", { details }, { ...context, ...extra });

describe("the step validator", () => {
  test("a mask override applies while the dependency holds", () => {
    expect(run({ country: "CA", postal: "k1a 0b1", account: "" }).values.details).toMatchObject({
      postal: "K1A 0B1",
      account: null,
    });
  });

  test("an unmet dependency: not validated, stored as null, whether hidden or disabled", () => {
    const result = run({ country: "FR", postal: "", code: "FORGED", account: "ignored" });
    expect(result.errors).toEqual({});
    expect(result.values.details).toMatchObject({ postal: null, code: null, account: null });
  });

  test("a met dependency validates, and a hidden field the browser did not send takes its default", () => {
    const result = run({ country: "US", postal: "", account: "" });
    expect(Object.keys(result.errors)).toEqual(["details.postal", "details.account"]);
    expect(result.values.details).toMatchObject({ code: "X1" });
  });

  test("without international addresses the mailing country is US whatever is posted", () => {
    expect(
      run({ country: "US", postal: "98111", account: "1", mailingCountry: "FR" }, { internationalAddresses: false })
        .values.details,
    ).toMatchObject({ mailingCountry: "US" });
    expect(run({ country: "US", postal: "98111", account: "1", mailingCountry: "FR" }).values.details).toMatchObject({
      mailingCountry: "FR",
    });
  });

  test("values that are not options are refused", () => {
    expect(run({ country: "XX" }).errors["details.country"]).toEqual([{ key: "Validation_Invalid" }]);
  });

  test("problems come in the page's order, whichever pass found them (a records draft's summary lists them so)", () => {
    // The postal code's is a rule's (required), the mailing country's a reading's (no such option).
    const result = run({ country: "US", postal: "", account: "1", mailingCountry: "XX" });
    expect(Object.keys(result.errors)).toEqual(["details.postal", "details.mailingCountry"]);
  });
});

describe("money against its bounds (issue 10)", () => {
  const money = modelConfigsSchema.parse([
    {
      metadataHash: "m",
      metadata: { dtoMapping: "ClaimDetails" },
      fields: {
        estimate: {
          componentName: "FormFieldText",
          key: "estimate",
          label: "Estimate",
          maskName: "CURRENCY_COMMA_DELIMITED",
          validations: [{ type: "range", min: 0, max: 100000 }],
        },
        amount: {
          componentName: "FormFieldText",
          key: "amount",
          label: "Amount",
          maskName: "CURRENCY_COMMA_DELIMITED_WITH_DECIMALS",
          validations: [{ type: "range", min: 0.01, max: 100000 }],
        },
      },
    },
  ]);
  const moneyPages = pagesSchema.parse({
    index: { title: "t", blocks: [] },
    "claim-details": {
      title: "t",
      blocks: [
        { kind: "field", field: "claimDetails.estimate" },
        { kind: "field", field: "claimDetails.amount" },
      ],
    },
  });
  const typed = (field: "estimate" | "amount", text: string) => {
    const result = validateStep(
      { models: money, pages: moneyPages },
      "claim-details",
      { claimDetails: { [field]: text } },
      context,
    );
    return {
      stored: result.values.claimDetails?.[field],
      errors: result.errors[`claimDetails.${field}`]?.map((error) => error.key) ?? [],
    };
  };

  test("amounts as claimants write them are stored up to the maximum, bounds included", () => {
    expect(typed("amount", "1,200.50")).toEqual({ stored: "1200.50", errors: [] });
    expect(typed("amount", "$100,000.00")).toEqual({ stored: "100000.00", errors: [] });
    expect(typed("amount", ".01")).toEqual({ stored: "0.01", errors: [] });
    expect(typed("estimate", "100,000.00")).toEqual({ stored: "100000", errors: [] });
    expect(typed("estimate", "0")).toEqual({ stored: "0", errors: [] });
  });

  test("a cent over the maximum, or under the minimum, is refused with the range's message", () => {
    for (const text of ["100000.01", "100,000.01", "$100,000.1", "99999999999999", "99,999,999,999,999.99", "0.00"])
      expect(typed("amount", text).errors, text).toEqual(["Validation_Range"]);
    expect(typed("estimate", "100,001").errors).toEqual(["Validation_Range"]);
    // Whole dollars: cents are the mask's refusal, not read as a smaller amount.
    expect(typed("estimate", "1,200.50").errors).toEqual(["Mask_Currency"]);
  });
});

describe("typed text is read in NFC (decomposed accents, as some keyboards and clients send them)", () => {
  const named = modelConfigsSchema.parse([
    {
      metadataHash: "n",
      metadata: { dtoMapping: "ClaimantInfo" },
      fields: {
        firstName: {
          componentName: "FormFieldText",
          key: "firstName",
          label: "First name",
          validations: [{ type: "required" }, { type: "characterSetRestriction" }],
        },
      },
    },
  ]);
  const namePages = pagesSchema.parse({
    index: { title: "t", blocks: [] },
    "claimant-info": { title: "t", blocks: [{ kind: "field", field: "claimantInfo.firstName" }] },
  });
  const WHITELIST = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ .,'-áéíóúüñÁÉÍÓÚÜÑ";
  const check = (firstName: string) =>
    validateStep(
      { models: named, pages: namePages },
      "claimant-info",
      { claimantInfo: { firstName } },
      {
        ...context,
        characterWhitelist: WHITELIST,
      },
    );

  test("'Jose\\u0301' passes the whitelist and is stored as 'José'", () => {
    const result = check("Jose\u0301");
    expect(result.errors).toEqual({});
    expect(result.values.claimantInfo?.firstName).toBe("José");
  });

  test("any text of the whitelist's characters is read alike, composed or decomposed", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...WHITELIST), minLength: 1, maxLength: 30 }), (typed) => {
        fc.pre(typed.trim() !== "");
        const composed = check(typed.normalize("NFC"));
        const decomposed = check(typed.normalize("NFD"));
        expect(decomposed.errors).toEqual(composed.errors);
        expect(decomposed.values).toEqual(composed.values);
        expect(composed.errors).toEqual({});
      }),
      { numRuns: 200 },
    );
  });
});
