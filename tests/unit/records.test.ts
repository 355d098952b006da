import { describe, expect, test } from "vitest";
import { createTranslate } from "#app/i18n/i18n.ts";
import { loadFormDefinition } from "#app/forms/form-definitions.server.ts";
import { recordsProblems } from "#app/records/record-actions.server.ts";
import { recordsViews } from "#app/records/records-view.server.ts";
import { DEMO_SETTLEMENT } from "#tests/support/settlement.ts";
import { CLIENT_ID_PATTERN, formatBytes, minimumSaved, newClientId } from "#app/records/records.ts";
import type { PageDefinition, RecordsBlock } from "#app/forms/page-schema.ts";
import type { RecordEntry } from "#app/storage/store.ts";
import en from "../../locales/en.json" with { type: "json" };

const text = createTranslate({ ...en, Legend: "Expenses" });
const block = (overrides: Partial<RecordsBlock>): RecordsBlock => ({
  kind: "recordsTable",
  model: "claimTransactions",
  legend: "Legend",
  itemLabel: "Item {0}",
  minimumSaved: 0,
  required: false,
  beginDraftOnLoad: false,
  allowDelete: true,
  allowEdit: false,
  ...overrides,
});
const page = (...blocks: RecordsBlock[]): PageDefinition => ({
  title: "t",
  skipped: false,
  enableTimeout: true,
  blocks,
});
const saved = (count: number): RecordEntry[] =>
  Array.from({ length: count }, (_, index) => ({ clientId: `txn-aaaaaaa${index}`, status: "saved", fields: {} }));

describe("records (SPEC §4, §5)", () => {
  test("client ids are a prefix and 8 random characters", () => {
    const ids = Array.from({ length: 50 }, () => newClientId("claimTransactions"));
    expect(ids.every((id) => CLIENT_ID_PATTERN.test(id) && id.startsWith("txn-"))).toBe(true);
    expect(new Set(ids).size).toBe(50);
    expect(newClientId("documentContexts")).toMatch(/^doc-[a-z2-9]{8}$/);
  });

  test("the minimum saved count: a number, or the number answered in a field (default 0)", () => {
    expect(minimumSaved(2, {})).toBe(2);
    expect(minimumSaved({ field: "claimDetails.repairVisits" }, { claimDetails: { repairVisits: "3" } })).toBe(3);
    expect(minimumSaved({ field: "claimDetails.repairVisits" }, { claimDetails: { repairVisits: "1,200" } })).toBe(
      1200,
    );
    expect(minimumSaved({ field: "claimDetails.repairVisits" }, { claimDetails: { repairVisits: null } })).toBe(0);
    expect(minimumSaved({ field: "claimDetails.repairVisits" }, {})).toBe(0);
  });

  test("continuing needs each list's minimum, and a saved document where documents are required", () => {
    const table = block({ minimumSaved: { field: "claimDetails.repairVisits" } });
    const manager = block({ kind: "documentManager", model: "documentContexts", required: true });
    const models = { claimDetails: { repairVisits: "2" } };
    expect(recordsProblems(page(table, manager), { models, records: { claimTransactions: saved(1) } }, text)).toEqual({
      claimTransactions: "Expenses: add at least 2 before you continue.",
      documentContexts: "Provide documentation",
    });
    const drafts: RecordEntry[] = [{ clientId: "doc-aaaaaaaa", status: "draft", fields: {} }];
    expect(
      recordsProblems(
        page(table, manager),
        { models, records: { claimTransactions: saved(2), documentContexts: drafts } },
        text,
      ),
    ).toEqual({ documentContexts: "Provide documentation" });
    expect(
      recordsProblems(
        page(table, manager),
        { models, records: { claimTransactions: saved(2), documentContexts: [{ ...drafts[0]!, status: "saved" }] } },
        text,
      ),
    ).toEqual({});
  });

  test("sizes for people, in 1024s as the limits count", () => {
    expect(formatBytes(512, "en")).toBe("512 B");
    expect(formatBytes(200_000, "en")).toBe("195.3 KB");
    expect(formatBytes(10 * 1024 * 1024, "en")).toBe("10 MB");
    expect(formatBytes(1536 * 1024, "es")).toBe("1,5 MB");
  });
});

describe("a saved record's row", () => {
  test('reads a blank optional answer as "Not given" (left blank on purpose), not "Not answered yet"', () => {
    const definition = loadFormDefinition(DEMO_SETTLEMENT, "reimbursement");
    const documentsPage = definition.pages["supporting-documents"]!;
    const [expenses] = recordsViews(
      definition,
      documentsPage,
      {
        claimTransactions: [
          {
            clientId: "txn-aaaaaaaa",
            status: "saved",
            fields: { expenseDate: "05/01/2024", description: "", amount: "95.00" },
          },
        ],
      },
      text,
      "en",
      {},
    );
    expect(expenses!.rows[0]!.cells).toContain("Not given");
    expect(expenses!.rows[0]!.cells).not.toContain("Not answered yet");
  });
});
