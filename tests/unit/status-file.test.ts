import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { stringify } from "csv-stringify/sync";
import { parseCsvRows } from "#app/claimants/csv.ts";
import { CLAIM_STATUSES, PAYMENT_METHODS, STATUSES_WITH_REASON } from "#app/claims/claim-status.ts";
import { checkStatusRow, STATUS_COLUMNS, type StatusRowContext } from "#app/operator/status-file.ts";
import type { NewClaimStatus } from "#app/storage/store.ts";

const CONTEXT: StatusRowContext = { reasonCodes: new Set(["PROOF", "W9"]), today: "2026-06-30" };
const HEADER = [...STATUS_COLUMNS];
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

const code = fc
  .tuple(
    fc.constantFrom("STD", "AUT", "REI"),
    ...Array.from({ length: 3 }, () => fc.string({ unit: fc.constantFrom(...ALPHABET), minLength: 4, maxLength: 4 })),
  )
  .map((parts) => parts.join("-"));
const day = fc
  .date({ min: new Date("2024-01-01T00:00:00Z"), max: new Date("2026-06-30T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
/** Free text an administrator writes: any characters but control ones, with commas, quotes and line breaks, and no long number. */
const reasonText = fc
  .string({ unit: fc.constantFrom(..."abc XYZ,\"'\n\r;ñé-.1"), minLength: 1, maxLength: 80 })
  .filter((text) => text.trim() !== "" && !/\d(?:[\s-]?\d){7,}/.test(text));

/** A status a good file may hold. */
const goodStatus: fc.Arbitrary<NewClaimStatus> = fc
  .record({
    referenceCode: code,
    status: fc.constantFrom(...CLAIM_STATUSES),
    date: day,
    reason: fc.oneof(
      fc.constantFrom("PROOF", "W9").map((value) => ({ code: value })),
      reasonText.map((text) => ({ text })),
    ),
    dueDays: fc.integer({ min: 0, max: 400 }),
    paymentMethod: fc.constantFrom(...PAYMENT_METHODS),
  })
  .map(({ referenceCode, status, date, reason, dueDays, paymentMethod }) => {
    const withReason = STATUSES_WITH_REASON.includes(status);
    const due = new Date(Date.parse(`${date}T00:00:00Z`) + dueDays * 86_400_000).toISOString().slice(0, 10);
    return {
      referenceCode,
      status,
      date,
      reasonCode: withReason && "code" in reason ? reason.code : null,
      reasonText: withReason && "text" in reason ? reason.text.trim() : null,
      dueDate: status === "documents_needed" ? due : null,
      paymentMethod: status === "paid" ? paymentMethod : null,
    };
  });

const cellsOf = (status: NewClaimStatus) => [
  status.referenceCode,
  status.status,
  status.date,
  status.reasonCode,
  status.reasonText,
  status.dueDate,
  status.paymentMethod,
];

/** The statuses file's rows (import-statuses), written as a spreadsheet would and read back. */
describe("a statuses file, row by row (property-based)", () => {
  test("every good status saved as CSV (quoted where it must be) reads back as itself, on its own line", () => {
    fc.assert(
      fc.property(fc.array(goodStatus, { minLength: 1, maxLength: 20 }), (statuses) => {
        // As a spreadsheet saves it (not the export's csvLine, which defuses formulas with an apostrophe).
        const text = stringify([HEADER, ...statuses.map(cellsOf)], {
          record_delimiter: "\r\n",
          quoted_match: /[\r\n]/,
        });
        const [header, ...rows] = parseCsvRows(text, { sameLength: false });
        expect(rows).toHaveLength(statuses.length);
        rows.forEach((row, index) => {
          expect(checkStatusRow(header!.fields, row.fields, CONTEXT)).toEqual({ status: statuses[index] });
        });
        // Lines count the line breaks inside quoted reasons: each row starts where it is in the file.
        const starts = rows.map((row) => row.line);
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
      }),
      { numRuns: 200 },
    );
  });

  test("any row at all is a status or has problems to tell, never an exception", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { minLength: 0, maxLength: 9 }), (cells) => {
        const checked = checkStatusRow(HEADER, cells, CONTEXT);
        if ("problems" in checked) expect(checked.problems.length).toBeGreaterThan(0);
        else expect(checked.status.referenceCode).toMatch(/^[A-Z]{3}-/);
      }),
      { numRuns: 500 },
    );
  });

  test("a reason text never carries a long number to a claimant's page", () => {
    fc.assert(
      fc.property(goodStatus, fc.bigInt({ min: 10_000_000n, max: 10n ** 17n }), (status, account) => {
        const cells = cellsOf({ ...status, status: "denied", reasonCode: null, reasonText: `paid to ${account}` });
        const checked = checkStatusRow(
          HEADER,
          cells.map((cell) => cell ?? ""),
          CONTEXT,
        );
        expect("problems" in checked && checked.problems.join(" ")).toContain("8 digits or more");
      }),
      { numRuns: 100 },
    );
  });
});
