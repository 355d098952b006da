import { expect, test } from "vitest";
import { backStep, flowSteps, nextStep } from "#app/forms/steps.ts";
import type { PageDefinition, StepName } from "#app/forms/page-schema.ts";

const page = (skipped = false): PageDefinition => ({ title: "t", skipped, enableTimeout: true, blocks: [] });

test("SPEC §4: pages flagged skipped are bypassed by next and back, also from the skipped page itself", () => {
  const pages: Partial<Record<StepName, PageDefinition>> = {
    index: page(),
    "claimant-info": page(),
    "claim-details": page(),
    "payment-election": page(true),
    "supporting-documents": page(),
    "claim-summary": page(),
    confirmation: page(),
  };
  expect(flowSteps({ pages })).toEqual([
    "index",
    "claimant-info",
    "claim-details",
    "supporting-documents",
    "claim-summary",
    "confirmation",
  ]);
  expect(nextStep({ pages }, "claim-details")).toBe("supporting-documents");
  expect(nextStep({ pages }, "payment-election")).toBe("supporting-documents");
  expect(backStep({ pages }, "supporting-documents")).toBe("claim-details");
  expect(backStep({ pages }, "index")).toBeUndefined();
  expect(nextStep({ pages }, "confirmation")).toBeUndefined();
});
