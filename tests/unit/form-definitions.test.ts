import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadFormDefinition, loadFormDefinitions } from "#app/forms/form-definitions.server.ts";
import { fieldsOfBlocks, modelKey } from "#app/forms/form-definition.ts";
import type { RecordsBlock } from "#app/forms/page-schema.ts";
import { type LogEntry, logInto } from "#app/log.server.ts";
import { draftFields, recordModelConfig } from "#app/records/records.ts";
import { DEMO_SETTLEMENT, settlementWith } from "#tests/support/settlement.ts";

type Json = Record<string, unknown> & { fields: Record<string, Record<string, unknown>> };

/** A copy of the demo settlement whose automotive models (or pages) are changed by `edit`. */
function withAutomotive(edit: (models: Json[]) => void, file = "automotive.json"): string {
  const dir = settlementWith();
  const target = path.join(dir, "forms", file);
  const models = JSON.parse(readFileSync(target, "utf8")) as Json[];
  edit(models);
  writeFileSync(target, JSON.stringify(models));
  return dir;
}

function loadError(dir: string): string {
  try {
    loadFormDefinition(dir, "automotive");
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the definition to be refused");
}

describe("form definitions", () => {
  test("the demo settlement defines all four form types", () => {
    const forms = loadFormDefinitions(DEMO_SETTLEMENT);
    expect(Object.keys(forms)).toEqual(["automotive", "reimbursement", "standard", "lookup"]);
    expect(forms.automotive.models.map(modelKey)).toEqual([
      "credentials",
      "claimantInfo",
      "claimDetails",
      "paymentElection",
      "signature",
      "documentContexts",
    ]);
    expect(forms.reimbursement.models.map(modelKey)).toEqual([
      "credentials",
      "claimantInfo",
      "claimDetails",
      "paymentElection",
      "signature",
      "claimTransactions",
      "documentContexts",
    ]);
  });

  test("every field kind, rule and mask appears in the demo forms", () => {
    const forms = Object.values(loadFormDefinitions(DEMO_SETTLEMENT));
    const fields = forms.flatMap((form) => form.models.flatMap((model) => Object.values(model.fields)));
    const components = new Set(fields.map((field) => field.componentName));
    expect([...components].sort()).toEqual([
      "FormFieldCheckbox",
      "FormFieldDate",
      "FormFieldFile",
      "FormFieldHidden",
      "FormFieldRadio",
      "FormFieldSelect",
      "FormFieldText",
    ]);
    const rules = new Set(fields.flatMap((field) => field.validations.map((rule) => rule.type)));
    for (const rule of [
      "required",
      "requiredIf",
      "nestedRequiredIf",
      "requiredIfOtherPropertyMatchesRegex",
      "requireOnePropertyValTrue",
      "maxLength",
      "range",
      "beforeDate",
      "endDate",
      "preventFutureDate",
      "preventFutureShortDate",
      "regularExpression",
      "characterSetRestriction",
      "confirmNone",
      "equalTo",
    ]) {
      expect(rules, rule).toContain(rule);
    }
    const masks = new Set(fields.map((field) => field.maskName));
    for (const mask of [
      "DECIMAL_15PRECISION",
      "CURRENCY_COMMA_DELIMITED",
      "CURRENCY_COMMA_DELIMITED_WITH_DECIMALS",
      "SLASH_DELIMITED_FULL_DATE",
      "USA_PHONE_NUMBER",
      "INTEGER_16",
      "INTERNATIONAL_PHONE_NUMBER",
      "VIN",
      "ZIP_CODE",
      "ZIP_CODE_NON_US",
      "none",
    ]) {
      expect(masks, mask).toContain(mask);
    }
    const blocks = new Set(
      forms.flatMap((form) =>
        Object.values(form.pages).flatMap((page) => JSON.stringify(page.blocks).match(/"kind":"\w+"/g) ?? []),
      ),
    );
    for (const kind of [
      "field",
      "formRow",
      "headerBlock",
      "feedback",
      "labelledValue",
      "nameInput",
      "mailingAddress",
      "confirmation",
      "fieldset",
      "recordsTable",
      "documentManager",
    ]) {
      expect(blocks, kind).toContain(`"kind":"${kind}"`);
    }
    expect(fieldsOfBlocks(forms[0]!.pages["claimant-info"]!.blocks)).toContain("claimantInfo.mailingCountry");
  });

  test("an unknown rule type is refused in SPEC's words, naming file, model and field", () => {
    const dir = withAutomotive((models) => {
      (models[1]!.fields.firstName!.validations as object[]).push({ type: "mustBeNice" });
    });
    expect(loadError(dir)).toContain(
      `${path.join(dir, "forms", "automotive.json")}: model ClaimantInfo, field firstName: at validations.3: No vuelidate unobtrusive adapter found for api validation type: mustBeNice`,
    );
  });

  test("an unregistered mask, a dangling reference and a mismatched key are each named", () => {
    const dir = withAutomotive((models) => {
      models[1]!.fields.lastName!.maskName = "SSN";
      (models[2]!.fields.disposalDate!.validations as Array<Record<string, unknown>>)[1]!.startProperty = "boughtOn";
    });
    expect(loadError(dir)).toMatch(/model ClaimantInfo, field lastName: at maskName: /);
    const second = withAutomotive((models) => {
      (models[2]!.fields.disposalDate!.validations as Array<Record<string, unknown>>)[1]!.startProperty = "boughtOn";
      models[2]!.fields.stillOwn!.key = "stillOwned";
    });
    const message = loadError(second);
    expect(message).toContain(
      'model ClaimDetails, field disposalDate: rule endDate refers to "boughtOn", which is not a field',
    );
    expect(message).toContain('model ClaimDetails, field stillOwn: its key is "stillOwned"');
  });

  test("one metadataHash names one model: two forms giving one hash different models are refused, naming both (issue 24)", () => {
    const dir = withAutomotive((models) => {
      models[1]!.metadataHash = "standard-claimant-info-v1";
    });
    let message = "";
    try {
      loadFormDefinitions(dir);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(
      `${path.join(dir, "forms", "standard.json")}: model ClaimantInfo: its metadataHash "standard-claimant-info-v1" names another model in ${path.join(dir, "forms", "automotive.json")}`,
    );
  });

  test("the server model config must be a non-empty array", () => {
    const dir = settlementWith();
    writeFileSync(path.join(dir, "forms", "automotive.json"), "[]");
    expect(loadError(dir)).toContain("The server model config must be a non-empty array of models");
  });

  test("pages: an unknown field, a header block without its tag, a labelled value without label or icon", () => {
    const dir = settlementWith();
    const file = path.join(dir, "forms", "automotive.pages.json");
    const pages = JSON.parse(readFileSync(file, "utf8"));
    pages["claim-details"].blocks.push({ kind: "field", field: "claimDetails.colour" });
    writeFileSync(file, JSON.stringify(pages));
    expect(loadError(dir)).toContain('claim-details.blocks.10: "claimDetails.colour" is not a field');
    pages["claim-details"].blocks.pop();
    pages["claim-details"].blocks.push(
      { kind: "headerBlock", text: "Heading_Vehicle" },
      { kind: "labelledValue", value: "x" },
    );
    writeFileSync(file, JSON.stringify(pages));
    const message = loadError(dir);
    expect(message).toContain("A header block needs a heading tag");
    expect(message).toContain("Either label or icon must have a value.");
  });

  test("records: a file field with dependencies, two file fields in a model, a minimum read off a records model, too many display fields", () => {
    const documents = (models: Json[]) =>
      models.find((model) => (model.metadata as { dtoMapping: string }).dtoMapping === "DocumentContexts")!;
    const dependent = withAutomotive((models) => {
      documents(models).fields.file!.dependencies = { conditions: [{ field: "documentKind", equals: "other" }] };
      documents(models).fields.scan = { componentName: "FormFieldFile", key: "scan", label: "Scan" };
    });
    const message = loadError(dependent);
    expect(message).toContain(
      "model DocumentContexts, field file: Dependency behavior have not been implemented for the FormFieldFile component.",
    );
    expect(message).toContain("model DocumentContexts: at most one file field per model (SPEC §5); found file, scan");

    const dir = settlementWith();
    const file = path.join(dir, "forms", "automotive.pages.json");
    const pages = JSON.parse(readFileSync(file, "utf8"));
    const manager = pages["supporting-documents"].blocks[0];
    manager.minimumSaved = { field: "documentContexts.size" };
    manager.displayFields = Array.from({ length: 12 }, () => "name");
    writeFileSync(file, JSON.stringify(pages));
    const pageMessage = loadError(dir);
    expect(pageMessage).toContain(
      'the minimum saved count depends on "documentContexts.size", which matches more than one model',
    );
    expect(pageMessage).toContain(
      "a display-only row shows at most 11 fields beside its edit/delete buttons; it lists 12",
    );
  });

  test("records: a grid without field ordering warns the developer and sorts its fields alphabetically", () => {
    const dir = settlementWith();
    const file = path.join(dir, "forms", "reimbursement.pages.json");
    const pages = JSON.parse(readFileSync(file, "utf8"));
    delete pages["supporting-documents"].blocks[0].fields;
    writeFileSync(file, JSON.stringify(pages));
    const logged: LogEntry[] = [];
    const restore = logInto(logged);
    try {
      const definition = loadFormDefinition(dir, "reimbursement");
      const block = definition.pages["supporting-documents"]!.blocks[0] as RecordsBlock;
      expect(draftFields(block, recordModelConfig(definition.models, block)!)).toEqual([
        "amount",
        "description",
        "expenseDate",
      ]);
    } finally {
      restore();
    }
    expect(
      logged
        .filter((entry) => entry.level === "warn")
        .map((entry) => entry.message)
        .join("\n"),
    ).toContain("the records grid of claimTransactions has no field ordering");
  });

  test("a money field without an upper bound warns the developer, naming the file, model and field; so does a field a dependency makes money", () => {
    const warnings = (dir: string) => {
      const logged: LogEntry[] = [];
      const restore = logInto(logged);
      try {
        loadFormDefinition(dir, "automotive");
      } finally {
        restore();
      }
      return logged
        .filter((entry) => entry.level === "warn" && entry.message.includes("money"))
        .map((entry) => entry.message);
    };
    expect(warnings(DEMO_SETTLEMENT)).toEqual([]);
    const dir = withAutomotive((models) => {
      const details = models[2]!.fields;
      details.repairCostEstimate!.validations = [{ type: "required" }];
      // Money only while the vehicle is owned: still money, still needs its bound.
      details.towingCost = {
        componentName: "FormFieldText",
        key: "towingCost",
        label: "Towing",
        dependencies: {
          conditions: [{ field: "ownershipType", equals: "owned" }],
          maskOverride: "CURRENCY_COMMA_DELIMITED_WITH_DECIMALS",
        },
      };
      // One with its maximum is not named.
      details.rentalCost = {
        componentName: "FormFieldText",
        key: "rentalCost",
        label: "Rental",
        maskName: "CURRENCY_COMMA_DELIMITED",
        validations: [{ type: "range", min: 0, max: 5000 }],
      };
    });
    const file = path.join(dir, "forms", "automotive.json");
    expect(warnings(dir)).toEqual([
      `${file}: model ClaimDetails, field repairCostEstimate: a money field with no upper bound; add a "range" rule with a "max"`,
      `${file}: model ClaimDetails, field towingCost: a money field with no upper bound; add a "range" rule with a "max"`,
    ]);
  });
});
