import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { CSV_FILE_START, CsvFormatError, csvLine, parseCsv, parseCsvRows } from "#app/claimants/csv.ts";

describe("CSV read and written", () => {
  test("line ends may be CRLF, LF or CR, mixed; blank lines are skipped; rows know their lines", () => {
    expect(parseCsvRows("a,b\n1,2\r\n\r\n3,4\r5,6")).toEqual([
      { fields: ["a", "b"], line: 1 },
      { fields: ["1", "2"], line: 2 },
      { fields: ["3", "4"], line: 4 },
      { fields: ["5", "6"], line: 5 },
    ]);
    expect(() => parseCsv('a\n"b')).toThrow(CsvFormatError);
  });

  test("an export file starts with a byte-order mark; a value a spreadsheet would run is defused", () => {
    expect(CSV_FILE_START).toBe("\uFEFF");
    expect(csvLine(["=HYPERLINK(1)", "+1", "-2", "@x", "ok", null, 3, true])).toBe(
      "'=HYPERLINK(1),'+1,'-2,'@x,ok,,3,true\r\n",
    );
    expect(csvLine(["a,b", 'say "hi"', "two\nlines"])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
  });

  test("any table written line by line reads back exactly, but for the apostrophe that defuses a formula (fast-check)", () => {
    const tricky = fc.constantFrom(
      ",",
      '"',
      "\n",
      "\r",
      "\r\n",
      " ",
      "é",
      "ñ",
      "€",
      "'",
      "=",
      "+",
      "-",
      "@",
      "\t",
      "\uFEFF",
    );
    const cell = fc.string({ unit: fc.oneof(tricky, fc.string({ minLength: 1, maxLength: 1 })), maxLength: 12 });
    const table = fc
      .integer({ min: 1, max: 5 })
      .chain((width) =>
        fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 6 }),
      );
    const defused = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
    fc.assert(
      fc.property(table, (rows) => {
        expect(parseCsv(CSV_FILE_START + rows.map((row) => csvLine(row)).join(""))).toEqual(
          rows.map((row) => row.map(defused)),
        );
      }),
      { numRuns: 300 },
    );
  });
});
