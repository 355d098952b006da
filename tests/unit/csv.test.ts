import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseClassMembers } from "#app/claimants/class-members.server.ts";
import { CSV_FILE_START, CsvFormatError, csvLine, parseCsv, parseCsvRows } from "#app/claimants/csv.ts";

const HEADER = "ClaimId,Pin,VIN,FirstName,LastName";

describe("the class-member list as operators save it", () => {
  test("a file saved as Excel's 'CSV UTF-8' (with a byte-order mark) is read, accents and all", () => {
    const members = parseClassMembers(`\uFEFF${HEADER}\r\n10000001,123456,,Ana,García\r\n`, "class-members.csv");
    expect(members.byClaimId.get("10000001")?.prepopulated).toEqual({ FirstName: "Ana", LastName: "García" });
  });

  test("an unterminated quote is refused with the line where it opens, not folded into one member", () => {
    const text = `${HEADER}\n10000001,123456,,Ana,García\n10000002,654321,,"Bo,Lee\n10000003,111222,,Carmen,Ruiz\n10000004,333444,,Dev,Patel\n`;
    expect(() => parseClassMembers(text, "class-members.csv")).toThrow(
      /^class-members\.csv: line 3: a field opens a quote \("\) that is never closed/,
    );
  });

  test("a row with more or fewer columns than the header is refused with its line", () => {
    expect(() =>
      parseClassMembers(`${HEADER}\n10000001,123456,,Ana,García\n10000002,654321,,Bo,Lee,extra\n`, "members.csv"),
    ).toThrow(/^members\.csv: line 3: this row has a different number of columns than the header/);
  });

  test("the line named is the one an editor shows: blank lines and line breaks inside quoted fields count, a CRLF once", () => {
    // Lines: 1 header, 2 Ana, 3 blank, 4 blank, 5 Bo with the quote that never closes.
    expect(() =>
      parseClassMembers(
        `${HEADER}\n10000001,123456,,Ana,García\n\n\n10000002,654321,,"Bo,Lee\n10000003,111222,,Carmen,Ruiz\n`,
        "m.csv",
      ),
    ).toThrow(/^m\.csv: line 5: a field opens a quote/);
    // Excel ends rows with CRLF; a cell of two lines (line 2 to 3) does not shift the lines after it.
    const twoLineName = `${HEADER}\r\n10000001,123456,,"Ana\r\nMaría",García\r\n`;
    expect(() => parseClassMembers(`${twoLineName}10000002,654321,,"Bo,Lee\r\n`, "m.csv")).toThrow(
      /^m\.csv: line 4: a field opens a quote/,
    );
    expect(() => parseClassMembers(`${twoLineName}10000002,654321,,Bo,Lee,extra\r\n`, "m.csv")).toThrow(
      /^m\.csv: line 4: this row has a different number of columns/,
    );
    expect(() => parseClassMembers(`${twoLineName}10000002,654321,,B"o,Lee\r\n`, "m.csv")).toThrow(
      /^m\.csv: line 4: a quote/,
    );
    expect(() => parseClassMembers(`${HEADER}\r\n10000001,123456,,"Ana\r\nMaría",Gar"cía\r\n`, "m.csv")).toThrow(
      /^m\.csv: line 3: a quote/,
    );
    // A row is named by the line it starts on, where its Claim ID is.
    expect(() => parseClassMembers(`${HEADER}\n1234,123456,,"Ana\nMaría",García\n`, "m.csv")).toThrow(
      "m.csv: line 2: ClaimId must be 8 digits and Pin 6 digits",
    );
  });

  test("a quote in the middle of a field is refused with its line; rule errors name their line too", () => {
    expect(() => parseClassMembers(`${HEADER}\n10000001,123456,,An"a,García\n`, "m.csv")).toThrow(
      /^m\.csv: line 2: a quote/,
    );
    expect(() => parseClassMembers(`${HEADER}\n10000001,123456,,Ana,García\n\n1234,12,,Bo,Lee\n`, "m.csv")).toThrow(
      "m.csv: line 4: ClaimId must be 8 digits and Pin 6 digits",
    );
  });
});

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

describe("VINs in the class-member list", () => {
  test("a VIN must be 17 letters and digits without I, O or Q; lower case is read as upper; members may share one", () => {
    expect(() => parseClassMembers(`${HEADER}\n10000001,123456,1HGCM82633A00435,Ana,García\n`, "m.csv")).toThrow(
      "m.csv: line 2: VIN must be 17 letters and digits, without I, O or Q (or empty)",
    );
    const members = parseClassMembers(
      `${HEADER}\n10000001,123456,1hgcm82633a004352,Ana,García\n10000002,654321,1HGCM82633A004352,Bo,Lee\n`,
      "m.csv",
    );
    expect([...members.byClaimId.values()].map((member) => member.vin)).toEqual([
      "1HGCM82633A004352",
      "1HGCM82633A004352",
    ]);
  });
});
